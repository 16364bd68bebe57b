/**
 * The catalogue as the static pages see it (docs/decisions/008-incremental-publishing.md): every
 * product and store, read once through the API, kept in memory by the publisher and changed one
 * product at a time. Pages render from it, and it answers which pages show a product, so a change
 * re-renders only those. Pure: no I/O.
 */
import { CATEGORY_NAMES, type Category, categorySlug, resolveCategoryFilter, SHOPPING_AREAS } from './catalog';
import type { Product, SellerStore } from './contract/catalog';
import { HOME_COUNTS, homeBestSellers } from './home';
import { sortProducts } from './listing';
import { type OptionFacet, optionFacets } from './option-facets';
import {
  cardOf,
  fileTerm,
  POSTING_CAP,
  type Posting,
  productWords,
  type SuggestCard,
  suggestSource,
  termFile,
  topCards,
} from './search/suggest-index';
import { SHARDS, shardOf, type Vocabulary, vocabularyWords } from './search/words';

/** Products a category page (and /products) renders before its island takes over. */
export const LISTING_FIRST_PAGE = 24;
/** Products a seller page lists; the rest are one click away on the listing filtered by the store. */
export const SELLER_PAGE_PRODUCTS = 48;
/** Related products under a product page. */
export const RELATED_COUNT = 4;

/** Where a product sits, which decides the pages that show it. */
export type Placement = { id: string; category: string; subcategory: string; price: number; storeId: string };

export const placementOf = (p: Product): Placement => ({
  id: p.id,
  category: p.category,
  subcategory: p.subcategory,
  price: p.price,
  storeId: p.store.id,
});

/**
 * What every page but a product's own shows of it (its card on listings, home, its seller's page
 * and its neighbours' related blocks) and what orders it there. Stock is only in or out: a count
 * is the live refresh's (decision 008), so a variant selling out while others of its product are
 * left changes nothing here (decision 053). Sales are not in it either: they never publish.
 */
function listedView(p: Product): string {
  const prices = p.options.length > 0 ? [...new Set((p.variants ?? []).map((v) => v.price))].sort() : [];
  return JSON.stringify([
    p.name,
    p.description,
    p.price,
    p.compareAtPrice,
    p.discounted,
    p.images,
    p.category,
    p.subcategory,
    p.stock > 0,
    p.store,
    p.rating,
    p.reviewCount,
    p.createdAt,
    p.options,
    prices,
  ]);
}

/**
 * Whether a change of a product shows beyond its own page: its arrival or removal, or a change of
 * its card or place (listedView). When not (a variant's stock crossing zero while its product
 * stays in stock, a variant's SKU), the publisher renders only the product's page and search files.
 */
export function showsBeyondItsPage(before: Product | undefined, after: Product | undefined): boolean {
  if (!before || !after) return true;
  return listedView(before) !== listedView(after);
}

/**
 * Related products are the neighbours of a product within its category, in (subcategory, price,
 * id) order: the same kind of thing at a similar price. Unlike "the newest of the category", a
 * change to one product moves only the blocks of its few neighbours, so it never re-renders the
 * whole category's pages.
 */
const relatedOrder = (a: Placement, b: Placement) =>
  a.subcategory.localeCompare(b.subcategory) || a.price - b.price || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Every category page path: all categories, each category, each shopping area. */
export function categoryPaths(): string[] {
  return [
    '/category/',
    ...CATEGORY_NAMES.map((c) => `/category/${categorySlug(c)}/`),
    ...Object.keys(SHOPPING_AREAS).map((s) => `/category/${s}/`),
  ];
}

/** The category pages that list a product of this category. */
function categoryPagesOf(category: string): string[] {
  const paths = ['/category/', `/category/${categorySlug(category)}/`];
  for (const [slug, area] of Object.entries(SHOPPING_AREAS)) {
    if ((area.categories as readonly string[]).includes(category)) paths.push(`/category/${slug}/`);
  }
  return paths;
}

export class CatalogSnapshot {
  private readonly products = new Map<string, Product>();
  private readonly stores = new Map<string, SellerStore>();
  /** Sorted views, rebuilt lazily after a change (a sort of one category is a few ms at 100,000 products). */
  private newest: Product[] | undefined;
  private readonly related = new Map<string, Placement[]>();
  private readonly byStore = new Map<string, Product[]>();
  /** Search files' data, built on first use and then kept up to date change by change. */
  private postings: Map<string, Map<string, number>> | undefined;
  private vocabulary: Map<string, number> | undefined;

  constructor(products: Iterable<Product>, stores: Iterable<SellerStore>) {
    for (const p of products) this.products.set(p.id, p);
    for (const s of stores) this.stores.set(s.id, s);
  }

