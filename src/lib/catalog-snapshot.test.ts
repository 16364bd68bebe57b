import { describe, expect, it } from 'vitest';
import { desertBoots } from '../../tests/fixtures/variant-product';
import { CatalogSnapshot, placementOf, RELATED_COUNT, searchFilesOf, showsBeyondItsPage } from './catalog-snapshot';
import type { Product, ProductVariant, SellerStore } from './contract/catalog';
import { buildSuggestIndex, suggestSource, termFile } from './search/suggest-index';
import { buildVocabulary, shardOf } from './search/words';

const store = (id: string) =>
  ({ id, name: `Store ${id}`, logo: null, verified: true, location: 'Kingston', user_id: null }) as Product['store'];

let n = 0;
function product(over: Partial<Product> = {}): Product {
  n++;
  return {
    id: `p${String(n).padStart(3, '0')}`,
    name: `Thing ${n}`,
    description: 'A useful thing.',
    price: n,
    compareAtPrice: null,
    discounted: false,
    images: [`/media/products/x-${n}.svg`],
    category: 'Home & Garden',
    subcategory: 'Decor',
    stock: 5,
    store: store('s1'),
    rating: 4,
    reviewCount: 3,
    tags: [],
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    salesCount: n,
    sku: `SKU-${n}`,
    options: [],
    ...over,
  };
}
const stores = [{ id: 's1', name: 'Store s1' } as SellerStore, { id: 's2', name: 'Store s2' } as SellerStore];

describe('CatalogSnapshot', () => {
  const decor = Array.from({ length: 12 }, (_, i) => product({ price: 10 + i }));
  const kitchen = Array.from({ length: 3 }, (_, i) => product({ subcategory: 'Kitchen', price: 5 + i }));
  const phone = product({ category: 'Electronics', subcategory: 'Phones', store: store('s2'), name: 'Smart Phone' });

  it('relates a product to its neighbours in (subcategory, price) order: two cheaper, two dearer, filled at an edge', () => {
    const s = new CatalogSnapshot([...decor, ...kitchen, phone], stores);
    expect(s.relatedTo(decor[5]).map((p) => p.price)).toEqual([13, 14, 16, 17]);
    // The cheapest: four dearer ones.
    expect(s.relatedTo(decor[0]).map((p) => p.price)).toEqual([11, 12, 13, 14]);
    // Alone in its category: nothing.
    expect(s.relatedTo(phone)).toEqual([]);
    for (const p of [...decor, ...kitchen]) {
      const related = s.relatedTo(p);
      expect(related).toHaveLength(RELATED_COUNT);
      expect(related.map((r) => r.id)).not.toContain(p.id);
    }
  });

  it('names every page that shows a product, before and after it moves', () => {
    const s = new CatalogSnapshot([...decor, ...kitchen, phone], stores);
    const target = decor[5];
    const showing = (id: string) =>
      [...decor, ...kitchen].filter((p) => s.relatedTo(p).some((r) => r.id === id)).map((p) => `/product/${p.id}/`);
    const pages = s.pagesShowing(placementOf(target));
    for (const page of showing(target.id)) expect(pages).toContain(page);
    expect(pages).toContain(`/product/${target.id}/`);
    expect(pages).toContain('/seller/s1/');
    expect(pages).toContain('/category/home-garden/');
    expect(pages).toContain('/category/');
    expect(pages).toContain('/products/');
    expect(pages).toContain('/');
    expect(pages).not.toContain('/category/electronics/');
    expect(pages).not.toContain(`/product/${phone.id}/`);

    // A much higher price moves it among other neighbours; both sets are named.
    const before = s.pagesShowing(placementOf(target));
    const moved = { ...target, price: 999 };
    s.setProduct(target.id, moved);
    const after = s.pagesShowing(placementOf(moved));
    for (const page of showing(target.id)) expect(after).toContain(page);
    expect(before).not.toEqual(after);
  });

  it('keeps the suggestion files and vocabulary equal to a fresh index after changes, removals and additions', () => {
    const all = [...decor, ...kitchen, phone];
    const s = new CatalogSnapshot(all, stores);
    s.suggestions('thing'); // builds the search state, so the changes below update it
    const renamed = { ...decor[2], name: 'Mahogany Rocking Chair', salesCount: 500 };
    s.setProduct(renamed.id, renamed);
    s.setProduct(kitchen[0].id, undefined);
    const added = product({ name: 'Rocking Horse', tags: ['toy'] });
    s.setProduct(added.id, added);

    const now = [...all.filter((p) => p.id !== renamed.id && p.id !== kitchen[0].id), renamed, added];
    const fresh = buildSuggestIndex(now.map(suggestSource));
    for (const [word, cards] of fresh) expect(s.suggestions(termFile(word)), word).toEqual(cards);
    expect(s.suggestions('mahogany')?.[0].id).toBe(renamed.id);
    expect(s.suggestions('nosuchword')).toBeUndefined();
    const vocabulary = buildVocabulary(now.map((p) => ({ ...p, store: p.store.name })));
    for (const [shard, words] of vocabulary) expect(s.vocabularyShard(shard)).toEqual(words);
    expect(s.vocabularyShard('?')).toBeUndefined();
    const files = s.allSearchFiles();
    expect(files).toContain('/suggest/rocking.json');
    expect(files).toContain(`/search-words/${shardOf('rocking')}.txt`);
  });

  it('a common word keeps its best 24, in the full index’s order', () => {
    const lamps = Array.from({ length: 60 }, (_, i) =>
      product({
        name: i % 3 ? `Lamp ${i}` : `Shade ${i}`,
        description: 'A lamp for the verandah.',
        salesCount: (i * 7) % 13,
      }),
    );
    const s = new CatalogSnapshot(lamps, stores);
    const fresh = buildSuggestIndex(lamps.map(suggestSource));
    for (const word of ['lamp', 'shade', 'verandah']) expect(s.suggestions(word), word).toEqual(fresh.get(word));
    expect(s.suggestions('lamp')).toHaveLength(24);
  });

  it('a product’s search files are those of its words', () => {
    const files = searchFilesOf(product({ name: 'Ackee Tin', description: 'Canned', tags: ['breakfast'] }));
    expect(files).toContain('/suggest/ackee.json');
    expect(files).toContain('/suggest/canned.json');
    expect(files).toContain('/search-words/a.txt');
    expect(files).toContain('/search-words/b.txt');
    expect(searchFilesOf(undefined).size).toBe(0);
  });

  it('lists the first page of a category, the newest first, with the total', () => {
    const s = new CatalogSnapshot([...decor, ...kitchen, phone], stores);
    const { products, total } = s.listing('home-garden');
    expect(total).toBe(15);
    expect(products[0].id).toBe(kitchen[2].id);
    expect(s.listing('electronics').products.map((p) => p.id)).toEqual([phone.id]);
    expect(s.listing(undefined).total).toBe(16);
    expect(s.storeProducts('s2').map((p) => p.id)).toEqual([phone.id]);
    expect(s.allPages()).toEqual(expect.arrayContaining(['/', '/products/', '/seller/s2/', `/product/${phone.id}/`]));
  });
});

