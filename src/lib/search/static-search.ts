/**
 * Product search in the browser over the static index built with the site
 * (docs/decisions/006-search.md), for the /search page: Pagefind's chunked index (a query fetches only the pieces it
 * needs), typo correction against the catalogue's vocabulary, and a re-rank of what is shown
 * (exact name, name prefix, name words, typo in the name, then anything else).
 * Loaded only when the shopper starts searching. The header's suggestions use their own smaller
 * index (./suggest.ts) and share only the vocabulary and typo correction from here.
 */
import { allowedEdits, correction, nameTier, parseShard, queryWords, shardOf, type Vocabulary } from './words';

/** Spec §9: suggestions wait for 300 ms of quiet and show at most 5. */
export const SUGGEST_DEBOUNCE_MS = 300;
export const SUGGESTION_LIMIT = 5;

const PAGEFIND_BASE = '/pagefind/';
const WORDS_BASE = '/search-words/';

export type SearchHit = {
  id: string;
  url: string;
  name: string;
  description: string;
  price: number;
  image: string;
  stock: number;
  rating: number;
  category: string;
  subcategory: string;
  store: { id: string; name: string };
};

export type SearchFilters = {
  categories?: string[];
  subcategories?: string[];
  inStock?: boolean;
  discounted?: boolean;
  /** Minimum stars, 0 for any. */
  rating?: number;
};

/** The static index could not be loaded or read (not built yet, offline, a failed fetch). */
export class SearchUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('The search index could not be loaded', { cause });
    this.name = 'SearchUnavailableError';
  }
}

type Fragment = { url: string; meta: Record<string, string | undefined> };
type PagefindResult = { id: string; score: number; data: () => Promise<Fragment> };
type PagefindSearch = { results: PagefindResult[] } | null;
type Pagefind = {
  init: () => Promise<void>;
  mergeIndex: (path: string, options?: Record<string, unknown>) => Promise<void>;
  search: (term: string, options?: Record<string, unknown>) => Promise<PagefindSearch>;
  preload: (term: string, options?: Record<string, unknown>) => Promise<void>;
};

let pagefind: Promise<Pagefind> | undefined;
/** Pages of the big index that a later publish replaced or removed (docs/decisions/008). */
let superseded = new Set<string>();
export const DELTA_BASE = '/pagefind-delta/';
/** What /pagefind-delta/manifest.json says: whether there is an index to merge, and the outdated pages. */
export type DeltaManifest = { index: boolean; superseded: string[] };

/**
 * The small second index of the products changed since the last full build, merged into the big
 * one; its manifest names the big index's outdated pages, dropped from every result. A site with
 * no publish since its full build has no manifest: nothing to merge.
 */
async function mergeDelta(instance: Pagefind): Promise<void> {
  const response = await fetch(`${DELTA_BASE}manifest.json`, { cache: 'no-cache' });
  if (!response.ok) return;
  const manifest = (await response.json()) as DeltaManifest;
  superseded = new Set(manifest.superseded);
  if (manifest.index) await instance.mergeIndex(DELTA_BASE);
}

/**
 * Pagefind on the main thread (`noWorker`): its worker script would add ~12 KB to the first
 * query, and a product search takes a few milliseconds. The name counts most through the
 * page's weights; page length barely matters (descriptions differ in length, not in worth).
 */
function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (async () => {
    const url = `${PAGEFIND_BASE}pagefind.js`;
    const module = (await import(/* @vite-ignore */ url)) as {
      createInstance: (options: Record<string, unknown>) => Pagefind;
    };
    const instance = module.createInstance({
      basePath: PAGEFIND_BASE,
      noWorker: true,
      excerptLength: 0,
      ranking: { pageLength: 0.1, termSimilarity: 2 },
    });
    await instance.init();
    await mergeDelta(instance);
    return instance;
  })().catch((error) => {
    pagefind = undefined; // the next search tries again
    throw new SearchUnavailableError(error);
  });
  return pagefind;
}

const shards = new Map<string, Promise<Vocabulary>>();

