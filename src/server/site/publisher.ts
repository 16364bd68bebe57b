/**
 * Publishing the static site (docs/decisions/008-incremental-publishing.md).
 *
 * - A **full build** (first start, a code change, `npm run rebuild -- --full`): `astro build` makes
 *   the prerendered pages and the catalogue bundle in a new folder; the render worker renders every
 *   catalogue page and search file into it, announcing each product page, which the publisher
 *   indexes with Pagefind; then `current.json` names it.
 * - A **publish** (every catalogue change after that): the queued changes are taken in order, the
 *   worker renders only the pages they touch into a new layer, and `current.json` adds the layer
 *   with one rename. Nothing postpones it: changes wait at most one publish, however busy the shop.
 * - **One publisher** among all the instances on one database (a PostgreSQL advisory lock, released
 *   when its holder dies); every instance serves the newest `current.json` of the shared folder.
 * - It is **told** of every queued change once it commits, in any instance (onCatalogChange,
 *   docs/decisions/030), and looks at the queue now and then for a change it was not told of.
 */
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/client';
import { pageBuildEnv } from '../env';
import type { Logger } from '../http/logger';
import { releaseBuildMemory } from '../release-memory';
import { onCatalogChange } from '../services/catalog-changes';
import { changesPublished, nextChanges, type QueuedRow, queueStatus, waitingIds } from '../services/publish-queue';
import { linkNodeModules, RenderWorker, runAstroBuild } from './child-processes';
import { createProgress } from './progress';
import { baseSearchIds, openFileIndexer } from './search-index';
import {
  buildDirOf,
  type Current,
  type LayerManifest,
  layerDirOf,
  readCurrent,
  SiteView,
  writeCurrent,
} from './site-view';
import type { LoadResult, PublishResult, RenderAllResult } from './worker-protocol';

export type BuildInfo = { codeVersion: string; builtAt: string; durationMs: number; pages: number };
export type PublishStatus = {
  state: 'idle' | 'building' | 'publishing' | 'failed';
  /** Whether this instance is the one that publishes. */
  publisher: boolean;
  waiting: number;
  oldestAgeMs: number | null;
  progress: { done: number; total: number } | null;
  lastBuild: BuildInfo | null;
  lastPublish: { publishedAt: string; durationMs: number; pages: number; changes: number } | null;
  lastError: string | null;
  sinceBuild: number;
};

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
/** The advisory lock every instance competes for (an arbitrary constant: "yaad" in ASCII). */
const PUBLISHER_LOCK = 0x79616164;
const BATCH = 5000;
/** How often a follower looks for a newer site. */
const POLL_MS = 500;
/** Layers kept before the next publish folds them into one. */
const MAX_LAYERS = 50;
/** How long a finished build waits for its render worker's load before it is served all the same. */
const WORKER_WAIT_MS = 15_000;

type Options = {
  dataDir: string;
  log: Logger;
  database: Database;
  /** The API the worker reads the catalogue from (this server). */
  apiUrl: string;
  /** What the code is: a different value means a full build. */
  codeVersion: string;
  /** Runs on a finished full build before it is served (warming caches); a failure is only logged. */
  prepare?: (clientDir: string) => Promise<void>;
  /**
   * How often the publisher looks for a queued change it was not told of (PUBLISH_POLL_MS): every
   * change is told once it commits (catalog-changes.ts), so this only catches one whose
   * notification was lost with its connection before the listener knew to say so.
   */
  untoldPollMs?: number;
};

export class Publisher {
  readonly root: string;
  private view: SiteView | undefined;
  private viewStamp = '';
  private state: PublishStatus['state'] = 'idle';
  private isPublisher = false;
  private progress: PublishStatus['progress'] = null;
  private lastError: string | null = null;
  private worker: RenderWorker | undefined;
  private workerLoaded: Promise<RenderWorker> | undefined;
  private stopped = false;
  private wakeUp: (() => void) | undefined;
  /** Woken while not asleep (reading the queue): the next sleep ends at once, so no told change waits. */
  private woken = false;
  private lastViewCheck = 0;

  constructor(private readonly options: Options) {
    this.root = path.resolve(options.dataDir, 'site');
    mkdirSync(path.join(this.root, 'builds'), { recursive: true });
    this.refreshView(true);
  }

  /** The site being served (re-read when another instance published a newer one), or undefined before the first build. */
  currentView(): SiteView | undefined {
    if (Date.now() - this.lastViewCheck > POLL_MS) this.refreshView();
    return this.view;
  }

  private refreshView(force = false): void {
    this.lastViewCheck = Date.now();
    let stamp: string;
    try {
      const s = statSync(path.join(this.root, 'current.json'));
      stamp = `${s.mtimeMs}:${s.size}:${s.ino}`;
    } catch {
      return;
    }
    if (!force && stamp === this.viewStamp) return;
    const current = readCurrent(this.root);
    if (!current) return;
    try {
      this.view = new SiteView(this.root, current);
      this.viewStamp = stamp;
    } catch (error) {
      this.options.log.warn({ error: String(error) }, 'could not read the published site');
    }
  }

