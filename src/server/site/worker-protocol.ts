import type { SearchDelta } from './search-index';

/** A row of the publish queue as the worker sees it. */
export type QueuedChange = { kind: 'product' | 'store'; ref: string };

/** What the publisher asks its render worker (src/server/site/render-worker.ts). */
export type WorkerRequest =
  /**
   * Reads the catalogue. `api`: all of it through the API, saved into the build folder (a full
   * build). `build`: the build's saved catalogue, then through the API the stores and the
   * products published since the build (`since`: the delta's changed and removed).
   */
  | { id: number; type: 'load'; source: 'api' }
  | { id: number; type: 'load'; source: 'build'; since: string[] }
  | { id: number; type: 'render-all'; outDir: string }
  | {
      id: number;
      type: 'publish';
      changes: QueuedChange[];
      outDir: string;
      /** Products changed or removed since the last full build: the small search index covers them. */
      delta: SearchDelta;
      /** Where each page file of the site being served now is (for pages not rendered again). */
      files: Record<string, string>;
    };

export type WorkerReply =
  | { type: 'ready' }
  | { type: 'reply'; id: number; ok: true; result: unknown }
  | { type: 'reply'; id: number; ok: false; error: string };

export type WorkerProgress = { type: 'progress'; done: number; total: number };
/**
 * A full build's product page, written: the publisher indexes it for search. The index lives in
 * the publisher, not the worker, so the worker (and its catalogue) can be gone by the time
 * Pagefind writes the index, its most memory-hungry moment (decision 008, memory).
 */
export type WorkerPage = { type: 'page'; path: string; file: string };
/**
 * The publisher's answer to pages: how many it has indexed. The worker renders at most a few
 * pages ahead of the index, as when Pagefind sat in the worker: unpaced, a render ahead of a slow
 * indexer only piles up pages (the worker's memory grew with every page).
 */
export type WorkerIndexed = { type: 'indexed'; count: number };
export type WorkerEvent = WorkerProgress | WorkerPage;

export type PublishResult = { written: string[]; removed: string[]; delta: SearchDelta; pages: number; ms: number };
/** Where a load's time went, phase by phase (the publisher logs it). */
export type LoadResult = { products: number; source: 'api' | 'build'; phasesMs: Record<string, number> };
export type RenderAllResult = { pages: number; ms: number };

/** A request before the worker handle numbers it. */
export type WorkerCall = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;