/** The vocabulary shard of a word; one that cannot be fetched counts as empty (no correction, search goes on). */
export function vocabularyFor(word: string): Promise<Vocabulary> {
  const key = shardOf(word);
  let shard = shards.get(key);
  if (!shard) {
    shard = fetch(`${WORDS_BASE}${key}.txt`)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(String(r.status)))))
      .then((text) => parseShard(text))
      .catch(() => {
        shards.delete(key);
        return new Map<string, number>();
      });
    shards.set(key, shard);
  }
  return shard;
}

/**
 * The query as the catalogue spells it: a word of 4+ letters that is neither a vocabulary word
 * nor the start of one becomes the closest vocabulary word within one edit (two for 8+
 * letters), if any; every other word stays as typed (Pagefind also finds descriptions' words).
 */
export async function correctQuery(words: readonly string[]): Promise<string[]> {
  return Promise.all(
    words.map(async (word) =>
      allowedEdits(word) === 0 ? word : (correction(word, await vocabularyFor(word)) ?? word),
    ),
  );
}

function pagefindFilters(f: SearchFilters): Record<string, unknown> {
  const filters: Record<string, unknown> = {};
  if (f.categories?.length) filters.category = { any: f.categories };
  if (f.subcategories?.length) filters.subcategory = { any: f.subcategories };
  if (f.inStock) filters.stock = 'In stock';
  if (f.discounted) filters.sale = 'On sale';
  if (f.rating) filters.rating = String(f.rating);
  return filters;
}

function toHit(f: Fragment): SearchHit {
  const m = f.meta;
  const num = (v: string | undefined) => (Number.isFinite(Number(v)) ? Number(v) : 0);
  return {
    id: m.id ?? f.url.replace(/^\/product\/|\/$/g, ''),
    url: f.url,
    name: m.title ?? '',
    description: m.description ?? '',
    price: num(m.price),
    image: m.image ?? '',
    stock: Math.trunc(num(m.stock)),
    rating: num(m.rating),
    category: m.category ?? '',
    subcategory: m.subcategory ?? '',
    store: { id: m.storeId ?? '', name: m.store ?? '' },
  };
}

export type SearchResults = {
  /** The shopper's words, and the words searched after typo correction. */
  words: string[];
  searched: string[];
  total: number;
  /** The hits of page `page` (1-based) of `pageSize`. */
  page: (page: number) => Promise<SearchHit[]>;
};

const EMPTY: SearchResults = { words: [], searched: [], total: 0, page: async () => [] };

/**
 * Searches the static index, by relevance: each page is re-ranked by how the name matches the
 * query. A blank query answers nothing without loading anything (spec §5).
 * Throws SearchUnavailableError when the index cannot be loaded.
 */
export async function searchProducts(
  query: string,
  options: { filters?: SearchFilters; pageSize?: number } = {},
): Promise<SearchResults> {
  const words = queryWords(query);
  if (words.length === 0) return EMPTY;
  const { filters = {}, pageSize = 24 } = options;
  try {
    const pf = await loadPagefind();
    const options = { filters: pagefindFilters(filters) };
    let searched = await correctQuery(words);
    // Not outdated, and once: a page both indexes hold as it was (same content, same id) counts once.
    const current = (r: PagefindResult, i: number, all: PagefindResult[]) =>
      !superseded.has(r.id) && all.findIndex((other) => other.id === r.id) === i;
    let results = ((await pf.search(searched.join(' '), options))?.results ?? []).filter(current);
    // A correction that finds nothing was wrong (a word only descriptions use): search as typed.
    if (results.length === 0 && searched.join(' ') !== words.join(' ')) {
      searched = words;
      results = ((await pf.search(words.join(' '), options))?.results ?? []).filter(current);
    }
    return {
      words,
      searched,
      total: results.length,
      page: async (page) => {
        const slice = results.slice((page - 1) * pageSize, page * pageSize);
        const hits = (await Promise.all(slice.map((r) => r.data()))).map(toHit);
        const typed = words.join(' ');
        const tier = new Map(hits.map((h) => [h.id, nameTier(h.name, typed, searched)]));
        // Stable: within a tier Pagefind's own score order stays.
        return hits
          .map((h, i) => ({ h, i }))
          .sort((a, b) => (tier.get(a.h.id) ?? 4) - (tier.get(b.h.id) ?? 4) || a.i - b.i)
          .map(({ h }) => h);
      },
    };
  } catch (error) {
    throw error instanceof SearchUnavailableError ? error : new SearchUnavailableError(error);
  }
}
