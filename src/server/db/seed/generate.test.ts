import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY_NAMES } from '../../../lib/catalog';
import { renderArt } from '../../media/art';
import { generateCatalog } from './generate';
import { STORES } from './stores';

describe('generateCatalog', () => {
  const rows = [...generateCatalog(2000, 3)];

  it('yields the asked number of rows, the same for the same seed', () => {
    expect(rows).toHaveLength(2000);
    expect([...generateCatalog(50, 3)]).toEqual(rows.slice(0, 50));
    expect([...generateCatalog(50, 4)][0].id).not.toBe(rows[0].id);
  });

  it('gives unique ids and SKUs that differ from other seeds', () => {
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.sku)).size).toBe(rows.length);
    const other = new Set([...generateCatalog(2000, 4)].map((r) => r.sku));
    expect(rows.some((r) => other.has(r.sku))).toBe(false);
  });

  it('covers every subcategory with varied names, sample stores and drawable images', () => {
    for (const category of CATEGORY_NAMES) {
      for (const subcategory of CATEGORIES[category]) {
        expect(rows.some((r) => r.category === category && r.subcategory === subcategory)).toBe(true);
      }
    }
    expect(new Set(rows.map((r) => r.name)).size).toBeGreaterThan(rows.length * 0.9);
    const storeIds = new Set(STORES.map((s) => s.id));
    for (const r of rows.slice(0, 300)) {
      expect(storeIds.has(r.storeId as string)).toBe(true);
      expect(r.priceCents).toBeGreaterThanOrEqual(349);
      expect(r.priceCents).toBeLessThanOrEqual(189_900);
      for (const image of r.images ?? []) expect(renderArt(image.replace('/media/', '')), image).not.toBeNull();
    }
  });
});
