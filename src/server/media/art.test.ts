import { describe, expect, it } from 'vitest';
import { BANNER_PATTERNS, hex, renderArt } from './art';
import { MOTIF_NAMES } from './motifs';

describe('renderArt', () => {
  it('draws every motif in all five views as small, self-contained SVG', () => {
    expect(MOTIF_NAMES.length).toBeGreaterThanOrEqual(40);
    for (const motif of MOTIF_NAMES) {
      for (const n of [1, 2, 3, 4, 5]) {
        for (const hue of [0, 137, 359]) {
          const svg = renderArt(`products/${motif}-${hue}-${n}.svg`);
          const where = `${motif}-${hue}-${n}`;
          expect(svg, where).toMatch(
            /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 800"[^>]*>.*<\/svg>$/s,
          );
          expect(svg?.length, where).toBeLessThan(3000);
          expect(svg, where).not.toMatch(/<text|<image|href=|url\((?!#)|NaN|undefined/);
          // Every class a drawing uses has a colour.
          for (const [, letter] of svg?.matchAll(/class="(\w)"/g) ?? [])
            expect(svg, `${where} .${letter}`).toContain(`.${letter}{`);
        }
      }
    }
  });

  it('is deterministic and varies the views of one product', () => {
    expect(renderArt('products/phone-210-1.svg')).toBe(renderArt('products/phone-210-1.svg'));
    const views = new Set([1, 2, 3, 4, 5].map((n) => renderArt(`products/phone-210-${n}.svg`)));
    expect(views.size).toBe(5);
    expect(renderArt('products/phone-210-1.svg')).not.toBe(renderArt('products/phone-30-1.svg'));
  });

  it('draws logos with one to three letters and banners in every pattern', () => {
    const logo = renderArt('logos/HWT-212.svg');
    expect(logo).toContain('viewBox="0 0 400 400"');
    expect(logo).toContain('>HWT</text>');
    expect(renderArt('logos/bm-25.svg')).toContain('>BM</text>');
    for (const pattern of BANNER_PATTERNS) {
      const banner = renderArt(`banners/${pattern}-190.svg`);
      expect(banner).toContain('viewBox="0 0 1600 400"');
      expect(banner?.length).toBeLessThan(4000);
    }
  });

  it.each([
    'products/phone-210-0.svg',
    'products/phone-210-6.svg',
    'products/phone-360-1.svg',
    'products/phone-010-1.svg',
    'products/phone--1-1.svg',
    'products/unicorn-10-1.svg',
    'products/constructor-10-1.svg',
    'products/__proto__-10-1.svg',
    'products/phone-10-1.png',
    'products/../logos/AB-10.svg',
    '/products/phone-10-1.svg',
    'products/phone-10-1.svg?x',
    'products/Phone-10-1.svg',
    'logos/ABCD-10.svg',
    'logos/A1-10.svg',
    'logos/<b>-10.svg',
    'logos/AB-400.svg',
    'banners/stripes-10.svg',
    'banners/waves-10-1.svg',
    'uploads/anything.svg',
    '',
  ])('gives null for %j', (path) => {
    expect(renderArt(path)).toBeNull();
  });

  it('never throws on strange input', () => {
    for (const input of [undefined, null, 42, {}, 'x'.repeat(10_000)]) {
      expect(renderArt(input as unknown as string)).toBeNull();
    }
  });

  it('converts HSL to hex', () => {
    expect(hex(0, 100, 50)).toBe('#ff0000');
    expect(hex(120, 100, 25)).toBe('#008000');
    expect(hex(240, 100, 50)).toBe('#0000ff');
    expect(hex(0, 0, 100)).toBe('#ffffff');
  });
});
