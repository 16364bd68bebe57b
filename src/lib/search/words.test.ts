import { describe, expect, it } from 'vitest';
import {
  allowedEdits,
  buildVocabulary,
  correction,
  editDistance,
  formatShard,
  nameTier,
  parseShard,
  queryWords,
  shardOf,
  tokenize,
} from './words';

describe('tokenize and queryWords', () => {
  it('lowercases, drops accents and punctuation, keeps apostrophes inside words', () => {
    expect(tokenize("Men's Linen Shirt, Wi-Fi Café")).toEqual(['men', 'linen', 'shirt', 'wi', 'fi', 'cafe']);
  });
  it('gives nothing for a blank query (spec §5)', () => {
    expect(queryWords('   ')).toEqual([]);
    expect(queryWords(' ,.- ')).toEqual([]);
  });
  it('keeps at most 8 words', () => {
    expect(queryWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('editDistance', () => {
  it('counts inserts, deletes, substitutions and swapped neighbours as one edit each', () => {
    expect(editDistance('headphnes', 'headphones', 2)).toBe(1);
    expect(editDistance('neklace', 'necklace', 1)).toBe(1);
    expect(editDistance('nekclace', 'necklace', 1)).toBe(1);
    expect(editDistance('coffee', 'toffee', 1)).toBe(1);
    expect(editDistance('same', 'same', 1)).toBe(0);
  });
  it('stops at max + 1 when further away', () => {
    expect(editDistance('laptop', 'necklace', 1)).toBe(2);
    expect(editDistance('abc', 'abcdef', 1)).toBe(2);
  });
});

describe('correction', () => {
  const vocabulary = new Map([
    ['necklace', 12],
    ['necklaces', 3],
    ['neck', 2],
    ['headphones', 9],
    ['jamaican', 15],
    ['jamaica', 20],
  ]);
  it('corrects a one-letter slip in a word of 4+ letters', () => {
    expect(correction('neklace', vocabulary)).toBe('necklace');
    expect(correction('headphnes', vocabulary)).toBe('headphones');
    expect(correction('jamacan', vocabulary)).toBe('jamaican');
  });
  it('leaves known words, words being typed and short words alone', () => {
    expect(correction('necklace', vocabulary)).toBeUndefined();
    expect(correction('neckl', vocabulary)).toBeUndefined();
    expect(correction('nek', vocabulary)).toBeUndefined();
    expect(allowedEdits('nek')).toBe(0);
  });
  it('gives nothing when no word is close', () => {
    expect(correction('zzqqxx', vocabulary)).toBeUndefined();
  });
  it('prefers the most used word on a tie', () => {
    expect(
      correction(
        'jamaicb',
        new Map([
          ['jamaica', 20],
          ['jamaicn', 1],
        ]),
      ),
    ).toBe('jamaica');
  });
});

describe('vocabulary shards', () => {
  it('splits the catalogue words by first letter with their product counts, and reads them back', () => {
    const shards = buildVocabulary([
      { name: 'Larimar Necklace', category: 'Jewelry', subcategory: 'Necklaces', store: 'Negril Gems', tags: ['gift'] },
      { name: 'Sea Glass Necklace 2', category: 'Jewelry', subcategory: 'Necklaces', store: 'Negril Gems' },
    ]);
    expect(shards.get('n')).toEqual(
      new Map([
        ['necklace', 2],
        ['necklaces', 2],
        ['negril', 2],
      ]),
    );
    expect(shards.has('0')).toBe(false); // numbers alone are not words to correct to
    const n = shards.get('n') ?? new Map();
    expect(parseShard(formatShard(n))).toEqual(n);
    expect(shardOf('9mm')).toBe('0');
    expect(shardOf('élan')).toBe('_');
  });
});

describe('nameTier', () => {
  it('orders exact name, name prefix, every word in the name, a typo in the name, then elsewhere', () => {
    expect(nameTier('Bamboo Toothbrush', 'bamboo toothbrush', ['bamboo', 'toothbrush'])).toBe(0);
    expect(nameTier('Bamboo Toothbrush Set', 'bamboo tooth', ['bamboo', 'tooth'])).toBe(1);
    expect(nameTier('Soft Bamboo Toothbrush', 'toothbrush bamboo', ['toothbrush', 'bamboo'])).toBe(2);
    expect(nameTier('Larimar Necklace', 'neklace', ['necklace'])).toBe(2);
    expect(nameTier('Larimar Necklaces', 'neklaces', ['neklaces'])).toBe(3);
    expect(nameTier('Cowrie Shell Choker', 'necklace', ['necklace'])).toBe(4);
  });
});
