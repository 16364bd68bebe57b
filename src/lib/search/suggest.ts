/**
 * The header suggestions, answered from the suggestion index (src/lib/search/suggest-index.ts,
 * docs/decisions/006-search.md): typo correction against the vocabulary as on /search, then one
 * small file per word (and per completion of the word being typed), intersected in the browser.
 * No Pagefind here: its first download grows with the catalogue.
 */
import { correctQuery, SearchUnavailableError, SUGGESTION_LIMIT, vocabularyFor } from './static-search';
import { cardWords, parseTerm, SUGGEST_BASE, type SuggestCard, termFile } from './suggest-index';
import { indexedWord, nameTier, queryWords } from './words';

/** Completions fetched for the word being typed: the most used vocabulary words it starts. */
const COMPLETIONS = 3;

const terms = new Map<string, Promise<SuggestCard[]>>();

/** A word's cards; none when the word has no file (404). A failed fetch throws (the index is unavailable). */
function termCards(word: string): Promise<SuggestCard[]> {
  if (!indexedWord(word)) return Promise.resolve([]); // never has a file: no request
  let cards = terms.get(word);
  if (!cards) {
    cards = fetch(`${SUGGEST_BASE}${termFile(word)}.json`)
      .then(async (r) => {
        if (r.status === 404) return [];
        if (!r.ok) throw new Error(String(r.status));
        return parseTerm(await r.text());
      })
      .catch((error) => {
        terms.delete(word); // the next query tries again
        throw new SearchUnavailableError(error);
      });
    terms.set(word, cards);
  }
  return cards;
}

/** The words whose files answer a query word: itself and, for the word being typed, its completions. */
async function expansions(word: string, typing: boolean): Promise<string[]> {
  if (!typing) return [word];
  const completions: string[] = [];
  // The shard is ordered most used first, so the first matches are the likeliest completions.
  for (const known of (await vocabularyFor(word)).keys()) {
    if (known !== word && known.startsWith(word)) completions.push(known);
    if (completions.length === COMPLETIONS) break;
  }
  return [word, ...completions];
}

/**
 * Products matching every word, best first. A product matches a word when the word's file (or a
 * completion's) lists it, or a word of its name, category, subcategory or store starts with it:
 * the lists are capped, so a product in one word's list is kept when the others are in its text.
 */
async function candidates(words: readonly string[]): Promise<SuggestCard[]> {
  const lists = await Promise.all(
    words.map(async (w, i) => {
      const expanded = await expansions(w, i === words.length - 1);
      const cards = (await Promise.all(expanded.map(termCards))).flat();
      return { words: expanded, cards, ids: new Set(cards.map((c) => c.id)) };
    }),
  );
  const seen = new Set<string>();
  const out: SuggestCard[] = [];
  // The rarest word's list first: its order is the most telling.
  for (const list of [...lists].sort((a, b) => a.cards.length - b.cards.length)) {
    for (const card of list.cards) {
      if (seen.has(card.id)) continue;
      seen.add(card.id);
      const text = cardWords(card);
      const matches = lists.every((l) => l.ids.has(card.id) || l.words.some((w) => text.some((t) => t.startsWith(w))));
      if (matches) out.push(card);
    }
  }
  return out;
}

/**
 * Up to SUGGESTION_LIMIT products for the header box, ranked by how the name matches (exact,
 * prefix, every word, typo; then description, category, store), the index's order within a tier.
 * A corrected query that finds nothing runs as typed. Throws SearchUnavailableError when the
 * index cannot be fetched.
 */
export async function suggestProducts(query: string): Promise<{ total: number; hits: SuggestCard[] }> {
  const words = queryWords(query);
  if (words.length === 0) return { total: 0, hits: [] };
  let searched = await correctQuery(words);
  let found = await candidates(searched);
  if (found.length === 0 && searched.join(' ') !== words.join(' ')) {
    searched = words;
    found = await candidates(words);
  }
  const typed = words.join(' ');
  const ranked = found
    .map((card, i) => ({ card, i, tier: nameTier(card.name, typed, searched) }))
    .sort((a, b) => a.tier - b.tier || a.i - b.i)
    .map(({ card }) => card);
  return { total: ranked.length, hits: ranked.slice(0, SUGGESTION_LIMIT) };
}
