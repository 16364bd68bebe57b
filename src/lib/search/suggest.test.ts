import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desertBoots } from '../../../tests/fixtures/variant-product';
import { suggestProducts } from './suggest';
import {
  buildSuggestIndex,
  cardOf,
  formatTerm,
  POSTING_CAP,
  parseTerm,
  SUGGEST_BASE,
  type SuggestSource,
  suggestSource,
  termFile,
} from './suggest-index';
import { buildVocabulary, formatShard } from './words';

const product = (id: string, name: string, more: Partial<SuggestSource> = {}): SuggestSource => ({
  id,
  name,
  price: 10,
  image: `/media/${id}.jpg`,
  category: 'Clothing',
  subcategory: 'Shirts',
  store: { id: 'kingston-threads', name: 'Kingston Threads' },
  description: 'Soft cotton.',
  salesCount: 0,
  ...more,
});

// Many popular shirts, so the word "shirt" is capped; one rare linen shirt that sells little.
const catalogue: SuggestSource[] = [
  ...Array.from({ length: POSTING_CAP + 10 }, (_, i) => product(`s${i}`, `Cotton Shirt ${i}`, { salesCount: 100 + i })),
  product('linen', 'Linen Shirt', { salesCount: 1 }),
  product('shirtdress', 'Shirtdress', { salesCount: 5 }),
  product('radio', 'Portable Radio', {
    category: 'Electronics',
    subcategory: 'Audio',
    store: { id: 'mobay-tech', name: 'Mobay Tech' },
    description: 'Works on the Digicel network.',
    salesCount: 3,
  }),
  product('cap', 'Baseball Cap', { description: 'Goes with any shirt.', salesCount: 1000 }),
];

describe('buildSuggestIndex', () => {
  const index = buildSuggestIndex(catalogue);

  it('keeps at most POSTING_CAP products a word, the name before the description, best sellers first', () => {
    const shirt = index.get('shirt') ?? [];
    expect(shirt).toHaveLength(POSTING_CAP);
    expect(shirt[0].id).toBe(`s${POSTING_CAP + 9}`);
    // The best seller of all only has the word in its description: not in the capped list.
    expect(shirt.map((c) => c.id)).not.toContain('cap');
    expect(index.get('linen')?.map((c) => c.id)).toEqual(['linen']);
    expect(index.get('digicel')?.map((c) => c.id)).toEqual(['radio']);
    expect(index.get('mobay')?.map((c) => c.id)).toEqual(['radio']);
  });

  it('writes compact files that read back the same', () => {
    const cards = index.get('radio') ?? [];
    expect(parseTerm(formatTerm(cards))).toEqual(cards);
  });

  it('names files safely', () => {
    expect(termFile('shirt')).toBe('shirt');
    expect(termFile("o'neil")).toBe('_6f276e65696c');
    expect(termFile('café')).toBe('_636166c3a9');
  });
});

describe('suggestProducts', () => {
  const fetched: string[] = [];
  beforeAll(() => {
    const index = buildSuggestIndex(catalogue);
    const vocabulary = buildVocabulary(catalogue.map((p) => ({ ...p, store: p.store.name })));
    const files = new Map<string, string>();
    for (const [word, cards] of index) files.set(`${SUGGEST_BASE}${termFile(word)}.json`, formatTerm(cards));
    for (const [shard, words] of vocabulary) files.set(`/search-words/${shard}.txt`, formatShard(words));
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      const body = files.get(url);
      return new Response(body ?? 'not found', { status: body === undefined ? 404 : 200 });
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('finds a product outside a capped list through the rarer word', async () => {
    const { hits } = await suggestProducts('linen shirt');
    expect(hits[0].name).toBe('Linen Shirt');
  });

  it('ranks the name before a word only the description has, and shows at most 5', async () => {
    const { hits, total } = await suggestProducts('shirt');
    expect(hits).toHaveLength(5);
    expect(total).toBeGreaterThan(5);
    expect(hits.map((h) => h.id)).not.toContain('cap');
  });

  it('completes the word being typed and corrects typos', async () => {
    expect((await suggestProducts('portable rad')).hits.map((h) => h.id)).toEqual(['radio']);
    expect((await suggestProducts('portible')).hits.map((h) => h.id)).toEqual(['radio']);
    expect((await suggestProducts('shirtd')).hits.map((h) => h.id)).toEqual(['shirtdress']);
  });

  it('finds description words, stores and categories; nothing for unknown words or a blank query', async () => {
    expect((await suggestProducts('digicel')).hits.map((h) => h.id)).toEqual(['radio']);
    expect((await suggestProducts('mobay tech')).hits.map((h) => h.id)).toEqual(['radio']);
    expect((await suggestProducts('electronics')).hits.map((h) => h.id)).toEqual(['radio']);
    expect((await suggestProducts('zzqqxx')).hits).toEqual([]);
    fetched.length = 0;
    expect(await suggestProducts('   ')).toEqual({ total: 0, hits: [] });
    expect(fetched).toEqual([]);
  });

  it('fails as unavailable when a file cannot be fetched', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('offline');
    });
    await expect(suggestProducts('cotton')).rejects.toThrow('The search index could not be loaded');
  });
});

describe('a product sold in sizes and colours (issue 30 #5)', () => {
  const boots = {
    ...suggestSource(desertBoots()),
    salesCount: 2,
  };
  const plain = product('suede', 'Suede Desert Boots', { category: 'Clothing', subcategory: 'Shoes' });
  const files = new Map<string, string>();
  beforeAll(() => {
    const all = [...catalogue, boots, plain];
    for (const [word, cards] of buildSuggestIndex(all))
      files.set(`${SUGGEST_BASE}${termFile(word)}.json`, formatTerm(cards));
    for (const [shard, words] of buildVocabulary(
      all.map((p) => ({ ...p, store: p.store.name, options: desertBoots().options })),
    ))
      files.set(`/search-words/${shard}.txt`, formatShard(words));
    vi.stubGlobal('fetch', async (url: string) => {
      const body = files.get(url);
      return new Response(body ?? 'not found', { status: body === undefined ? 404 : 200 });
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('is found by its option values, once: "boots size 10" is the leather boots and not the suede ones', async () => {
    const { hits } = await suggestProducts('boots size 10');
    expect(hits.map((h) => h.id)).toEqual(['leather-desert-boots']);
    expect((await suggestProducts('desert boots brown')).hits.map((h) => h.id)).toEqual(['leather-desert-boots']);
    expect((await suggestProducts('desert boots')).hits.map((h) => h.id).sort()).toEqual([
      'leather-desert-boots',
      'suede',
    ]);
  });

  it('keeps its options in the compact file, and a product without options as it was', () => {
    const [card] = parseTerm(formatTerm([cardOf(boots)]));
    expect(card.options).toBe('Size 8 9 10 11 Colour Brown Black');
    expect(JSON.parse(formatTerm([cardOf(plain)]))[0]).toHaveLength(8);
  });
});
