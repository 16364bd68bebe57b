import { and, eq, or, type SQL, sql } from 'drizzle-orm';
import { buildVocabulary, nearestWords, type Vocabulary } from '../../lib/search/words';
import type { Db } from '../db/client';
import { products, stores } from '../db/schema';
import { publicProduct } from './public-catalog';

/**
 * API product search (spec §7 `search`), for clients other than the storefront (which searches
 * its static index, docs/decisions/006-search.md). Every word of the query must match:
 * - PostgreSQL full-text search on the product's search document (migration 0003: name,
 *   category and subcategory, description; English stemming, the word as a prefix), or a
 *   substring of the name, category, subcategory or store name (migration 0001's trigram index);
 * - or, for a word of 4+ letters that is not a catalogue word as such, its corrections: the
 *   nearest catalogue words within one edit (Damerau–Levenshtein; two for words of 8+ letters),
 *   as whole words ("deert" → "desert"); and for one the catalogue does not contain at all, a
 *   word within trigram similarity of the name, category, subcategory or store name
 *   ("headphnes"). Products with a correction rank above those that merely share trigrams with
 *   the slip ("deert" and "Deep").
 * A word the catalogue knows is never treated as a typo, so "fiction" finds fiction books, not
 * "action figures". The correction rule is static search's (src/lib/search/words.ts).
 */
const FUZZY_THRESHOLD = 0.45;
const MAX_WORDS = 8;
const MIN_FUZZY_LENGTH = 4;

export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}'&]+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The text substring and fuzzy matching look at: the indexed expression of migration 0001. */
const indexedText = sql`lower(${products.name} || ' ' || ${products.category} || ' ' || ${products.subcategory})`;
const storeText = sql`lower(coalesce(${stores.name}, ''))`;
const searchVector = sql`${products}.search_vector`;

/** A tsquery for the word as a prefix ("necklac:*"), or undefined when it has no letters or digits. */
function prefixQuery(word: string): SQL | undefined {
  const term = word.replace(/[^\p{L}\p{N}]+/gu, '');
  return term ? sql`to_tsquery('english', ${`${term}:*`})` : undefined;
}

/**
 * A product's options' names and values as words ("size 8 9 10 11 colour brown black"): "boots
 * size 10" finds the boots (docs/decisions/053). Only a product with options gets past the first
 * test; a value matches as a whole word ("10" is not "100").
 */
const optionText = sql`lower((select string_agg((o->>'name') || ' ' || (select string_agg(v, ' ') from jsonb_array_elements_text(o->'values') v), ' ') from jsonb_array_elements(${products.options}) o))`;
const optionMatch = (word: string) =>
  sql`(${products.options} <> '[]'::jsonb and ${optionText} ~ ${wordPattern(word)})`;

/** Exact matching of one word: full text (stemmed, prefix), a substring of name, category or store, or an option's value. */
function exactMatch(word: string): SQL {
  const like = `%${escapeLike(word)}%`;
  const fts = prefixQuery(word);
  return sql`(${indexedText} like ${like} or ${storeText} like ${like}${fts ? sql` or ${searchVector} @@ ${fts}` : sql``} or ${optionMatch(word)})`;
}

/** A PostgreSQL regular expression for `word` as a whole word. */
const wordPattern = (word: string) => `\\m${word.replace(/[^\p{L}\p{N}]/gu, (ch) => `\\${ch}`)}\\M`;

/**
 * A correction matches as a whole word (name, category, subcategory, store) or through full text
 * without the prefix: "seed" for "seel" is not "seedling", and "band" for "bans" not "bandana".
 */
function wholeWordMatch(word: string): SQL {
  const re = wordPattern(word);
  return sql`(${indexedText} ~ ${re} or ${storeText} ~ ${re} or ${searchVector} @@ plainto_tsquery('english', ${word}))`;
}

function fuzzyMatch(word: string): SQL {
  return sql`(word_similarity(${word}, ${indexedText}) >= ${FUZZY_THRESHOLD} or word_similarity(${word}, ${storeText}) >= ${FUZZY_THRESHOLD})`;
}

export type SearchPlan = { where: SQL; orderBy: SQL[] };

/** How long a vocabulary is used before it is read again (in the background): new names correct within a minute. */
const VOCABULARY_TTL_MS = 60_000;
const vocabularies = new WeakMap<Db, { words: Promise<Vocabulary>; at: number }>();

async function readVocabulary(db: Db): Promise<Vocabulary> {
  const rows = await db
    .select({
      name: products.name,
      category: products.category,
      subcategory: products.subcategory,
      store: stores.name,
      options: products.options,
    })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(publicProduct);
  const merged: Vocabulary = new Map();
  for (const shard of buildVocabulary(rows.map((r) => ({ ...r, store: r.store ?? '' }))).values())
    for (const [word, n] of shard) merged.set(word, n);
  return merged;
}

/**
 * The words of the catalogue's names, categories, subcategories and store names, with how many
 * products use each; read only when a search has a typo, and kept a minute (then the old one
 * answers while the new one is read), not per search: a 100,000-product catalogue takes a while.
 */
