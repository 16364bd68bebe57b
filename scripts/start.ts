/**
 * `npm start`: one process that opens (and on first run creates, migrates and seeds) the database,
 * serves the API and the site on one port, and builds the site when it is missing or stale.
 */
import { serve } from '@hono/node-server';
import { warmRasters } from '../src/server/routes/media';
import { getRuntime } from '../src/server/runtime';
import { createServerApp } from '../src/server/server';
import { getCatalogVersion } from '../src/server/services/catalog-version';
import { SiteBuilder } from '../src/server/site/builder';
import { firstScreenImages } from '../src/server/site/first-screen';

let runtime: Awaited<ReturnType<typeof getRuntime>>;
try {
  runtime = await getRuntime();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { config, database, log } = runtime;
const localHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
const origin = `http://${localHost.includes(':') ? `[${localHost}]` : localHost}:${config.PORT}`;

/**
 * The images that are the largest paint of the home and category pages are rendered before a new
 * build is served, so the first shopper does not wait for them (AVIF takes sharp 0.1–0.8 s each
 * here). At most 15 s is waited; the rest finishes in the background.
 */
async function warmFirstScreen(dir: string) {
  const started = Date.now();
  const urls = firstScreenImages(dir);
  const warming = warmRasters(urls).then((rendered) =>
    log.info('first-screen images ready', { images: urls.length, rendered, ms: Date.now() - started }),
  );
  await Promise.race([warming, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
}

const site = new SiteBuilder({
  dataDir: config.DATA_DIR,
  log,
  apiUrl: `${origin}/api/v1`,
  catalogVersion: () => getCatalogVersion(database.db),
  prepare: warmFirstScreen,
});
const app = createServerApp(runtime, site);

const server = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, () => {
  console.info(`Yaad Market is running at ${origin}/ (database: ${database.kind}, API: ${origin}/api/v1)`);
});
server.on('error', (error) => {
  console.error(`Could not listen on ${config.HOST}:${config.PORT}: ${error.message}`);
  process.exit(1);
});

const servedDir = site.currentDir();
if (servedDir) void warmFirstScreen(servedDir).catch(() => {});

if (await site.isStale()) {
  console.info(
    site.currentDir()
      ? 'The catalogue changed since the last build: rebuilding the site…'
      : 'Building the site for the first time…',
  );
  site.build().then(
    () => console.info(`The site is ready at ${origin}/`),
    (error) => console.error(`The site build failed: ${error instanceof Error ? error.message : error}`),
  );
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    void database.close().finally(() => process.exit(0));
  });
}
