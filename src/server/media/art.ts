import { MOTIFS } from './motifs';

/**
 * Deterministic SVG art for the sample catalogue (docs/decisions/003-generated-media.md):
 *   products/<motif>-<hue>-<n>.svg   a product "photo", n = 1..5 varies the composition
 *   logos/<initials>-<hue>.svg       a round store logo
 *   banners/<motif>-<hue>.svg        a wide store banner
 * Anything else gives null. Paths come from URLs, so they are matched strictly.
 */
const PRODUCT = /^products\/([a-z]+)-(\d{1,3})-([1-5])\.svg$/;
const LOGO = /^logos\/([A-Z]{1,3})-(\d{1,3})\.svg$/;
const BANNER = /^banners\/(waves|hills|leaves)-(\d{1,3})\.svg$/;

const hsl = (h: number, s: number, l: number) => `hsl(${h} ${s}% ${l}%)`;

export function renderArt(path: string): string | null {
  let m = PRODUCT.exec(path);
  if (m) {
    const [, motif, hueText, nText] = m;
    const hue = Number(hueText);
    const draw = MOTIFS[motif];
    if (!draw || hue > 359) return null;
    return productArt(draw, hue, Number(nText));
  }
  m = LOGO.exec(path);
  if (m && Number(m[2]) <= 359) return logoArt(m[1], Number(m[2]));
  m = BANNER.exec(path);
  if (m && Number(m[2]) <= 359) return bannerArt(m[1] as 'waves' | 'hills' | 'leaves', Number(m[2]));
  return null;
}

function productArt(draw: (m: string, a: string, l: string) => string, hue: number, n: number): string {
  const accentHue = (hue + 35 + n * 10) % 360;
  const main = hsl(hue, 45, 32);
  const accent = hsl(accentHue, 70, 52);
  const light = hsl(hue, 40, 96);
  const bgTop = hsl((hue + n * 18) % 360, 55, 93);
  const bgBottom = hsl((hue + n * 18) % 360, 45, 83);
  // Each view of the product: a different angle, size and backdrop.
  const views = [
    { rotate: 0, scale: 1.25, disc: [400, 420, 300] },
    { rotate: -12, scale: 1.05, disc: [260, 300, 220] },
    { rotate: 10, scale: 1.4, disc: [540, 520, 260] },
    { rotate: 0, scale: 0.95, disc: [400, 640, 360] },
    { rotate: 18, scale: 1.15, disc: [200, 600, 240] },
  ];
  const v = views[n - 1];
  const [cx, cy, r] = v.disc;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bgTop}"/><stop offset="1" stop-color="${bgBottom}"/></linearGradient></defs><rect width="800" height="800" fill="url(#g)"/><circle cx="${cx}" cy="${cy}" r="${r}" fill="${light}" opacity=".55"/><ellipse cx="400" cy="690" rx="${200 * v.scale}" ry="26" fill="${hsl(hue, 30, 20)}" opacity=".12"/><g transform="translate(400 400) rotate(${v.rotate}) scale(${v.scale}) translate(-200 -200)">${draw(main, accent, light)}</g></svg>`;
}

function logoArt(initials: string, hue: number): string {
  const size = initials.length === 1 ? 190 : initials.length === 2 ? 150 : 112;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><circle cx="200" cy="200" r="200" fill="${hsl(hue, 50, 30)}"/><circle cx="200" cy="200" r="176" fill="none" stroke="${hsl((hue + 40) % 360, 75, 60)}" stroke-width="8"/><text x="200" y="200" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif" font-weight="700" font-size="${size}" fill="#fff">${initials}</text></svg>`;
}

function bannerArt(pattern: 'waves' | 'hills' | 'leaves', hue: number): string {
  const c = (dl: number, s = 45) => hsl(hue, s, 30 + dl);
  const shapes = {
    waves: `<path d="M0 250q200-80 400 0t400 0 400 0 400 0v150H0z" fill="${c(20)}"/><path d="M0 300q200-60 400 0t400 0 400 0 400 0v100H0z" fill="${c(35)}"/><circle cx="1300" cy="110" r="60" fill="${hsl((hue + 40) % 360, 85, 65)}"/>`,
    hills: `<path d="M0 280c300-160 500-160 800 0s500 160 800 0v120H0z" fill="${c(15)}"/><path d="M0 330c250-110 550-110 800 0s550 110 800 0v70H0z" fill="${c(30)}"/><circle cx="300" cy="110" r="55" fill="${hsl((hue + 40) % 360, 85, 65)}"/>`,
    leaves: Array.from({ length: 9 }, (_, i) => {
      const x = 90 + i * 180;
      const y = 120 + (i % 3) * 80;
      return `<path d="M${x} ${y}c60-60 140-60 160 0-60 60-140 60-160 0z" fill="${c(10 + (i % 3) * 12)}" transform="rotate(${((i * 37) % 60) - 30} ${x + 80} ${y})"/>`;
    }).join(''),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 400" width="1600" height="400" preserveAspectRatio="xMidYMid slice"><rect width="1600" height="400" fill="${c(48, 40)}"/>${shapes[pattern]}</svg>`;
}
