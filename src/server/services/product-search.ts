import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, stores } from '../db/schema';

/**
 * API product search (spec §7 `search`), for clients other than the storefront (which searches
 * its static index, docs/decisions/006-search.md). Every word of the query must match:
 * - PostgreSQL full-text search on the product's search document (migration 0003: name,
 *   category and subcategory, description; English stemming, the word as a prefix), or a
 *   substring of the name, category, subcategory or store name (migration 0001's trigram index);
 * - or, only for a word of 4+ letters the catalogue does not contain at all (a typo), a word
 *   within trigram similarity of the name, category, subcategory or store name ("headphnes").
 * A word the catalogue knows is never treated as a typo, so "fiction" finds fiction books, not
 * "action figures".
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

/** Exact matching of one word: full text (stemmed, prefix) or a substring of name, category or store. */
function exactMatch(word: string): SQL {
  const like = `%${escapeLike(word)}%`;
  const fts = prefixQuery(word);
  return sql`(${indexedText} like ${like} or ${storeText} like ${like}${fts ? sql` or ${searchVector} @@ ${fts}` : sql``})`;
}

function fuzzyMatch(word: string): SQL {
  return sql`(word_similarity(${word}, ${indexedText}) >= ${FUZZY_THRESHOLD} or word_similarity(${word}, ${storeText}) >= ${FUZZY_THRESHOLD})`;
}

export type SearchPlan = { where: SQL; orderBy: SQL[] };

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
            sql<boolean>`exists (select 1 from ${products} left join ${stores} on ${products}.store_id = ${stores}.id where ${exactMatch(w)})`,
          ]),
        ),
      )
      .from(sql`(select 1) as one`);
    candidates.forEach((w, i) => {
      if (!row?.[`w${i}`]) unknown.add(w);
    });
  }
  const where = and(
    ...words.map((w) => (unknown.has(w) ? sql`(${exactMatch(w)} or ${fuzzyMatch(w)})` : exactMatch(w))),
  );
  return { where: where ?? sql`false`, orderBy: searchRank(words, unknown) };
}

/**
 * Relevance: exact name, then name prefix, then every word in the name, then a fuzzy name match
 * (a typo), then matches elsewhere (description, category, store); within a tier the full-text
 * rank (name words weigh most), then the closest whole-word spelling, then sales.
 */
function searchRank(words: string[], unknown: Set<string>): SQL[] {
  const q = words.join(' ');
  const name = sql`lower(${products.name})`;
  const allInName = and(...words.map((w) => sql`${name} like ${`%${escapeLike(w)}%`}`)) ?? sql`false`;
  const fuzzyName = unknown.size
    ? (and(
        ...words.map((w) =>
          unknown.has(w)
            ? sql`word_similarity(${w}, ${name}) >= ${FUZZY_THRESHOLD}`
            : sql`${name} like ${`%${escapeLike(w)}%`}`,
        ),
      ) ?? sql`false`)
    : sql`false`;
  const terms = words.map((w) => w.replace(/[^\p{L}\p{N}]+/gu, '')).filter(Boolean);
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
      when ${fuzzyName} then 3
      else 4 end`,
    ...rank,
    sql`strict_word_similarity(${q}, ${name}) desc`,
    sql`${products.salesCount} desc`,
    sql`${products.id}`,
  ];
}
