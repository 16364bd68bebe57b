/**
 * The publisher's child processes (docs/decisions/008): `astro build`, and the handle of a render
 * worker (src/server/site/render-worker.ts) that numbers requests and routes its replies and events.
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { existsSync, rmSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../http/logger';
import type { WorkerCall, WorkerEvent, WorkerIndexed, WorkerReply, WorkerRequest } from './worker-protocol';

const projectRoot = fileURLToPath(new URL('../../..', import.meta.url));

/**
 * The bundle a build makes imports packages by name; Node finds them by walking up from the
 * bundle's folder. With DATA_DIR outside the project there is no node_modules above it, so the
 * site folder gets a link to the project's.
 */
export function linkNodeModules(root: string): void {
  const link = path.join(root, 'node_modules');
  const target = path.join(projectRoot, 'node_modules');
  try {
    if (statSync(link).isDirectory()) return;
  } catch {}
  rmSync(link, { force: true });
  symlinkSync(target, link, 'dir');
}

/** The project's pinned Node 24 when installed (the shop may have been started by an older `node`). */
function pinnedNode(): string {
  const pinned = path.join(projectRoot, 'node_modules/node/bin/node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/** `astro build` in a child process: the prerendered pages and the catalogue bundle. */
export function runAstroBuild(outDir: string, log: Logger): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(pinnedNode(), [path.join(projectRoot, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: projectRoot,
      // Always a production build, whatever started the shop (a test runner sets NODE_ENV=test):
      // the bundle's JSX must match the production React the render worker runs.
      env: { ...process.env, NODE_ENV: 'production', SITE_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Astro's own lines are kept for an error report, not printed: the progress line says where the build is.
    const tail: string[] = [];
    const onLine = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        tail.push(line);
        if (tail.length > 40) tail.shift();
        log.debug(`[astro] ${line}`);
      }
    };
    child.stdout.on('data', onLine);
    child.stderr.on('data', onLine);
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`astro build exited with ${code}: ${tail.slice(-8).join(' | ')}`)),
    );
  });
}

/** The render worker process of one build (src/server/site/render-worker.ts). */
export class RenderWorker {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly calls = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: Error) => void; onEvent?: (event: WorkerEvent) => void }
  >();
  private readonly ready: Promise<void>;
  private exited: Error | undefined;

  constructor(
    readonly build: string,
    buildDir: string,
    apiUrl: string,
    log: Logger,
  ) {
    this.child = fork(fileURLToPath(new URL('./render-worker.ts', import.meta.url)), [], {
      execPath: pinnedNode(),
      execArgv: [
        '--import',
        'tsx',
        '--max-old-space-size=3072',
        // PUBLISH_CPU_PROF=DIR: a CPU profile of the render worker, to see where rendering goes.
        ...(process.env.PUBLISH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PUBLISH_CPU_PROF}`] : []),
      ],
      // NODE_ENV=production: the bundle's React renders in its production build (the development
      // one validates every element: in a profile it was most of a page's render time).
      env: { ...process.env, NODE_ENV: 'production', BUILD_DIR: buildDir, CATALOG_API_URL: apiUrl },
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const tail: string[] = [];
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) tail.push(line) > 40 && tail.shift();
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.ready = new Promise((resolve, reject) => {
      this.child.on('message', (message: WorkerReply | WorkerEvent) => {
        if (message.type === 'ready') resolve();
        else if (message.type === 'progress' || message.type === 'page') {
          for (const call of this.calls.values()) call.onEvent?.(message);
        } else if (message.type === 'reply') {
          const call = this.calls.get(message.id);
          this.calls.delete(message.id);
          if (message.ok) call?.resolve(message.result);
          else call?.reject(new Error(message.error));
        }
      });
      this.child.on('exit', (code, signal) => {
        this.exited = new Error(`the render worker stopped (${signal ?? code}): ${tail.slice(-6).join(' | ')}`);
        if (code !== 0 && signal !== 'SIGTERM') log.warn('render worker stopped', { code, signal });
        reject(this.exited);
        for (const call of this.calls.values()) call.reject(this.exited);
        this.calls.clear();
      });
    });
    this.ready.catch(() => {});
  }

  async call(request: WorkerCall, onEvent?: (event: WorkerEvent) => void): Promise<unknown> {
    await this.ready;
    if (this.exited) throw this.exited;
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.calls.set(id, { resolve, reject, onEvent });
      this.child.send({ ...request, id } as WorkerRequest);
    });
  }

  /** A message that is not a request (no reply): the full build's indexing progress. */
  tell(message: WorkerIndexed): void {
    if (this.child.connected) this.child.send(message);
  }

  stop(): void {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
  }
}
