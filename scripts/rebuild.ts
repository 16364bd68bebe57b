/**
 * `npm run rebuild [-- --full]`: publishes the site now.
 * - When the shop is running (its health check answers) and REBUILD_TOKEN is set, asks it through
 *   POST /api/v1/admin/rebuild (with --full: every page again) and follows its status until done.
 * - Otherwise (or with --direct, which `npm run build` uses) makes a full build here: the API is
 *   served in this process on a free local port for the render worker, as `npm start` does.
 */
import type { Server } from 'node:http';
import { parseEnv } from '../src/server/env';

const config = parseEnv();
const direct = process.argv.includes('--direct');
const full = process.argv.includes('--full');
const base = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}/api/v1`;

async function serverIsUp(): Promise<boolean> {
  try {
    return (await fetch(`${base}/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function throughServer(token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const before = await (await fetch(`${base}/admin/rebuild`, { headers })).json();
  const res = await fetch(`${base}/admin/rebuild${full ? '?full=true' : ''}`, { method: 'POST', headers });
  if (res.status !== 202) throw new Error(`The server refused: ${res.status} ${await res.text()}`);
  console.info(full ? 'Full rebuild requested; waiting for the new build…' : 'Publishing the waiting changes…');
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const status = await (await fetch(`${base}/admin/rebuild`, { headers })).json();
    if (status.state === 'failed') throw new Error(`Publishing failed: ${status.lastError}`);
    if (status.progress) process.stdout.write(`\r${status.progress.done} of ${status.progress.total} pages`);
    const finished = full ? status.lastBuild?.builtAt !== before.lastBuild?.builtAt : status.waiting === 0;
    if (finished && status.state === 'idle') {
      console.info(
        full
          ? `\nThe new site is live (built in ${Math.round(status.lastBuild.durationMs / 1000)} s).`
          : 'The site is up to date.',
      );
      return;
    }
  }
}

async function here() {
  const { serve } = await import('@hono/node-server');
  const { getRuntime } = await import('../src/server/runtime');
  const { createServerApp } = await import('../src/server/server');
  const { codeVersion, Publisher } = await import('../src/server/site/publisher');
  const runtime = await getRuntime();
  const app = createServerApp(runtime);
  const { keepConnectionsOpen } = await import('../src/server/http/keep-alive');
  // The render worker reads the catalogue from this server over kept-alive connections: kept as the
  // shop keeps them, or a read can meet a connection closing under load (docs/decisions/057).
  const server = keepConnectionsOpen(serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }) as Server);
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const publisher = new Publisher({
    dataDir: config.DATA_DIR,
    log: runtime.log,
    database: runtime.database,
    apiUrl: `http://127.0.0.1:${port}/api/v1`,
    codeVersion: codeVersion(),
  });
  await publisher.buildNow();
  console.info(`Built into ${publisher.currentView()?.clientDir}`);
  server.close();
  await runtime.database.close();
}

try {
  if (!direct && (await serverIsUp())) {
    if (!config.REBUILD_TOKEN)
      throw new Error('The shop is running: set REBUILD_TOKEN (the same as the server) to ask it to publish.');
    await throughServer(config.REBUILD_TOKEN);
  } else {
    await here();
  }
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
