/**
 * `npm start`: one process that opens (and on first run creates, migrates and seeds) the database,
 * serves the API and the site on one port, and publishes the site: a full build when there is
 * none or the code changed, then every catalogue change within seconds (docs/decisions/008).
 * Several instances may share one PostgreSQL and one DATA_DIR: one of them publishes, all serve.
 */
import { localOrigin, publicSiteUrl } from '../src/server/env';
import { warmRasters } from '../src/server/routes/media';
import { getRuntime, startMailWorker, startPaymentSweeper } from '../src/server/runtime';
import { createShopServer } from '../src/server/server';
import { hearOtherInstances } from '../src/server/services/catalog-changes';
import { firstScreenImages } from '../src/server/site/first-screen';
import { codeVersion, Publisher } from '../src/server/site/publisher';

let runtime: Awaited<ReturnType<typeof getRuntime>>;
try {
  runtime = await getRuntime();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const { config, database, log } = runtime;
const origin = localOrigin(config);

/**
 * The images that are the largest paint of the home and category pages are rendered before a new
 * build is served, so the first shopper does not wait for them (AVIF takes sharp 0.1–0.8 s each
 * here). At most 15 s is waited; the rest finishes in the background.
 */
async function warmFirstScreen(dir: string) {
  const started = Date.now();
  const urls = firstScreenImages(dir);
  const warming = warmRasters(urls).then((rendered) =>
    log.info({ images: urls.length, rendered, ms: Date.now() - started }, 'first-screen images ready'),
  );
  await Promise.race([warming, new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
}

const site = new Publisher({
  dataDir: config.DATA_DIR,
  log,
  database,
  apiUrl: `${origin}/api/v1`,
  codeVersion: codeVersion(),
  prepare: warmFirstScreen,
  untoldPollMs: config.PUBLISH_POLL_MS,
});
const server = await createShopServer(runtime, site);
server.on('error', (error) => {
  console.error(`Could not listen on ${config.HOST}:${config.PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(config.PORT, config.HOST, () => {
  console.info(`Yaad Market is running at ${origin}/ (database: ${database.kind}, API: ${origin}/api/v1)`);
  console.info(
    config.PUBLIC_SITE_URL
      ? `Links in mail and the sitemap start with ${config.PUBLIC_SITE_URL} (PUBLIC_SITE_URL).`
      : `Links in mail and the sitemap start with ${publicSiteUrl(config)} (from HOST and PORT; set PUBLIC_SITE_URL to the address shoppers use).`,
  );
  if (!site.currentView())
    console.info('The site is being built for the first time; pages answer "opening" until then.');
});

// The catalogue changes other instances on this PostgreSQL make: their kept answers are forgotten
// here too, and the publisher, whichever instance it is, wakes (docs/decisions/030).
const stopHearing = await hearOtherInstances(database);

const servedDir = site.currentView()?.clientDir;
if (servedDir) void warmFirstScreen(servedDir).catch(() => {});
const publishing = site.run();
// Mail leaves through the outbox, beside the requests that queued it (docs/decisions/013).
const mail = startMailWorker(runtime);
// Card orders unpaid when their hold ends are cancelled, their stock back (docs/decisions/029).
const sweeper = startPaymentSweeper(runtime);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    site.stop();
    server.close();
    void Promise.race([
      Promise.all([publishing, mail.stop(), stopHearing(), sweeper.stop()]),
      new Promise((r) => setTimeout(r, 3000)),
    ])
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}