  get size(): number {
    return this.products.size;
  }

  allProducts(): IterableIterator<Product> {
    return this.products.values();
  }

  allStores(): IterableIterator<SellerStore> {
    return this.stores.values();
  }

  product(id: string): Product | undefined {
    return this.products.get(id);
  }

  store(id: string): SellerStore | undefined {
    return this.stores.get(id);
  }

  /** Puts a product as it now is (or removes it: undefined), and forgets the sorted views it is in. */
  setProduct(id: string, product: Product | undefined): void {
    const old = this.products.get(id);
    this.unindex(old);
    if (product) this.products.set(id, product);
    else this.products.delete(id);
    this.index(product);
    this.newest = undefined;
    for (const p of [old, product]) {
      if (!p) continue;
      this.related.delete(p.category);
      this.byStore.delete(p.store.id);
    }
  }

  private index(p: Product | undefined, sign: 1 | -1 = 1): void {
    if (!p) return;
    if (this.postings) {
      for (const [word, field] of productWords(suggestSource(p))) {
        let list = this.postings.get(word);
        if (sign > 0) {
          if (!list) {
            list = new Map();
            this.postings.set(word, list);
          }
          list.set(p.id, field);
        } else if (list) {
          list.delete(p.id);
          if (list.size === 0) this.postings.delete(word);
        }
      }
    }
    if (this.vocabulary) {
      for (const word of vocabularyWords({ ...p, store: p.store.name })) {
        const count = (this.vocabulary.get(word) ?? 0) + sign;
        if (count > 0) this.vocabulary.set(word, count);
        else this.vocabulary.delete(word);
      }
    }
  }

  private unindex(p: Product | undefined): void {
    this.index(p, -1);
  }

  private ensureSearch(): { postings: Map<string, Map<string, number>>; vocabulary: Map<string, number> } {
    if (!this.postings || !this.vocabulary) {
      this.postings = new Map();
      this.vocabulary = new Map();
      for (const p of this.products.values()) this.index(p);
    }
    return { postings: this.postings, vocabulary: this.vocabulary };
  }

  /**
   * Builds now what a publish would otherwise build on first use (search postings, the newest
   * order, each category's related order), so the first change after a load does not wait for it.
   */
  warm(): void {
    this.ensureSearch();
    this.newestAll();
    const categories = new Set<string>();
    for (const p of this.products.values()) categories.add(p.category);
    for (const category of categories) this.relatedList(category);
  }

  /** The cards of a suggestion file (by its file name), or undefined when no product has the word. */
  suggestions(file: string): SuggestCard[] | undefined {
    const word = fileTerm(file);
    const list = word === undefined ? undefined : this.ensureSearch().postings.get(word);
    if (!list) return undefined;
    // The best POSTING_CAP in one pass (a common word has tens of thousands of products at
    // 100,000): only the winners become cards, in topCards' order.
    const best: Posting[] = [];
    const worse = (a: Posting, b: Posting) =>
      a.field - b.field || b.sales - a.sales || (a.card.id < b.card.id ? -1 : 1);
    for (const [id, field] of list) {
      const p = this.products.get(id);
      if (!p) continue;
      const entry = { field, sales: p.salesCount, card: { id } as SuggestCard };
      if (best.length === POSTING_CAP && worse(entry, best[POSTING_CAP - 1]) >= 0) continue;
      let at = best.length;
      while (at > 0 && worse(entry, best[at - 1]) < 0) at--;
      best.splice(at, 0, entry);
      if (best.length > POSTING_CAP) best.pop();
    }
    return topCards(best.map((e) => ({ ...e, card: cardOf(suggestSource(this.products.get(e.card.id) as Product)) })));
  }

  /** The words of one vocabulary shard with their counts, or undefined for an unknown shard. */
  vocabularyShard(shard: string): Vocabulary | undefined {
    if (!(SHARDS as readonly string[]).includes(shard)) return undefined;
    const words: Vocabulary = new Map();
    for (const [word, count] of this.ensureSearch().vocabulary) if (shardOf(word) === shard) words.set(word, count);
    return words;
  }

  /** Every search file: one suggestion file per word, every vocabulary shard. */
  allSearchFiles(): string[] {
    const { postings } = this.ensureSearch();
    return [
      ...[...postings.keys()].map((w) => `/suggest/${termFile(w)}.json`),
      ...SHARDS.map((s) => `/search-words/${s}.txt`),
    ];
  }

  setStore(id: string, store: SellerStore | undefined): void {
    if (store) this.stores.set(id, store);
    else this.stores.delete(id);
  }

