import { getCollection } from 'astro:content';
import type { APIRoute, GetStaticPaths } from 'astro';
import type { Product } from '../../lib/contract/catalog';
import {
  buildSuggestIndex,
  formatTerm,
  type SuggestCard,
  suggestSource,
  termFile,
} from '../../lib/search/suggest-index';

/**
 * The header suggestions' index (docs/decisions/006-search.md): one file per word with its best
 * products' cards, built with the site from the same data as the pages and the vocabulary.
 */
export const getStaticPaths = (async () => {
  const products: Product[] = (await getCollection('products')).map((e: { data: Product }) => e.data);
  const index = buildSuggestIndex(products.map(suggestSource));
  return [...index].map(([word, cards]) => ({ params: { term: termFile(word) }, props: { cards } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) =>
  new Response(formatTerm((props as { cards: SuggestCard[] }).cards), {
    headers: { 'Content-Type': 'application/json' },
  });
