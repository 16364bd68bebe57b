import { getCollection } from 'astro:content';
import type { APIRoute, GetStaticPaths } from 'astro';
import type { Product } from '../../lib/contract/catalog';
import { buildVocabulary, formatShard, SHARDS } from '../../lib/search/words';

/**
 * The catalogue's vocabulary for typo correction in the browser (docs/decisions/006-search.md),
 * one small file per first letter, built with the site and its Pagefind index from the same data.
 */
let vocabulary: ReturnType<typeof buildVocabulary> | undefined;
async function shards() {
  if (!vocabulary) {
    const products: Product[] = (await getCollection('products')).map((e: { data: Product }) => e.data);
    vocabulary = buildVocabulary(products.map((p) => ({ ...p, store: p.store.name })));
  }
  return vocabulary;
}

export const getStaticPaths = (() => SHARDS.map((shard) => ({ params: { shard } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const words = (await shards()).get(params.shard ?? '') ?? new Map();
  return new Response(formatShard(words), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
