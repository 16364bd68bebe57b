import { describe, expect, it } from 'vitest';
import { MOTIFS } from '../../media/motifs';
import { generateCatalog } from './generate';
import { motifForName } from './motif-for-name';
import { sampleCatalog } from './sample-catalog';

const motifOf = (image: string) => /^\/media\/products\/(.+)-\d+-\d+\.svg$/.exec(image)?.[1];

/** The furniture words a name can say, and the picture each must have (issue 12 item 36). */
const SAYS: [RegExp, string][] = [
  [/\blamp\b/i, 'lamp'],
  [/\b(bookshelf|shelf)\b/i, 'shelf'],
  [/(?<!weight )\bbench\b/i, 'bench'],
  [/\btable\b/i, 'table'],
  [/\bchair\b/i, 'chair'],
  [/\b(headset|headphones|earbuds)\b/i, 'headphones'],
  [/\b(dash cam|reversing camera)\b/i, 'camera'],
];
const expected = (name: string) => SAYS.find(([word]) => word.test(name))?.[1];

describe('sample pictures show what the name says', () => {
  it('names the picture of tables, benches, shelves, chairs and lamps', () => {
    expect(motifForName('Cedar Coffee Table')).toBe('table');
    expect(motifForName('Bamboo Table Lamp')).toBe('lamp');
    expect(motifForName('Verandah Bench in Blue Mahoe')).toBe('bench');
    expect(motifForName('Weight Bench, Foldable')).toBeUndefined();
    expect(motifForName('Samsung Galaxy Tab S9 Tablet')).toBeUndefined();
    for (const motif of ['table', 'bench', 'shelf']) expect(MOTIFS[motif], motif).toBeTypeOf('function');
  });

  it('in the sample catalogue', () => {
    const wrong = sampleCatalog()
      .products.filter((p) => expected(p.name) !== undefined)
      .filter((p) => (p.images ?? []).some((image) => motifOf(image) !== expected(p.name)))
      .map((p) => `${p.name}: ${p.images?.[0]}`);
    expect(wrong).toEqual([]);
  });

  it('in generated catalogues', () => {
    const rows = [...generateCatalog(3000, 5)].filter((p) => expected(p.name) !== undefined);
    expect(rows.length).toBeGreaterThan(20);
    const wrong = rows
      .filter((p) => (p.images ?? []).some((image) => motifOf(image) !== expected(p.name)))
      .map((p) => `${p.name}: ${p.images?.[0]}`);
    expect(wrong).toEqual([]);
  });
});