  lastBuild(): BuildInfo | null {
    const current = this.view?.current;
    if (!current) return null;
    try {
      return JSON.parse(readFileSync(path.join(buildDirOf(this.root, current.build), 'build-info.json'), 'utf8'));
    } catch {
      return null;
    }
  }

  /** The last publish, as every instance sees it (from the shared folder). */
  private lastPublish(): PublishStatus['lastPublish'] {
    const current = this.view?.current;
    const layer = current?.layers.at(-1);
    if (!current || layer === undefined) return null;
    try {
      const m = JSON.parse(
        readFileSync(path.join(layerDirOf(this.root, current.build, layer), 'manifest.json'), 'utf8'),
      ) as LayerManifest;
      return { publishedAt: current.publishedAt, durationMs: m.durationMs, pages: m.pages, changes: m.changes };
    } catch {
      return null;
    }
  }

  async status(): Promise<PublishStatus> {
    this.refreshView();
    const queue = await queueStatus(this.options.database.db);
    return {
      state: this.state,
      publisher: this.isPublisher,
      waiting: queue.waiting,
      oldestAgeMs: queue.oldestAgeMs,
      progress: this.progress,
      lastBuild: this.lastBuild(),
      lastPublish: this.lastPublish(),
      lastError: this.lastError,
      sinceBuild: (this.view?.current.delta.changed.length ?? 0) + (this.view?.current.delta.removed.length ?? 0),
    };
  }

