/**
 * Several `npm start` instances on one PostgreSQL and one shared DATA_DIR (docs/decisions/008):
 * exactly one publishes, every one serves the newest site, a change made through one is served
 * by the other within seconds (told by NOTIFY: the kept API answers of the other instance are
 * forgotten and its publisher wakes, docs/decisions/030), and when the publisher dies another
 * takes over. Runs in the
 * PostgreSQL pass (`npm run test:pg`, CI); PGlite is one process by design. Each instance is a
 * shop process of its own (tests/fixtures/shop-process.ts) over this test's database and folder.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { stores } from '../../src/server/db/schema';
import { createPostgresDatabase } from '../fixtures/database';
import { gatedSuiteRuns } from '../fixtures/gated';
import { signInSeller, type Who } from '../fixtures/orders';
import { type ShopProcess, startShopProcess } from '../fixtures/shop-process';

const pgUrl = process.env.TEST_DATABASE_URL;
const PRODUCT = 'hand-thrown-clay-vase-decor-piece';
const SELLER = 'kingston-home-and-garden';
const TOKEN = 'two-instances-token-0123456789';

let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
let dataDir: string;
const instances: ShopProcess[] = [];
let seller: Who;

/**
 * One instance over the shared database and folder, once its API answers (its first build may
 * still run). `publicUrl`: the shop's one public address, as behind a load balancer.
 */
async function start(publicUrl?: string): Promise<ShopProcess> {
  const instance = await startShopProcess(
    {
      DATABASE_URL: fresh.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      REBUILD_TOKEN: TOKEN,
      SEED_SAMPLE_DATA: 'true',
      // Kept answers live a minute and the publisher looks by itself once a minute: within these
      // tests, only a change told across instances can make another instance's read or page fresh.
      CATALOG_CACHE_MS: '60000',
      PUBLISH_POLL_MS: '60000',
      ...(publicUrl ? { PUBLIC_SITE_URL: publicUrl } : {}),
    },
    { readyPath: '/api/v1/health', timeoutMs: 60_000 },
  );
  instances.push(instance);
  return instance;
}

const get = (i: ShopProcess, p: string, headers: Record<string, string> = {}) =>
  fetch(`${i.origin}${p}`, { headers, signal: AbortSignal.timeout(5000) }).catch(() => undefined);

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number, i?: ShopProcess): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      // The instance's own lines (not its request log) say why.
      const log = (i?.output() ?? '').split('\n').filter((l) => !l.includes('"msg":"request"'));
      throw new Error(`${what}: not within ${ms} ms\n${log.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const served = (i: ShopProcess, p: string, text: string) => async () => {
  const res = await get(i, p);
  return res?.ok && (await res.text()).includes(text) ? true : undefined;
};

const status = async (i: ShopProcess) =>
  (await (await get(i, '/api/v1/admin/rebuild', { authorization: `Bearer ${TOKEN}` }))?.json()) as
    | { publisher: boolean; waiting: number }
    | undefined;

async function rename(through: ShopProcess, name: string) {
  const res = await fetch(`${through.origin}/api/v1/seller/products/${PRODUCT}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${seller.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  expect(res.status, await res.text()).toBe(200);
}

describe.runIf(gatedSuiteRuns('postgres', Boolean(pgUrl), 'TEST_DATABASE_URL'))(
  'two instances on one PostgreSQL',
  () => {
    beforeAll(async () => {
      fresh = await createPostgresDatabase(pgUrl as string);
      dataDir = mkdtempSync(path.join(tmpdir(), 'yaad-two-'));
      // The first seeds the database; the second starts once it answers.
      const a = await start();
      await start(a.origin);
      const database = await openDatabase({ url: fresh.url });
      seller = await signInSeller(database.db, SELLER);
      // A PostgreSQL server gets no demo accounts: the store is handed to this test's seller.
      await database.db.update(stores).set({ ownerId: seller.id }).where(eq(stores.id, SELLER));
      await database.close();
      for (const i of instances)
        await until('the first build is served', served(i, '/', 'Featured Products'), 180_000, i);
    }, 300_000);

    afterAll(async () => {
      // Each instance's process group (the shop and any build it runs), before its database goes.
      await Promise.all(instances.map((i) => i.stop()));
      await fresh?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('exactly one publishes; a change made through one is served by the other within 10 s', async () => {
      const [a, b] = instances;
      const roles = [await status(a), await status(b)];
      expect(roles.filter((s) => s?.publisher)).toHaveLength(1);
      // Through the instance that does not publish, served by the one that does, and the other way round.
      const follower = roles[0]?.publisher ? b : a;
      const leader = follower === a ? b : a;
      for (const [through, readBy, name] of [
        [follower, leader, 'Clay Vase Made Through The Follower'],
        [leader, follower, 'Clay Vase Made Through The Publisher'],
      ] as const) {
        const started = Date.now();
        await rename(through, name);
        await until(`"${name}" served`, served(readBy, `/product/${PRODUCT}`, name), 10_000, readBy);
        expect(Date.now() - started).toBeLessThan(10_000);
      }
    }, 60_000);

    it("a change written through one instance is the other's next API answer at once, and wakes its publisher", async () => {
      const [a, b] = instances;
      const leader = (await status(a))?.publisher ? a : b;
      const follower = leader === a ? b : a;
      const nameOf = async (i: ShopProcess) =>
        ((await (await get(i, `/api/v1/products/${PRODUCT}`))?.json()) as { name?: string } | undefined)?.name;
      for (const [through, readBy, name] of [
        [follower, leader, 'Clay Vase Heard By The Publisher'],
        [leader, follower, 'Clay Vase Heard By The Follower'],
      ] as const) {
        // A guest's read, kept by the reading instance for a minute.
        expect(await nameOf(readBy)).not.toBe(name);
        expect(await nameOf(readBy)).not.toBe(name);
        await rename(through, name);
        await until(
          `"${name}" answered by the other instance`,
          async () => ((await nameOf(readBy)) === name ? true : undefined),
          2000,
          readBy,
        );
        // The publisher was told: it publishes well before its own look, a minute after it last
        // looked (the 30 s leaves room for a render worker still loading beside a new build, at most
        // 15 s: site/publisher.ts, WORKER_WAIT_MS).
        await until(`"${name}" published`, served(readBy, `/product/${PRODUCT}`, name), 30_000, readBy);
      }
    }, 90_000);

    it('when the publisher dies, the other takes over and publishes', async () => {
      const [a, b] = instances;
      const leader = (await status(a))?.publisher ? a : b;
      const survivor = leader === a ? b : a;
      leader.kill(); // a crash: no lock or connection is let go on purpose
      await until(
        'the survivor publishes',
        async () => ((await status(survivor))?.publisher ? true : undefined),
        30_000,
        survivor,
      );
      await rename(survivor, 'Clay Vase After The Takeover');
      await until(
        'the change is served',
        served(survivor, `/product/${PRODUCT}`, 'Clay Vase After The Takeover'),
        30_000,
        survivor,
      );
    }, 120_000);
  },
);
