import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import type { Logger } from '../http/logger';

export type BuildInfo = { catalogVersion: string | null; builtAt: string; durationMs: number };
export type BuildStatus = {
  state: 'idle' | 'building' | 'failed';
  pending: boolean;
  lastBuild: BuildInfo | null;
  lastError: string | null;
};

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));
const DEBOUNCE_MS = 1500;

type Options = {
  dataDir: string;
  log: Logger;
  /** The API the build reads the catalogue from; undefined means in-process (no server running). */
  apiUrl?: string;
  /** Reads the catalogue version the build will be made from. */
  catalogVersion: () => Promise<string | undefined>;
  /** Runs on a finished build before it is served (warming caches); a failure here is only logged. */
  prepare?: (outDir: string) => Promise<void>;
};

/**
 * Builds the static site into a new folder, indexes it with Pagefind and swaps it in with one
 * atomic rename, so the server never serves a half-built site. Requests are debounced and a build
 * never runs twice at once: a request during a build runs once more after it.
 */
export class SiteBuilder {
  readonly root: string;
  private current: string | undefined;
  private running: Promise<void> | undefined;
  private pending = false;
  private timer: NodeJS.Timeout | undefined;
  private lastError: string | null = null;
  private failed = false;

  constructor(private readonly options: Options) {
    this.root = path.resolve(options.dataDir, 'site');
    mkdirSync(path.join(this.root, 'builds'), { recursive: true });
    this.current = this.readCurrent();
  }

  /** The folder being served, or undefined before the first build. */
  currentDir(): string | undefined {
    return this.current;
  }

  lastBuild(): BuildInfo | null {
    if (!this.current) return null;
    try {
      return JSON.parse(readFileSync(path.join(this.current, 'build-info.json'), 'utf8')) as BuildInfo;
    } catch {
      return null;
    }
  }

  status(): BuildStatus {
    return {
      state: this.running ? 'building' : this.failed ? 'failed' : 'idle',
      pending: this.pending || this.timer !== undefined,
      lastBuild: this.lastBuild(),
      lastError: this.lastError,
    };
  }

  /** True when there is no site yet or it was built from an older catalogue. */
  async isStale(): Promise<boolean> {
    const built = this.lastBuild();
    if (!built) return true;
    return (await this.options.catalogVersion()) !== (built.catalogVersion ?? undefined);
  }

  /**
   * Asks for a rebuild after `delayMs` of quiet; many requests in a burst make one build. The
   * admin hook asks for one at once; stock moving with orders waits longer (the pages refresh
   * price and stock live, so the static copy only needs to catch up).
   */
  request(reason: string, delayMs = DEBOUNCE_MS): void {
    this.options.log.info('site rebuild requested', { reason });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.build().catch(() => {});
    }, delayMs);
    this.timer.unref?.();
  }

  /** Builds now, or once more after the build under way. Resolves when the site served is current. */
  build(): Promise<void> {
    if (this.running) {
      this.pending = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.pending) {
        this.pending = false;
        void this.build().catch(() => {});
      }
    });
    return this.running;
  }

  private async run(): Promise<void> {
    const started = Date.now();
    const catalogVersion = (await this.options.catalogVersion()) ?? null;
    const outDir = path.join(this.root, 'builds', `${new Date(started).toISOString().replace(/[:.]/g, '-')}`);
    const log = this.options.log;
    log.info('building the site', { outDir });
    try {
      await runAstroBuild(outDir, this.options.apiUrl, log);
      const { indexSite } = await import('./search-index');
      await indexSite(outDir, log);
      const info: BuildInfo = { catalogVersion, builtAt: new Date().toISOString(), durationMs: Date.now() - started };
      writeFileSync(path.join(outDir, 'build-info.json'), JSON.stringify(info));
      await this.options
        .prepare?.(outDir)
        .catch((error) =>
          log.warn('preparing the build failed', { error: error instanceof Error ? error.message : String(error) }),
        );
      this.swapIn(outDir);
      this.failed = false;
      this.lastError = null;
      log.info('site built', { durationMs: info.durationMs });
    } catch (error) {
      this.failed = true;
      this.lastError = error instanceof Error ? error.message : String(error);
      rmSync(outDir, { recursive: true, force: true });
      log.error('site build failed', { error: this.lastError });
      throw error;
    }
  }

  /** Points `current` at the new build with one rename (atomic on POSIX) and keeps one previous build. */
  private swapIn(outDir: string) {
    const link = path.join(this.root, 'current');
    const tmp = `${link}.${process.pid}.tmp`;
    rmSync(tmp, { force: true });
    symlinkSync(path.relative(this.root, outDir), tmp);
    renameSync(tmp, link);
    const previous = this.current;
    this.current = outDir;
    const keep = new Set([outDir, previous].filter(Boolean).map((p) => path.basename(p as string)));
    for (const name of readdirSync(path.join(this.root, 'builds'))) {
      if (!keep.has(name)) rmSync(path.join(this.root, 'builds', name), { recursive: true, force: true });
    }
  }

  private readCurrent(): string | undefined {
    const link = path.join(this.root, 'current');
    try {
      const target = path.resolve(this.root, readlinkSync(link));
      return existsSync(path.join(target, 'build-info.json')) ? target : undefined;
    } catch {
      return undefined;
    }
  }
}

/** The project's pinned Node 24 when installed (the shop may have been started by an older `node`). */
function buildNode(): string {
  const pinned = path.join(projectRoot, 'node_modules/node/bin/node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/** `astro build` in a child process (the build is CPU-heavy; the server keeps answering meanwhile). */
function runAstroBuild(outDir: string, apiUrl: string | undefined, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(buildNode(), [path.join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: projectRoot,
      env: {
        ...process.env,
        SITE_OUT_DIR: outDir,
        ASTRO_TELEMETRY_DISABLED: '1',
        ...(apiUrl ? { CATALOG_API_URL: apiUrl } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const tail: string[] = [];
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 30) tail.shift();
        log.info(`[build] ${stripVTControlCharacters(line)}`);
      }
    };
    child.stdout.on('data', onLine);
    child.stderr.on('data', onLine);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}: ${tail.slice(-5).join(' | ')}`)),
    );
  });
}