  /** Publish now rather than at the next look (an operator asked; a change was told). */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.woken = true;
  }

  /** Competes to be the publisher until stopped; followers only follow the shared folder. */
  async run(): Promise<void> {
    // A follower has nothing to publish: it keeps asking for the lock at its own pace.
    const stopHearing = onCatalogChange((change) => {
      if (change.queued && this.isPublisher) this.wake();
    });
    try {
      await this.compete();
    } finally {
      stopHearing();
    }
  }

  private async compete(): Promise<void> {
    while (!this.stopped) {
      const exclusive = await this.options.database.tryExclusive(PUBLISHER_LOCK).catch((error) => {
        this.options.log.warn({ error: String(error) }, 'could not ask for the publisher lock');
        return undefined;
      });
      if (!exclusive) {
        await this.sleep(2000);
        continue;
      }
      this.isPublisher = true;
      let lost = false;
      void exclusive.lost.then(() => {
        lost = true;
        this.wake();
      });
      try {
        await this.publishWhileHolding(() => lost || this.stopped);
      } finally {
        this.isPublisher = false;
        this.dropWorker();
        await exclusive.release();
      }
    }
  }

  /** A full build now, in this process (`npm run build` with no shop running); fails if another instance publishes. */
  async buildNow(): Promise<void> {
    const exclusive = await this.options.database.tryExclusive(PUBLISHER_LOCK);
    if (!exclusive)
      throw new Error('Another instance of the shop publishes this site: run `npm run rebuild -- --full` against it.');
    try {
      await this.fullBuild('asked for', false);
    } finally {
      this.dropWorker();
      await exclusive.release();
    }
  }

  stop(): void {
    this.stopped = true;
    this.wake();
    this.dropWorker();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.woken) {
        this.woken = false;
        return resolve();
      }
      const timer = setTimeout(() => {
        this.wakeUp = undefined;
        resolve();
      }, ms);
      timer.unref?.();
      this.wakeUp = () => {
        this.wakeUp = undefined;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private async publishWhileHolding(done: () => boolean): Promise<void> {
    let failures = 0;
    while (!done()) {
      try {
        this.refreshView(true);
        const current = this.view?.current;
        const built = this.lastBuild();
        if (!current || built?.codeVersion !== this.options.codeVersion) {
          await this.fullBuild(current ? 'the code changed' : 'first start');
        } else {
          this.woken = false; // what was told before this read is in it
          const batch = await nextChanges(this.options.database.db, BATCH);
          if (batch.length === 0) {
            failures = 0;
            await this.sleep(this.options.untoldPollMs ?? 5000);
            continue;
          }
          if (batch.some((row) => row.kind === 'all')) await this.fullBuild('asked for');
          else await this.publish(current, batch);
        }
        failures = 0;
        this.lastError = null;
        this.state = 'idle';
      } catch (error) {
        if (this.stopped) break; // stopping the shop stops the worker mid-publish: not a failure
        failures++;
        this.state = 'failed';
        this.progress = null;
        this.lastError = error instanceof Error ? error.message : String(error);
        this.options.log.error({ error: this.lastError, attempt: failures }, 'publishing failed; trying again');
        this.dropWorker();
        // Back off (2 s, 4 s, … at most a minute): a broken build must not spin, a passing fault must not stop the shop.
        await this.sleep(Math.min(60_000, 1000 * 2 ** failures));
      }
    }
  }

  /**
   * A worker for the build being served, with the catalogue loaded. The promise is shared, so a
   * publish that comes while a worker is still loading waits for that load rather than racing it.
   */
  private workerFor(current: Current): Promise<RenderWorker> {
    const { build } = current;
    if (this.worker?.build === build && this.workerLoaded) return this.workerLoaded;
    this.dropWorker();
    const worker = new RenderWorker(build, buildDirOf(this.root, build), this.options.apiUrl, this.options.log);
    this.worker = worker;
    // The build's saved catalogue, and through the API what was published on top of it since.
    const since = [...current.delta.changed, ...current.delta.removed];
    const asked = Date.now();
    const loaded = worker.call({ type: 'load', source: 'build', since }).then((result) => {
      const { products, source, phasesMs } = result as LoadResult;
      this.options.log.info(
        { build, products, source, since: since.length, durationMs: Date.now() - asked, phasesMs },
        'render worker loaded the catalogue',
      );
      return worker;
    });
    this.workerLoaded = loaded;
    loaded.catch(() => {
      if (this.workerLoaded === loaded) this.dropWorker();
    });
    return loaded;
  }

  private dropWorker(): void {
    this.worker?.stop();
    this.worker = undefined;
    this.workerLoaded = undefined;
  }

  /**
   * Starts the worker for a new build and waits for its load, at most WORKER_WAIT_MS: a load that
   * fails or hangs must not keep the build from being served (the first publish waits for it, or
   * loads another). Never rejects.
   */
  private async workerReady(current: Current): Promise<void> {
    const loading = this.workerFor(current).catch((error) => {
      if (!this.stopped)
        this.options.log.warn({ error: String(error) }, 'the render worker could not load the catalogue');
    });
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, WORKER_WAIT_MS);
      timer.unref?.();
    });
    await Promise.race([loading, waited]);
    clearTimeout(timer);
  }

  /** `thenPublish`: this process publishes the changes that come after it (not `buildNow`'s one-off build). */
  private async fullBuild(reason: string, thenPublish = true): Promise<void> {
    const log = this.options.log;
    const started = Date.now();
    this.state = 'building';
    const build = new Date(started).toISOString().replace(/[:.]/g, '-');
    const dir = buildDirOf(this.root, build);
    const progress = createProgress('Building the site', log);
    log.info({ reason, build }, 'full build');
    // The last build's worker holds a whole catalogue: nothing publishes during a full build, so
    // it goes now rather than sit beside the new one.
    this.dropWorker();
    // Changes made from here on are published after the build, on top of it.
    const upTo = await waitingIds(this.options.database.db);
    linkNodeModules(this.root);
    progress.phase('compiling the pages');
    await runAstroBuild(dir, log);
    const worker = new RenderWorker(build, dir, this.options.apiUrl, log);
    const search = await openFileIndexer((count) => worker.tell({ type: 'indexed', count }));
    try {
      progress.phase('reading the catalogue');
      const loadAsked = Date.now();
      const load = (await worker.call({ type: 'load', source: 'api' })) as LoadResult;
      log.info(
        {
          build,
          products: load.products,
          source: load.source,
          durationMs: Date.now() - loadAsked,
          phasesMs: load.phasesMs,
        },
        'render worker loaded the catalogue',
      );
      progress.phase('rendering');
      const rendered = (await worker.call({ type: 'render-all', outDir: path.join(dir, 'client') }, (event) => {
        if (event.type === 'page') search.add(event.path, event.file);
        else {
          this.progress = { done: event.done, total: event.total };
          progress.update(event.done, event.total);
        }
      })) as RenderAllResult;
      // Pagefind is at its largest while it writes the index (gigabytes at 100,000 pages): the
      // worker and its catalogue leave first. A fresh worker loads for the next publish below.
      worker.stop();
      progress.phase('writing the search index');
      const pagefindDir = path.join(dir, 'client', 'pagefind');
      await search.finish(pagefindDir);
      writeFileSync(path.join(dir, 'search-ids.json'), JSON.stringify(await baseSearchIds(pagefindDir)));
      await search.close();
      const info: BuildInfo = {
        codeVersion: this.options.codeVersion,
        builtAt: new Date().toISOString(),
        durationMs: Date.now() - started,
        pages: rendered.pages,
      };
      writeFileSync(path.join(dir, 'build-info.json'), JSON.stringify(info));
      const built: Current = { build, layers: [], publishedAt: info.builtAt, delta: { changed: [], removed: [] } };
      // The worker for the changes after this build loads beside the warming, and the build is
      // served once both are done: a change made the moment the new site is served (a seller saw
      // it and edits at once; another instance's test) must not wait for the worker's cold start,
      // 3 to 9 s on a busy machine, which used to begin only after the build was served.
      const ready = thenPublish ? this.workerReady(built) : undefined;
      await Promise.all([
        this.options
          .prepare?.(path.join(dir, 'client'))
          .catch((error) => log.warn({ error: String(error) }, 'preparing the build failed')),
        ready,
      ]);
      const previous = this.view?.current.build;
      writeCurrent(this.root, built);
      this.refreshView(true);
      await changesPublished(this.options.database.db, upTo);
      removeOldBuilds(this.root, new Set([build, previous].filter((b): b is string => Boolean(b))));
      progress.done(
        `The site is built: ${rendered.pages.toLocaleString('en-US')} pages in ${seconds(info.durationMs)}`,
      );
      this.progress = null;
      releaseBuildMemory();
    } catch (error) {
      worker.stop();
      await search.close().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
      progress.fail();
      this.progress = null;
      throw error;
    }
  }

  private async publish(current: Current, batch: QueuedRow[]): Promise<void> {
    const started = Date.now();
    this.state = 'publishing';
    const worker = await this.workerFor(current);
    const layers = current.layers.length >= MAX_LAYERS ? [] : current.layers;
    const layer = (current.layers.at(-1) ?? 0) + 1;
    const outDir = layerDirOf(this.root, current.build, layer);
    // A layer left by a publish that crashed before it was named in current.json.
    rmSync(outDir, { recursive: true, force: true });
    mkdirSync(outDir, { recursive: true });
    const view = this.view as SiteView;
    const result = (await worker.call({
      type: 'publish',
      changes: batch.filter((r) => r.kind !== 'all').map((r) => ({ kind: r.kind as 'product' | 'store', ref: r.ref })),
      outDir,
      delta: current.delta,
      files: view.layeredFiles(),
    })) as PublishResult;
    if (layers.length === 0 && current.layers.length > 0) foldLayers(view, outDir, result);
    const manifest: LayerManifest = {
      files: listFiles(outDir),
      removed: [...new Set([...result.removed, ...(layers.length === 0 ? view.removedFiles() : [])])].filter(
        (f) => !existsSync(path.join(outDir, f)),
      ),
      pages: result.pages,
      durationMs: Date.now() - started,
      changes: batch.length,
    };
    writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest));
    writeCurrent(this.root, {
      build: current.build,
      layers: [...layers, layer],
      publishedAt: new Date().toISOString(),
      delta: result.delta,
    });
    this.refreshView(true);
    await changesPublished(
      this.options.database.db,
      batch.map((row) => row.id),
    );
    this.options.log.info(
      { changes: batch.length, pages: result.pages, files: manifest.files.length, durationMs: manifest.durationMs },
      'published',
    );
  }
}

