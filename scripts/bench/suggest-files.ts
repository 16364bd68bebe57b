/**
 * `tsx scripts/bench/suggest-files.ts <site dir>` (DATA_DIR set): writes the header suggestions'
 * index (/suggest/) and the vocabulary (/search-words/) of the catalogue in DATA_DIR into a built
 * site, with the functions the build uses (src/pages/suggest, src/pages/search-words), reading
 * the catalogue through the API as the build does. `npm run bench:search -- --suggest-only`
 * uses it to measure the suggestions on a big catalogue without building 100,000 pages.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { catalogGetAll } from '../../src/content/catalog-api';
import { ProductList } from '../../src/lib/contract/catalog';
import {
  buildSuggestIndex,
  formatTerm,
  SUGGEST_BASE,
  suggestSource,
  termFile,
} from '../../src/lib/search/suggest-index';
import { buildVocabulary, formatShard, SHARDS } from '../../src/lib/search/words';

const siteDir = process.argv[2];
if (!siteDir) throw new Error('usage: suggest-files.ts <site dir>');
const products = await catalogGetAll('/products?sort=newest', 'products', ProductList);

const termsDir = path.join(siteDir, SUGGEST_BASE);
rmSync(termsDir, { recursive: true, force: true });
mkdirSync(termsDir, { recursive: true });
const index = buildSuggestIndex(products.map(suggestSource));
for (const [word, cards] of index) writeFileSync(path.join(termsDir, `${termFile(word)}.json`), formatTerm(cards));

const wordsDir = path.join(siteDir, 'search-words');
rmSync(wordsDir, { recursive: true, force: true });
mkdirSync(wordsDir, { recursive: true });
const vocabulary = buildVocabulary(products.map((p) => ({ ...p, store: p.store.name })));
for (const shard of SHARDS)
  writeFileSync(path.join(wordsDir, `${shard}.txt`), formatShard(vocabulary.get(shard) ?? new Map()));

console.info(`${products.length} products: ${index.size} suggestion files, ${vocabulary.size} vocabulary files`);
process.exit(0); // the in-process API keeps the database open
