import { MOTIFS } from './motifs';

/**
 * Deterministic SVG art for the sample catalogue (docs/decisions/003-generated-media.md):
 *   products/<motif>-<hue>-<n>.svg   a product "photo"; n = 1..5 varies the composition
 *   logos/<initials>-<hue>.svg       a round store logo
 *   banners/<pattern>-<hue>.svg      a wide store banner
 * The path comes from a URL, so it is matched strictly; anything else gives null.
 */
const HUE = '(0|[1-9]\\d?|[12]\\d\\d|3[0-5]\\d)';
const PRODUCT = new RegExp(`^products/([a-z]+(?:-[a-z]+)*)-${HUE}-([1-5])\\.svg$`);
const LOGO = new RegExp(`^logos/([A-Za-z]{1,3})-${HUE}\\.svg$`);
const BANNER = new RegExp(`^banners/(waves|hills|leaves)-${HUE}\\.svg$`);

export const BANNER_PATTERNS = ['waves', 'hills', 'leaves'] as const;
export type BannerPattern = (typeof BANNER_PATTERNS)[number];

export function renderArt(path: string): string | null {
  if (typeof path !== 'string' || path.length > 80) return null;
  let m = PRODUCT.exec(path);
  if (m) return Object.hasOwn(MOTIFS, m[1]) ? productArt(m[1], Number(m[2]), Number(m[3])) : null;
  m = LOGO.exec(path);
  if (m) return logoArt(m[1].toUpperCase(), Number(m[2]));
  m = BANNER.exec(path);
  if (m) return bannerArt(m[1] as BannerPattern, Number(m[2]));
  return null;
}