/**
 * Many layers fold into one: the files of the older layers that the new one did not write are
 * hard-linked into it (no copy), so the new layer alone stands for all of them.
 */
function foldLayers(view: SiteView, outDir: string, result: PublishResult): void {
  const written = new Set(result.written);
  for (const [rel, file] of Object.entries(view.layeredFiles())) {
    if (written.has(rel) || rel === 'manifest.json') continue;
    const target = path.join(outDir, rel);
    if (existsSync(target)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    try {
      // Atomic and instant; a copy where the filesystem has no hard links.
      linkSync(file, target);
    } catch {
      writeFileSync(target, readFileSync(file));
    }
  }
}

function listFiles(dir: string, prefix = ''): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, rel));
    else if (rel !== 'manifest.json') out.push(rel);
  }
  return out;
}

/** Keeps the given builds, removes the rest. */
function removeOldBuilds(root: string, keep: Set<string>): void {
  for (const name of readdirSync(path.join(root, 'builds'))) {
    if (!keep.has(name)) rmSync(path.join(root, 'builds', name), { recursive: true, force: true });
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Everything that decides what the built pages' code is: a different value means a full build.
 * That is the code and the settings written into it (`pageBuildEnv`: the exchange rate).
 */
export function codeVersion(source: Record<string, string | undefined> = process.env): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify(pageBuildEnv(source)));
  const add = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) add(file);
      else if (!/\.test\.tsx?$/.test(entry.name))
        hash.update(file.slice(projectRoot.length)).update(readFileSync(file));
    }
  };
  add(path.join(projectRoot, 'src'));
  add(path.join(projectRoot, 'public'));
  for (const file of ['astro.config.mjs', 'package-lock.json', 'tsconfig.json']) {
    const full = path.join(projectRoot, file);
    if (existsSync(full)) hash.update(file).update(readFileSync(full));
  }
  return hash.digest('hex').slice(0, 16);
}
