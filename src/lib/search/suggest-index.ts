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
};

export type SuggestSource = SuggestCard & { description: string; tags?: string[]; salesCount: number };

/** What the index needs of a catalogue product: its first picture. */
export const suggestSource = (p: Product): SuggestSource => ({ ...p, image: p.images[0] ?? '' });

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
function productWords(p: SuggestSource): Map<string, number> {
  const words = new Map<string, number>();
  const add = (text: string, field: number) => {
    // Added best place first, so the first place a word is seen is where it counts.
    for (const w of tokenize(text)) if (indexedWord(w) && !words.has(w)) words.set(w, field);
  };
  add(p.name, NAME);
  add([p.category, p.subcategory, p.store.name, ...(p.tags ?? [])].join(' '), LABEL);
  add(p.description, DESCRIPTION);
  return words;
}

/**
 * word → the cards of its best POSTING_CAP products: found in the name first, then in a label,
 * then in the description; the best sellers first within each.
 */
export function buildSuggestIndex(products: Iterable<SuggestSource>): Map<string, SuggestCard[]> {
  const postings = new Map<string, { field: number; sales: number; card: SuggestCard }[]>();
  for (const p of products) {
    const card: SuggestCard = {
      id: p.id,
      name: p.name,
      price: p.price,
      image: p.image,
      category: p.category,
      subcategory: p.subcategory,
      store: { id: p.store.id, name: p.store.name },
    };
    for (const [word, field] of productWords(p)) {
      const list = postings.get(word) ?? [];
      list.push({ field, sales: p.salesCount, card });
      postings.set(word, list);
    }
  }
  const index = new Map<string, SuggestCard[]>();
  for (const [word, list] of postings) {
    list.sort((a, b) => a.field - b.field || b.sales - a.sales || (a.card.id < b.card.id ? -1 : 1));
    index.set(
      word,
      list.slice(0, POSTING_CAP).map((e) => e.card),
    );
  }
  return index;
}

/** Compact on the wire: one array per card (field names would be a third of the file). */
export function formatTerm(cards: readonly SuggestCard[]): string {
  return JSON.stringify(
    cards.map((c) => [c.id, c.name, c.price, c.image, c.category, c.subcategory, c.store.id, c.store.name]),
  );
}

export function parseTerm(text: string): SuggestCard[] {
  const rows = JSON.parse(text) as [string, string, number, string, string, string, string, string][];
  return rows.map(([id, name, price, image, category, subcategory, storeId, storeName]) => ({
    id,
    name,
    price,
    image,
    category,
    subcategory,
    store: { id: storeId, name: storeName },
  }));
}

/** The words of a card a query word can match by prefix (name and labels; the description only through postings). */
export function cardWords(card: SuggestCard): string[] {
  return tokenize([card.name, card.category, card.subcategory, card.store.name].join(' '));
}
