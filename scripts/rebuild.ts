/**
 * `npm run rebuild`: rebuilds the static site.
 * - When the shop is running (its health check answers) and REBUILD_TOKEN is set, asks it through
 *   POST /api/v1/admin/rebuild and follows the status until the new build is swapped in.
 * - Otherwise (or with --direct, which `npm run build` uses) builds here, reading the catalogue
 *   in-process, and swaps the result in the same way the server does.
 */
import { parseEnv } from '../src/server/env';

const config = parseEnv();
const direct = process.argv.includes('--direct');
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
  const res = await fetch(`${base}/admin/rebuild`, { method: 'POST', headers });
  if (res.status !== 202) throw new Error(`The server refused the rebuild: ${res.status} ${await res.text()}`);
  console.info('Rebuild requested; waiting for the new build…');
  const previous = before.lastBuild?.builtAt;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const status = await (await fetch(`${base}/admin/rebuild`, { headers })).json();
    if (status.state === 'failed') throw new Error(`The build failed: ${status.lastError}`);
    if (status.state === 'idle' && !status.pending && status.lastBuild?.builtAt !== previous) {
      console.info(`The new site is live (built in ${Math.round(status.lastBuild.durationMs / 1000)} s).`);
      return;
    }
  }
}

async function here() {
  const { getRuntime } = await import('../src/server/runtime');
  const { getCatalogVersion } = await import('../src/server/services/catalog-version');
  const { SiteBuilder } = await import('../src/server/site/builder');
  const runtime = await getRuntime();
  const version = await getCatalogVersion(runtime.database.db);
  // The child build opens the embedded database itself, so this process lets go of it first.
  if (runtime.database.kind === 'pglite') await runtime.database.close();
  const builder = new SiteBuilder({ dataDir: config.DATA_DIR, log: runtime.log, catalogVersion: async () => version });
  await builder.build();
  console.info(`Built into ${builder.currentDir()}`);
}

try {
  if (!direct && (await serverIsUp())) {
    if (!config.REBUILD_TOKEN)
      throw new Error('The shop is running: set REBUILD_TOKEN (the same as the server) to ask it to rebuild.');
    await throughServer(config.REBUILD_TOKEN);
  } else {
    await here();
  }
  process.exit(0);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
