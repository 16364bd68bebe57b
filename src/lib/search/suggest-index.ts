/**
 * The header suggestions' own static index (docs/decisions/006-search.md): one small JSON file per
 * word, holding the cards of at most POSTING_CAP products for that word, so a query fetches a few
 * files of a few KB whatever the catalogue's size. Built with the site (src/pages/suggest) and by
 * `npm run bench:search`; read in the browser by src/lib/search/suggest.ts. Pure functions.
 */
import type { Product } from '../contract/catalog';
import { indexedWord, tokenize } from './words';

/** Products kept per word: enough for 5 suggestions after multi-word filtering and re-ranking. */
export const POSTING_CAP = 24;
export const SUGGEST_BASE = '/suggest/';

/** What a suggestion row shows, plus what ranking and filtering need. */
export type SuggestCard = {
  id: string;
  name: string;
  price: number;
  image: string;
  category: string;
  subcategory: string;
  store: { id: string; name: string };
  /**
   * A product sold in sizes or colours: its options' names and values ("Size 8 9 10 11 Colour
   * Brown Black"), so "boots size 10" suggests the boots, once (docs/decisions/053).
   */
  options?: string;
};

export type SuggestSource = SuggestCard & { description: string; tags?: string[]; salesCount: number };

/** Its options' names and values as words ("Size 8 9 10 11 Colour Brown Black"); undefined without options. */
export const optionWords = (options: Product['options'] | undefined): string | undefined =>
  options?.length ? options.map((o) => `${o.name} ${o.values.join(' ')}`).join(' ') : undefined;

/** What the index needs of a catalogue product: its first picture, its options as words. */
export const suggestSource = (p: Product): SuggestSource => {
  const { options, variants, ...rest } = p;
  const words = optionWords(options);
  return { ...rest, image: p.images[0] ?? '', ...(words ? { options: words } : {}) };
};

/** Where a word was found in a product: its name beats its category, subcategory, store or tags, which beat its description. */
const NAME = 0;
const LABEL = 1;
const DESCRIPTION = 2;

/** A file name safe on every static host: the word itself when plain, else its UTF-8 bytes in hex. */
export function termFile(word: string): string {
  if (/^[a-z0-9]+$/.test(word)) return word;
  return `_${[...new TextEncoder().encode(word)].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The words a product can be suggested for, with where each is found (the best place). */
export function productWords(p: SuggestSource): Map<string, number> {
  const words = new Map<string, number>();
  const add = (text: string, field: number) => {
    // Added best place first, so the first place a word is seen is where it counts.
    for (const w of tokenize(text)) if (indexedWord(w) && !words.has(w)) words.set(w, field);
  };
  add(p.name, NAME);
  add([p.category, p.subcategory, p.store.name, ...(p.tags ?? []), p.options ?? ''].join(' '), LABEL);
  add(p.description, DESCRIPTION);
  return words;
}

/**
 * word → the cards of its best POSTING_CAP products: found in the name first, then in a label,
 * then in the description; the best sellers first within each.
 */
export function buildSuggestIndex(products: Iterable<SuggestSource>): Map<string, SuggestCard[]> {
  const postings = new Map<string, Posting[]>();
  for (const p of products) {
    const card = cardOf(p);
    for (const [word, field] of productWords(p)) {
      const list = postings.get(word) ?? [];
      list.push({ field, sales: p.salesCount, card });
      postings.set(word, list);
    }
  }
  const index = new Map<string, SuggestCard[]>();
  for (const [word, list] of postings) index.set(word, topCards(list));
  return index;
}

/** One product under one word: where the word is found, how well the product sells, its card. */
export type Posting = { field: number; sales: number; card: SuggestCard };

export const cardOf = (p: SuggestSource): SuggestCard => ({
  id: p.id,
  name: p.name,
  price: p.price,
  image: p.image,
  category: p.category,
  subcategory: p.subcategory,
  store: { id: p.store.id, name: p.store.name },
  ...(p.options ? { options: p.options } : {}),
});

/** A word's file: its best POSTING_CAP products, found in the name first, then a label, then the description; best sellers first within each. */
export function topCards(postings: Posting[]): SuggestCard[] {
  return postings
    .sort((a, b) => a.field - b.field || b.sales - a.sales || (a.card.id < b.card.id ? -1 : 1))
    .slice(0, POSTING_CAP)
    .map((e) => e.card);
}

/** The word a suggestion file name stands for (the inverse of termFile). */
export function fileTerm(file: string): string | undefined {
  if (/^[a-z0-9]+$/.test(file)) return file;
  if (!/^_(?:[0-9a-f]{2})+$/.test(file)) return undefined;
  const bytes =
    file
      .slice(1)
      .match(/../g)
      ?.map((h) => Number.parseInt(h, 16)) ?? [];
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(new Uint8Array(bytes));
  } catch {
    return undefined;
  }
}

/** Compact on the wire: one array per card (field names would be a third of the file). */
export function formatTerm(cards: readonly SuggestCard[]): string {
  return JSON.stringify(
    cards.map((c) => {
      const row = [c.id, c.name, c.price, c.image, c.category, c.subcategory, c.store.id, c.store.name];
      // Only a product with options has a ninth field: every other row stays as it was.
      return c.options ? [...row, c.options] : row;
    }),
  );
}

export function parseTerm(text: string): SuggestCard[] {
  const rows = JSON.parse(text) as [string, string, number, string, string, string, string, string, string?][];
  return rows.map(([id, name, price, image, category, subcategory, storeId, storeName, options]) => ({
    id,
    name,
    price,
    image,
    category,
    subcategory,
    store: { id: storeId, name: storeName },
    ...(options ? { options } : {}),
  }));
}

/** The words of a card a query word can match by prefix (name and labels; the description only through postings). */
export function cardWords(card: SuggestCard): string[] {
  return tokenize([card.name, card.category, card.subcategory, card.store.name, card.options ?? ''].join(' '));
}
