import type { APIRoute } from 'astro';
import { catalogSnapshot } from '../../content/snapshot';
import { formatShard } from '../../lib/search/words';

/**
 * The catalogue's vocabulary for typo correction in the browser (docs/decisions/006-search.md),
 * one small file per first letter. Rendered by the publisher from the catalogue snapshot; a change
 * re-renders the shards of its words (docs/decisions/008).
 */
export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const words = (await catalogSnapshot()).vocabularyShard(params.shard ?? '');
  if (!words) return new Response(null, { status: 404 });
  return new Response(formatShard(words), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
