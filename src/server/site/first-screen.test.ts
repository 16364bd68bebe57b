import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { firstScreenImages } from './first-screen';

const dir = mkdtempSync(path.join(tmpdir(), 'yaad-first-screen-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const picture = (name: string, priority: boolean) =>
  `<picture><source type="image/avif" srcSet="/media/${name}.avif?w=240 240w, /media/${name}.avif?w=480 480w" sizes="45vw"/>` +
  `<source type="image/webp" srcSet="/media/${name}.webp?w=240 240w" sizes="45vw"/>` +
  `<img src="/media/${name}.webp?w=480" alt="" loading="${priority ? 'eager' : 'lazy'}" fetchPriority="${priority ? 'high' : 'auto'}"/></picture>`;

describe('firstScreenImages', () => {
  it("takes the AVIF sources of the home and category pages' first priority picture", () => {
    writeFileSync(path.join(dir, 'index.html'), picture('banners/hills-1', true) + picture('banners/hills-2', false));
    mkdirSync(path.join(dir, 'category', 'toys'), { recursive: true });
    writeFileSync(
      path.join(dir, 'category', 'toys', 'index.html'),
      picture('products/kite-3-1', false) + picture('products/ball-4-1', true) + picture('products/kite-5-1', true),
    );
    mkdirSync(path.join(dir, 'product', 'x'), { recursive: true });
    writeFileSync(path.join(dir, 'product', 'x', 'index.html'), picture('products/drum-6-1', true));
    expect(firstScreenImages(dir).sort()).toEqual([
      '/media/banners/hills-1.avif?w=240',
      '/media/banners/hills-1.avif?w=480',
      '/media/products/ball-4-1.avif?w=240',
      '/media/products/ball-4-1.avif?w=480',
    ]);
  });

  it('gives nothing for a folder without pages', () => {
    expect(firstScreenImages(path.join(dir, 'nowhere'))).toEqual([]);
  });
});