function catalogueVocabulary(db: Db): Promise<Vocabulary> {
  const cached = vocabularies.get(db);
  if (cached && Date.now() - cached.at < VOCABULARY_TTL_MS) return cached.words;
  const fresh = readVocabulary(db);
  const entry = { words: fresh, at: Date.now() };
  // A failed read is not kept: the next search tries again.
  fresh.catch(() => vocabularies.get(db) === entry && vocabularies.delete(db));
  if (!cached) {
    vocabularies.set(db, entry);
    return fresh;
  }
  fresh.then(
    () => vocabularies.set(db, entry),
    () => {},
  );
  cached.at = Date.now();
  return cached.words;
}

/**
 * The WHERE and the relevance order of a search. Looks up first (one indexed query) which words
 * of 4+ letters the catalogue does not know, the only ones matched fuzzily.
 */
export async function searchPlan(db: Db, query: string): Promise<SearchPlan> {
  const words = searchWords(query);
  if (words.length === 0) return { where: sql`false`, orderBy: [] };
  const candidates = words.filter((w) => w.length >= MIN_FUZZY_LENGTH);
  const unknown = new Set<string>();
  if (candidates.length) {
    const [row] = await db
      .select(
        Object.fromEntries(
          candidates.map((w, i) => [
            `w${i}`,
            sql<boolean>`exists (select 1 from ${products} left join ${stores} on ${products}.store_id = ${stores}.id where ${publicProduct} and ${exactMatch(w)})`,
          ]),
        ),
      )
      .from(sql`(select 1) as one`);
    candidates.forEach((w, i) => {
      if (!row?.[`w${i}`]) unknown.add(w);
    });
  }
  // Every word the catalogue does not spell as such (a slip, or a form only its stemming knows,
  // "pantings" → "pant…" → "pantry") is also read as its nearest catalogue words.
  const corrections = new Map<string, string[]>();
  if (candidates.length) {
    const vocabulary = await catalogueVocabulary(db);
    for (const w of candidates) {
      const near = nearestWords(w, vocabulary);
      // The first letter is the one least often slipped (static search's rule too): those words first.
      const sameStart = near.filter((n) => n[0] === w[0]);
      if (near.length) corrections.set(w, sameStart.length ? sameStart : near);
    }
  }
  const where = and(
    ...words.map((w) => {
      const near = (corrections.get(w) ?? []).map(wholeWordMatch);
      return or(exactMatch(w), ...near, ...(unknown.has(w) ? [fuzzyMatch(w)] : [])) ?? sql`false`;
    }),
  );
  return { where: where ?? sql`false`, orderBy: searchRank(words, unknown, corrections) };
}

/**
 * Relevance: exact name, then name prefix, then every word in the name, then every word or its
 * correction in the name, then every word or its correction anywhere (description, category,
 * store), then a fuzzy name match (trigrams only), then the rest; within a tier the full-text
 * rank (name words weigh most), then the closest whole-word spelling, then sales.
 */
function searchRank(words: string[], unknown: Set<string>, corrections: Map<string, string[]>): SQL[] {
  const q = words.join(' ');
  const name = sql`lower(${products.name})`;
  const inName = (w: string) => sql`${name} like ${`%${escapeLike(w)}%`}`;
  const allInName = and(...words.map(inName)) ?? sql`false`;
  const corrected = [...corrections.values()].flat();
  const wordInName = (c: string) => sql`${name} ~ ${wordPattern(c)}`;
  const spelled = (w: string, literal: (word: string) => SQL, near: (word: string) => SQL) =>
    or(literal(w), ...(corrections.get(w) ?? []).map(near)) ?? literal(w);
  const correctedInName = corrected.length
    ? (and(...words.map((w) => spelled(w, inName, wordInName))) ?? sql`false`)
    : sql`false`;
  const correctedAnywhere = corrected.length
    ? (and(...words.map((w) => spelled(w, exactMatch, wholeWordMatch))) ?? sql`false`)
    : sql`false`;
  const fuzzyName = unknown.size
    ? (and(
        ...words.map((w) =>
          unknown.has(w)
            ? sql`word_similarity(${w}, ${name}) >= ${FUZZY_THRESHOLD}`
            : sql`${name} like ${`%${escapeLike(w)}%`}`,
        ),
      ) ?? sql`false`)
    : sql`false`;
  const terms = [...words, ...corrected].map((w) => w.replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean);
  // Without a word there is no rank to order by (and a bare `0` in ORDER BY would name a column
  // position, which PostgreSQL refuses): the tiers and the spelling decide alone.
  const rank = terms.length
    ? [sql`ts_rank_cd(${searchVector}, to_tsquery('english', ${terms.map((t) => `${t}:*`).join(' | ')})) desc`]
    : [];
  return [
    sql`case
      when ${name} = ${q} then 0
      when ${name} like ${`${escapeLike(q)}%`} then 1
      when ${allInName} then 2
      when ${correctedInName} then 3
      when ${correctedAnywhere} then 4
      when ${fuzzyName} then 5
      else 6 end`,
    ...rank,
    sql`strict_word_similarity(${q}, ${name}) desc`,
    sql`${products.salesCount} desc`,
    sql`${products.id}`,
  ];
}