describe('which pages a change of a product with variants touches (issue 30 #5, decision 053)', () => {
  const boots = desertBoots();
  const withVariant = (label: string, change: Partial<ProductVariant>, product: Partial<Product> = {}): Product => ({
    ...boots,
    ...product,
    variants: boots.variants?.map((v) => (v.label === label ? { ...v, ...change } : v)),
  });

  it('a variant selling out while its product stays in stock: only the product page', () => {
    // Size 10 / Brown's last 3 are sold: the product's stock 31 → 28, still in stock.
    expect(showsBeyondItsPage(boots, withVariant('Size 10, Brown', { stock: 0 }, { stock: 28 }))).toBe(false);
    // Size 11 / Black back in stock.
    expect(showsBeyondItsPage(boots, withVariant('Size 11, Black', { stock: 4 }, { stock: 35 }))).toBe(false);
  });

  it("the product's last variant selling out, or its first coming back: the listings too", () => {
    const soldOut = { ...boots, stock: 0, variants: boots.variants?.map((v) => ({ ...v, stock: 0 })) };
    const lastPair = {
      ...soldOut,
      stock: 1,
      variants: soldOut.variants?.map((v, i) => (i === 0 ? { ...v, stock: 1 } : v)),
    };
    expect(showsBeyondItsPage(lastPair, soldOut)).toBe(true);
    expect(showsBeyondItsPage(soldOut, lastPair)).toBe(true);
  });

  it('a variant price that changes the card ("from", its price) reaches the listings; a SKU does not', () => {
    expect(showsBeyondItsPage(boots, withVariant('Size 8, Brown', { price: 99 }))).toBe(true);
    expect(showsBeyondItsPage(boots, withVariant('Size 8, Brown', { sku: 'NEW-SKU' }))).toBe(false);
    expect(showsBeyondItsPage(boots, { ...boots, price: 85 })).toBe(true);
  });

  it('a product appearing or going always does', () => {
    expect(showsBeyondItsPage(undefined, boots)).toBe(true);
    expect(showsBeyondItsPage(boots, undefined)).toBe(true);
  });

  it('the product page of a product with options renders from its variants in the snapshot', () => {
    const snapshot = new CatalogSnapshot([boots], stores);
    expect(snapshot.product(boots.id)?.variants).toHaveLength(8);
    expect(snapshot.pagesShowing(placementOf(boots))).toContain('/product/leather-desert-boots/');
  });
});
