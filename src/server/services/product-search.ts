import { and, type SQL, sql } from 'drizzle-orm';
import { products, stores } from '../db/schema';

/**
 * API product search (spec §7 `search`): every word of the query must appear in the product's
 * name, category, subcategory, store or description, or, for words of 4+ letters, be within a
 * typo of a word there (pg_trgm word similarity), so "headphnes" finds headphones.
 */
const FUZZY_THRESHOLD = 0.45;
const MAX_WORDS = 8;

export function searchWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[^\p{L}\p{N}'&]+/u)
    .map((w) => w.replace(/^'+|'+$/g, ''))
    .filter((w) => w.length > 0)
    .slice(0, MAX_WORDS);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The text fuzzy matching looks at: the indexed expression of migration 0001. */
const indexedText = sql`lower(${products.name} || ' ' || ${products.category} || ' ' || ${products.subcategory})`;
const storeText = sql`lower(coalesce(${stores.name}, ''))`;
const descriptionText = sql`lower(${products.description})`;

export function searchCondition(query: string): SQL {
  const words = searchWords(query);
  if (words.length === 0) return sql`false`;
  return and(
    ...words.map((w) => {
      const like = `%${escapeLike(w)}%`;
      const exact = sql`(${indexedText} like ${like} or ${storeText} like ${like} or ${descriptionText} like ${like})`;
      if (w.length < 4) return exact;
      return sql`(${exact} or word_similarity(${w}, ${indexedText}) >= ${FUZZY_THRESHOLD} or word_similarity(${w}, ${storeText}) >= ${FUZZY_THRESHOLD})`;
    }),
  ) as SQL;
}

/**
 * Relevance: exact name, then name prefix, then every word in the name, then a fuzzy name match,
 * then matches elsewhere (description, category, store); ties by closeness, then sales.
 */
export function searchRank(query: string): SQL[] {
  const q = searchWords(query).join(' ');
  const name = sql`lower(${products.name})`;
  const allInName = and(...searchWords(query).map((w) => sql`${name} like ${`%${escapeLike(w)}%`}`)) ?? sql`false`;
  return [
    sql`case
      when ${name} = ${q} then 0
      when ${name} like ${`${escapeLike(q)}%`} then 1
      when ${allInName} then 2
      when word_similarity(${q}, ${name}) >= ${FUZZY_THRESHOLD} then 3
      else 4 end`,
    sql`word_similarity(${q}, ${name}) desc`,
    sql`${products.salesCount} desc`,
    sql`${products.id}`,
  ];
}
