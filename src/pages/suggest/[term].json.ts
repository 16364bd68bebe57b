import type { APIRoute } from 'astro';
import { catalogSnapshot } from '../../content/snapshot';
import { formatTerm } from '../../lib/search/suggest-index';

/**
 * The header suggestions' index (docs/decisions/006-search.md): one file per word with its best
 * products' cards. Rendered by the publisher from the catalogue snapshot, for every word at a full
 * build and for the words of the changed products after that (docs/decisions/008).
 */
export const prerender = false;

export const GET: APIRoute = async ({ params }) => {
  const cards = (await catalogSnapshot()).suggestions(params.term ?? '');
  if (!cards) return new Response(null, { status: 404 });
  return new Response(formatTerm(cards), { headers: { 'Content-Type': 'application/json' } });
};
