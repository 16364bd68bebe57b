/**
 * The full build's saved catalogue (docs/decisions/008, amended 2026-11-23): a render worker that
 * reads the build's saved catalogue, plus through the API what was published since the build,
 * renders the same pages as one that read everything through the API; a change made after the
 * build is published on top of it. Real `astro build`, real render workers over real HTTP.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { seedSampleData } from '../../src/server/db/seed/seed';
import { createLogger } from '../../src/server/http/logger';
import { catalogFileOf } from '../../src/server/site/catalog-file';
import { linkNodeModules, RenderWorker, runAstroBuild } from '../../src/server/site/child-processes';
import type { LoadResult, PublishResult, QueuedChange } from '../../src/server/site/worker-protocol';
import { testConfig } from '../fixtures/app';
import { openTestDatabase } from '../fixtures/database';
import { listen } from '../fixtures/http';
import { productOf, signInSeller, type Who } from '../fixtures/orders';

const STORE = 'blue-mountain-roasters';
const log = createLogger('silent');
let database: Database;
let server: Awaited<ReturnType<typeof listen>>;
let apiUrl: string;
let root: string;
let buildDir: string;
let seller: Who;
let first: { id: string; name: string };
let second: { id: string; name: string };
const workers: RenderWorker[] = [];

function worker(): RenderWorker {
  const w = new RenderWorker('b', buildDir, apiUrl, log);
  workers.push(w);
  return w;
}

async function rename(id: string, name: string) {
  const res = await fetch(`${apiUrl}/seller/products/${id}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** A publish of `changes` into a fresh layer folder: each written file's text. */
async function publishWith(w: RenderWorker, name: string, changes: QueuedChange[]): Promise<Map<string, string>> {
  const outDir = path.join(root, 'layers', name);
  mkdirSync(outDir, { recursive: true });
  const result = (await w.call({
    type: 'publish',
    changes,
    outDir,
    delta: { changed: [], removed: [] },
    files: {},
  })) as PublishResult;
  return new Map(result.written.map((f) => [f, readFileSync(path.join(outDir, f), 'utf8')]));
}

/** Around the first character where two texts differ: the built worker's, then the file's. */
function whereTheyPart(built: string, file: string): string {
  let at = 0;
  while (at < built.length && built[at] === file[at]) at++;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 120), at + 120));
  return `at character ${at}:\nbuilt: ${around(built)}\nfile:  ${around(file)}`;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await seedSampleData(database.db, { demoAccounts: true });
  server = await listen(createApi({ database, config: testConfig(), log }));
  apiUrl = `http://127.0.0.1:${server.port}/api/v1`;
  seller = await signInSeller(database.db, STORE);
  first = await productOf(database.db, STORE, { priceCents: 1_500, stock: 5 }, 0);
  second = await productOf(database.db, STORE, { priceCents: 2_500, stock: 5 }, 1);
  root = mkdtempSync(path.join(tmpdir(), 'yaad-saved-catalogue-'));
  linkNodeModules(root);
  buildDir = path.join(root, 'builds', 'b');
  await runAstroBuild(buildDir, log);
  // What the full build writes after Pagefind (a publish reads it for the small search index).
  writeFileSync(path.join(buildDir, 'search-ids.json'), '{}');
}, 240_000);

afterAll(async () => {
  for (const w of workers) w.stop();
  await server?.close();
  await database?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe("the full build's saved catalogue", () => {
  let built: RenderWorker;

  it('is written by the full build’s load through the API', async () => {
    built = worker();
    const loaded = (await built.call({ type: 'load', source: 'api' })) as LoadResult;
    expect(loaded.source).toBe('api');
    expect(loaded.products).toBeGreaterThan(200);
    expect(existsSync(catalogFileOf(buildDir))).toBe(true);
    const lines = readFileSync(catalogFileOf(buildDir), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(loaded.products);
    expect(loaded.phasesMs).toHaveProperty('readThroughApi');
  }, 60_000);

  it('a worker loaded from it publishes the same pages as the build’s own worker, with the change made after the build on top', async () => {
    await rename(first.id, 'Peaberry Renamed After The Build');
    await rename(second.id, 'Second Roast Renamed After The Build');
    const fromFile = worker();
    const loaded = (await fromFile.call({ type: 'load', source: 'build', since: [] })) as LoadResult;
    expect(loaded.source).toBe('build');
    expect(loaded.phasesMs).toHaveProperty('readSavedFile');
    expect(loaded.phasesMs).not.toHaveProperty('readThroughApi');

    const changes: QueuedChange[] = [
      { kind: 'product', ref: first.id },
      { kind: 'product', ref: second.id },
    ];
    const byBuilt = await publishWith(built, 'built', changes);
    const byFile = await publishWith(fromFile, 'file', changes);
    expect([...byFile.keys()].sort()).toEqual([...byBuilt.keys()].sort());
    // Compared whole: a failure names the file and shows where the two first part, not two pages.
    for (const [file, text] of byBuilt) {
      const other = byFile.get(file) ?? '';
      if (other !== text) expect.fail(`${file} differs ${whereTheyPart(text, other)}`);
    }
    expect(byFile.get(`product/${first.id}/index.html`)).toContain('Peaberry Renamed After The Build');
    expect(byFile.get(`seller/${STORE}/index.html`)).toContain('Second Roast Renamed After The Build');
  }, 60_000);

  it('products published since the build are read again: the same pages as a worker that read everything through the API', async () => {
    // The second product's rename was published (it is in the delta); the first is changed again, still queued.
    await rename(second.id, 'Second Roast Published Since The Build');
    await rename(first.id, 'Peaberry Changed Once More');
    const fromFile = worker();
    const loaded = (await fromFile.call({ type: 'load', source: 'build', since: [second.id] })) as LoadResult;
    expect(loaded.source).toBe('build');

    // Without the saved file, a worker reads everything through the API.
    rmSync(catalogFileOf(buildDir));
    const fromApi = worker();
    expect(((await fromApi.call({ type: 'load', source: 'build', since: [] })) as LoadResult).source).toBe('api');

    const changes: QueuedChange[] = [{ kind: 'product', ref: first.id }];
    const byFile = await publishWith(fromFile, 'file-since', changes);
    const byApi = await publishWith(fromApi, 'api-now', changes);
    // The saved catalogue still has the first product where the build put it, so its old
    // neighbours are rendered as well: every page the API-loaded worker renders, it renders alike.
    for (const [file, text] of byApi) expect(byFile.get(file) === text, `${file} differs`).toBe(true);
    const sellerPage = byFile.get(`seller/${STORE}/index.html`);
    expect(sellerPage).toContain('Second Roast Published Since The Build');
    expect(sellerPage).toContain('Peaberry Changed Once More');
  }, 60_000);
});