/** "#rrggbb" for an HSL colour: shorter than hsl() in the markup, and understood everywhere. */
export function hex(h: number, s: number, l: number): string {
  const sat = s / 100;
  const lig = l / 100;
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    const c = lig - sat * Math.min(lig, 1 - lig) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(c * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

/** The colour classes a drawing may use (see motifs.ts); [colour, opacity]. */
function palette(hue: number): Record<string, [string, number?]> {
  const accent = (hue + 150) % 360;
  return {
    m: [hex(hue, 58, 46)],
    d: [hex(hue, 52, 27)],
    a: [hex(accent, 72, 55)],
    l: [hex(hue, 70, 91)],
    w: ['#fff'],
    k: ['#262a35'],
    g: ['#3f9e4f'],
    e: ['#2a7439'],
    b: ['#8f5b30'],
    n: ['#dcb97f'],
    s: ['#cfd5de'],
    y: ['#e9b53d'],
    t: ['#a8693f'],
    r: ['#d9352b'],
    h: ['#fff', 0.3],
    o: ['#000', 0.16],
  };
}

/** A <style> with only the classes the markup uses. */
function styleFor(markup: string, colours: Record<string, [string, number?]>): string {
  const used = new Set([...markup.matchAll(/class="([a-zA-Z])"/g)].map((x) => x[1]));
  const rules: string[] = [];
  const strokes: string[] = [];
  for (const letter of used) {
    const colour = colours[letter.toLowerCase()];
    if (!colour) continue;
    const [value, alpha] = colour;
    if (letter === letter.toLowerCase()) {
      rules.push(`.${letter}{fill:${value}${alpha ? `;fill-opacity:${alpha}` : ''}}`);
    } else {
      strokes.push(`.${letter}`);
      rules.push(`.${letter}{stroke:${value}${alpha ? `;stroke-opacity:${alpha}` : ''}}`);
    }
  }
  if (strokes.length) rules.unshift(`${strokes.join(',')}{fill:none;stroke-linecap:round;stroke-linejoin:round}`);
  return `<style>${rules.join('')}</style>`;
}

/** The five "shots" of a product: angle, size, position and backdrop. */
const VIEWS = [
  { rotate: 0, scale: 1.5, x: 400, y: 390, backdrop: 'disc', bgShift: 0 },
  { rotate: -8, scale: 1.3, x: 410, y: 400, backdrop: 'tile', bgShift: 28 },
  { rotate: 6, scale: 1.8, x: 430, y: 420, backdrop: 'none', bgShift: -24 },
  { rotate: 0, scale: 1.35, x: 400, y: 440, backdrop: 'table', bgShift: 180 },
  { rotate: 10, scale: 1.35, x: 400, y: 395, backdrop: 'dots', bgShift: 60 },
] as const;

function productArt(motif: string, hue: number, n: number): string {
  const v = VIEWS[n - 1];
  const drawing = MOTIFS[motif]();
  const bg = (hue + v.bgShift + 360) % 360;
  const top = hex(bg, 60, 95);
  const bottom = hex(bg, 48, 86);
  const soft = hex(bg, 55, 98);
  const backdrop = {
    disc: `<circle cx="400" cy="400" r="330" fill="${soft}"/>`,
    tile: `<rect x="100" y="90" width="600" height="620" rx="56" fill="${soft}" transform="rotate(-6 390 390)"/>`,
    none: '',
    table: `<path d="M0 620h800v180H0z" fill="${hex(bg, 30, 78)}"/><path d="M0 620h800v8H0z" fill="${soft}" opacity=".6"/>`,
    dots: [0, 1, 2, 3, 4, 5]
      .map(
        (i) =>
          `<circle cx="${90 + ((i * 137) % 640)}" cy="${80 + ((i * 251) % 640)}" r="${18 + (i % 3) * 14}" fill="${soft}" opacity=".8"/>`,
      )
      .join(''),
  }[v.backdrop];
  const groundY = v.y + 150 * v.scale;
  const shadow = `<ellipse cx="${v.x}" cy="${groundY}" rx="${Math.round(150 * v.scale)}" ry="${Math.round(16 * v.scale)}" fill="#000" opacity=".1"/>`;
  const gradient = `<linearGradient id="bg" x1="0" y1="0" x2="${n % 2 ? 0 : 1}" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800"><defs>${gradient}</defs>${styleFor(drawing, palette(hue))}<rect width="800" height="800" fill="url(#bg)"/>${backdrop}${shadow}<g transform="translate(${v.x} ${v.y}) rotate(${v.rotate}) scale(${v.scale}) translate(-200 -200)">${drawing}</g></svg>`;
}

function logoArt(initials: string, hue: number): string {
  const size = [0, 180, 140, 104][initials.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400"><circle cx="200" cy="200" r="200" fill="${hex(hue, 55, 34)}"/><circle cx="200" cy="200" r="178" fill="none" stroke="${hex((hue + 40) % 360, 80, 62)}" stroke-width="8"/><path d="M44 250a160 160 0 0 0 312 0" fill="none" stroke="#fff" stroke-opacity=".15" stroke-width="6"/><text x="200" y="200" dy=".35em" text-anchor="middle" font-family="system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif" font-weight="700" font-size="${size}" letter-spacing="2" fill="#fff">${initials}</text></svg>`;
}

function bannerArt(pattern: BannerPattern, hue: number): string {
  const c = (l: number, s = 50, shift = 0) => hex((hue + shift + 360) % 360, s, l);
  const sun = (x: number) =>
    `<circle cx="${x}" cy="120" r="96" fill="#fde9a8" opacity=".5"/><circle cx="${x}" cy="120" r="64" fill="#f7c948"/>`;
  const shapes: Record<BannerPattern, string> = {
    waves: `${sun(1300)}${[0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M0 ${200 + i * 50}q100-${40 - i * 6} 200 0t200 0 200 0 200 0 200 0 200 0 200 0 200 0V400H0z" fill="${c(62 - i * 10, 55)}"/>`,
      )
      .join('')}`,
    hills: `${sun(320)}<path d="M0 250c220-170 420-170 640-30s380 120 560-40 300-120 400-40v260H0z" fill="${c(60, 40)}"/><path d="M0 310c260-120 520-110 800-10s520 70 800-30v130H0z" fill="${c(46, 45)}"/><path d="M0 350c300-60 560-50 800 0s520 40 800-10v60H0z" fill="${c(34, 50)}"/>`,
    leaves: Array.from({ length: 12 }, (_, i) => {
      const x = 50 + i * 136;
      const y = 60 + ((i * 97) % 260);
      const angle = ((i * 53) % 120) - 60;
      return `<g transform="translate(${x} ${y}) rotate(${angle})"><path d="M0 0c40-52 120-52 160 0-40 52-120 52-160 0z" fill="${c(36 + (i % 4) * 9, 45, (i % 3) * 12 - 12)}"/><path d="M8 0h140" stroke="${c(85, 40)}" stroke-width="3" opacity=".5"/></g>`;
    }).join(''),
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 400" width="1600" height="400" preserveAspectRatio="xMidYMid slice"><defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c(90, 60)}"/><stop offset="1" stop-color="${c(76, 45)}"/></linearGradient></defs><rect width="1600" height="400" fill="url(#bg)"/>${shapes[pattern]}</svg>`;
}