  private newestAll(): Product[] {
    this.newest ??= sortProducts([...this.products.values()], 'newest');
    return this.newest;
  }

  /**
   * The first page of a category page or of /products (slug undefined: every category), how many
   * there are, and the options its products can be filtered by (decision 053).
   */
  listing(slug: string | undefined): { products: Product[]; total: number; facets: OptionFacet[] } {
    const covered = new Set<string>(slug ? resolveCategoryFilter(slug) : CATEGORY_NAMES);
    const all = this.newestAll();
    const products: Product[] = [];
    const withOptions: Product[] = [];
    let total = 0;
    for (const p of all) {
      if (!covered.has(p.category as Category)) continue;
      if (products.length < LISTING_FIRST_PAGE) products.push(p);
      if (p.options.length > 0) withOptions.push(p);
      total++;
    }
    return { products, total, facets: optionFacets(withOptions) };
  }

  /** A store's products, newest first. */
  storeProducts(storeId: string): Product[] {
    let list = this.byStore.get(storeId);
    if (!list) {
      list = this.newestAll().filter((p) => p.store.id === storeId);
      this.byStore.set(storeId, list);
    }
    return list;
  }

  private relatedList(category: string): Placement[] {
    let list = this.related.get(category);
    if (!list) {
      list = [...this.products.values()]
        .filter((p) => p.category === category)
        .map(placementOf)
        .sort(relatedOrder);
      this.related.set(category, list);
    }
    return list;
  }

  /** Where `place` falls (or would fall) in its category's related order. */
  private position(list: Placement[], place: Placement): number {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (relatedOrder(list[mid], place) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** The related products of a product: two cheaper and two dearer neighbours, filled from the other side at an edge. */
  relatedTo(product: Product): Product[] {
    const list = this.relatedList(product.category);
    const at = this.position(list, placementOf(product));
    const present = list[at]?.id === product.id;
    const size = RELATED_COUNT + (present ? 1 : 0);
    const start = Math.max(0, Math.min(at - RELATED_COUNT / 2, list.length - size));
    return list
      .slice(start, start + size)
      .filter((p) => p.id !== product.id)
      .map((p) => this.products.get(p.id))
      .filter((p): p is Product => p !== undefined);
  }

  /** Home page sections (spec §2): featured (well rated and reviewed, in stock), newest, best selling. */
  home(): { featured: Product[]; newArrivals: Product[]; bestSellers: Product[] } {
    const all = [...this.products.values()];
    const featured = all
      .filter((p) => p.stock > 0)
      .sort(
        (a, b) =>
          b.rating * Math.log1p(b.reviewCount) - a.rating * Math.log1p(a.reviewCount) || a.id.localeCompare(b.id),
      )
      .slice(0, HOME_COUNTS.featured);
    return {
      featured,
      newArrivals: this.newestAll().slice(0, HOME_COUNTS.newArrivals),
      bestSellers: homeBestSellers(all),
    };
  }

  /**
   * The catalogue pages that show a product placed at `place`: its own page, the product pages
   * whose related block holds it (its neighbours, up to RELATED_COUNT on each side of where it
   * sits), its seller's page, the category pages and /products that list it, and home. Call it
   * with the product's placement before a change and after it: together they are every page the
   * change touches.
   */
  pagesShowing(place: Placement): Set<string> {
    const pages = new Set<string>([
      `/product/${place.id}/`,
      `/seller/${place.storeId}/`,
      '/products/',
      '/',
      ...categoryPagesOf(place.category),
    ]);
    const list = this.relatedList(place.category);
    const at = this.position(list, place);
    for (let i = Math.max(0, at - RELATED_COUNT - 1); i < Math.min(list.length, at + RELATED_COUNT + 1); i++) {
      pages.add(`/product/${list[i].id}/`);
    }
    return pages;
  }

  /** Every catalogue page: home, listings, categories, sellers, products. */
  allPages(): string[] {
    return [
      '/',
      '/products/',
      ...categoryPaths(),
      ...[...this.stores.keys()].map((id) => `/seller/${id}/`),
      ...[...this.products.keys()].map((id) => `/product/${id}/`),
    ];
  }
}

/** The search files a product's words appear in: its words' suggestion files and vocabulary shards. */
export function searchFilesOf(p: Product | undefined): Set<string> {
  const files = new Set<string>();
  if (!p) return files;
  for (const word of productWords(suggestSource(p)).keys()) files.add(`/suggest/${termFile(word)}.json`);
  for (const word of vocabularyWords({ ...p, store: p.store.name })) files.add(`/search-words/${shardOf(word)}.txt`);
  return files;
}
