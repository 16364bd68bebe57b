/**
 * The /search page's Pagefind index (docs/decisions/006 and 008). A full build indexes every
 * product page into /pagefind/. After that, each publish writes a small second index into
 * /pagefind-delta/ holding the products changed since the full build, with the ids of their
 * outdated pages in the big one; the browser merges both and drops those ids.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { DeltaManifest } from '../../lib/search/static-search';

export type SearchDelta = { changed: string[]; removed: string[] };

type PagefindIndex = Awaited<ReturnType<typeof import('pagefind')['createIndex']>>['index'];

/**
 * Pagefind's allocator (jemalloc, built into its binary) keeps freed pages for 10 s before giving
 * them back. Writing an index allocates and frees gigabytes in waves at 100,000 pages, so its
 * resident size was mostly memory already freed: given back at once, the write's peak is lower
 * (measured in docs/performance.md). An operator's own `_RJEM_MALLOC_CONF` wins.
 */
export const PAGEFIND_ENV = { _RJEM_MALLOC_CONF: 'dirty_decay_ms:0,muzzy_decay_ms:0' };

async function createIndex(): Promise<{ index: NonNullable<PagefindIndex>; close: () => Promise<void> }> {
  const pagefind = await import('pagefind');
  // The first createIndex starts Pagefind's process, synchronously, with this process's
  // environment: the setting is there for that moment only.
  const previous = process.env._RJEM_MALLOC_CONF;
  process.env._RJEM_MALLOC_CONF = previous ?? PAGEFIND_ENV._RJEM_MALLOC_CONF;
  let created: ReturnType<typeof pagefind.createIndex>;
  try {
    created = pagefind.createIndex({});
  } finally {
    if (previous === undefined) delete process.env._RJEM_MALLOC_CONF;
    else process.env._RJEM_MALLOC_CONF = previous;
  }
  const { index, errors } = await created;
  if (!index) throw new Error(`pagefind: ${errors.join('; ')}`);
  let closed = false;
  return {
    index,
    close: async () => {
      if (closed) return;
      closed = true;
      await index.deleteIndex();
      await pagefind.close();
    },
  };
}

/**
 * The part of a page Pagefind reads: only the element marked data-pagefind-body is indexed, so
 * the rest of the page (header, footer, related products: ~90% of its bytes) is not sent to the
 * indexer, which at 100,000 pages is gigabytes less to pass and parse. The language stays.
 */
export function searchablePart(html: string): string {
  const marker = html.indexOf('data-pagefind-body');
  if (marker < 0) return html;
  const start = html.lastIndexOf('<', marker);
  const endMain = html.indexOf('</main>', marker);
  const lang = /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1] ?? 'en';
  return `<!doctype html><html lang="${lang}"><body>${html.slice(start, endMain < 0 ? undefined : endMain)}</body></html>`;
}

/** An index that pages are added to as they are rendered, then written once. */
export async function openSearchIndex() {
  const { index, close } = await createIndex();
  let added = 0;
  return {
    add: async (url: string, content: string) => {
      const result = await index.addHTMLFile({ url, content: searchablePart(content) });
      if (result.errors.length) throw new Error(`pagefind ${url}: ${result.errors.join('; ')}`);
      added++;
    },
    write: async (outputPath: string) => {
      const written = await index.writeFiles({ outputPath });
      if (written.errors.length) throw new Error(`pagefind: ${written.errors.join('; ')}`);
      return added;
    },
    close,
  };
}

/**
 * A full build's index, fed page files as they are written (a few at a time: Pagefind reads one
 * while the next is rendered), then written once. Its owner can drop everything else it holds
 * before `finish`, while Pagefind's own process is at its largest.
 */
export async function openFileIndexer(onIndexed: (count: number) => void = () => {}, inFlight = 32) {
  const search = await openSearchIndex();
  const queue: ({ url: string; file: string } | undefined)[] = [];
  let next = 0;
  let running = 0;
  let failed: unknown;
  let count = 0;
  let drained: (() => void) | undefined;
  const pump = () => {
    while (running < inFlight && next < queue.length && !failed) {
      const { url, file } = queue[next] as { url: string; file: string };
      queue[next++] = undefined; // 100,000 paths would otherwise stay until the build ends
      running++;
      readFile(file, 'utf8')
        .then((html) => search.add(url, html))
        .then(() => onIndexed(++count))
        .catch((error: unknown) => {
          failed ??= error;
          onIndexed(Number.MAX_SAFE_INTEGER); // nothing more is indexed: whoever waits on it goes on, and `finish` fails
        })
        .finally(() => {
          running--;
          pump();
          if (running === 0 && (next === queue.length || failed)) drained?.();
        });
    }
  };
  return {
    add(url: string, file: string) {
      queue.push({ url, file });
      pump();
    },
    /** Waits for every page announced, then writes the index; answers how many pages it holds. */
    async finish(outputPath: string): Promise<number> {
      if (running > 0 || next < queue.length) await new Promise<void>((resolve) => (drained = resolve));
      if (failed) throw failed;
      return search.write(outputPath);
    },
    close: search.close,
  };
}

/** Pagefind's files are gzipped, with a signature before the JSON. */
function readPagefindJson(file: string): { url?: string } {
  const text = gunzipSync(readFileSync(file)).toString('utf8');
  return JSON.parse(text.slice(text.indexOf('{')));
}

/** Page URL → Pagefind's id for it (its fragment's name), so a later publish can mark it outdated. */
export async function baseSearchIds(pagefindDir: string): Promise<Record<string, string>> {
  const dir = path.join(pagefindDir, 'fragment');
  const ids: Record<string, string> = {};
  if (!existsSync(dir)) return ids;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.pf_fragment')) continue;
    const { url } = readPagefindJson(path.join(dir, name));
    if (url) ids[url] = name.replace(/\.pf_fragment$/, '');
  }
  return ids;
}

/** Writes the delta index of the changed products' pages, and the manifest the browser reads. */
export async function indexDelta(options: {
  outDir: string;
  delta: SearchDelta;
  fileOf: (productId: string) => string | undefined;
  baseIds: Record<string, string>;
}): Promise<void> {
  const { outDir, delta, fileOf, baseIds } = options;
  mkdirSync(outDir, { recursive: true });
  const urls = [...delta.changed, ...delta.removed].map((id) => `/product/${id}/`);
  let superseded = urls.map((u) => baseIds[u]).filter((id): id is string => Boolean(id));
  let indexed = 0;
  if (delta.changed.length > 0) {
    const search = await openSearchIndex();
    try {
      for (const id of delta.changed) {
        const file = fileOf(id);
        if (!file) continue;
        await search.add(`/product/${id}/`, readFileSync(file, 'utf8'));
        indexed++;
      }
      if (indexed > 0) await search.write(outDir);
    } finally {
      await search.close();
    }
    // Pagefind names a page by its content: a page published again as it was (its store changed,
    // its words did not) has the big index's id. That entry is still right, and the browser drops
    // every result whose id is superseded, the small index's copy too: so it is not superseded.
    const same = new Set(Object.values(await baseSearchIds(outDir)));
    superseded = superseded.filter((id) => !same.has(id));
  }
  const manifest: DeltaManifest = { index: indexed > 0, superseded };
  writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest));
}
