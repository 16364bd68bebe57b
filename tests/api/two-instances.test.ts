/**
 * Several `npm start` instances on one PostgreSQL and one shared DATA_DIR (docs/decisions/008):
 * exactly one publishes, every one serves the newest site, a change made through one is served
 * by the other within seconds, and when the publisher dies another takes over. Runs in the
 * PostgreSQL pass (`npm run test:pg`, CI); PGlite is one process by design.
 */
import { type ChildProcess, spawn } from 'node:child_process';
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

const pgUrl = process.env.TEST_DATABASE_URL;
const PRODUCT = 'hand-thrown-clay-vase-decor-piece';
const SELLER = 'kingston-home-and-garden';
const TOKEN = 'two-instances-token-0123456789';
const ports = [4461 + (process.pid % 20) * 2, 4462 + (process.pid % 20) * 2];

type Instance = { port: number; child: ChildProcess; output: string[] };
let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
let dataDir: string;
const instances: Instance[] = [];
let seller: Who;

function start(port: number): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: fresh.url,
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: 'info',
      REBUILD_TOKEN: TOKEN,
      SEED_SAMPLE_DATA: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const instance = { port, child, output: [] as string[] };
  const keep = (b: Buffer) => instance.output.push(b.toString());
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  instances.push(instance);
  return instance;
}

const get = (i: Instance, p: string, headers: Record<string, string> = {}) =>
  fetch(`http://127.0.0.1:${i.port}${p}`, { headers, signal: AbortSignal.timeout(5000) }).catch(() => undefined);

async function until<T>(what: string, probe: () => Promise<T | undefined>, ms: number, i?: Instance): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      // The instance's own lines (not its request log) say why.
      const log = (i?.output.join('') ?? '').split('\n').filter((l) => !l.includes('"msg":"request"'));
      throw new Error(`${what}: not within ${ms} ms\n${log.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

const served = (i: Instance, p: string, text: string) => async () => {
  const res = await get(i, p);
  return res?.ok && (await res.text()).includes(text) ? true : undefined;
};

const status = async (i: Instance) =>
  (await (await get(i, '/api/v1/admin/rebuild', { authorization: `Bearer ${TOKEN}` }))?.json()) as
    | { publisher: boolean; waiting: number }
    | undefined;

async function rename(through: Instance, name: string) {
  const res = await fetch(`http://127.0.0.1:${through.port}/api/v1/seller/products/${PRODUCT}`, {
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
      const a = start(ports[0]);
      // The first seeds the database; the second starts once it answers.
      await until(
        'instance A answers',
        async () => ((await get(a, '/api/v1/health'))?.ok ? true : undefined),
        60_000,
        a,
      );
      const b = start(ports[1]);
      await until(
        'instance B answers',
        async () => ((await get(b, '/api/v1/health'))?.ok ? true : undefined),
        60_000,
        b,
      );
      const database = await openDatabase({ url: fresh.url });
      seller = await signInSeller(database.db, SELLER);
      // A PostgreSQL server gets no demo accounts: the store is handed to this test's seller.
      await database.db.update(stores).set({ ownerId: seller.id }).where(eq(stores.id, SELLER));
      await database.close();
      for (const i of instances)
        await until('the first build is served', served(i, '/', 'Featured Products'), 180_000, i);
    }, 300_000);

    afterAll(async () => {
      for (const i of instances) i.child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 500));
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

    it('when the publisher dies, the other takes over and publishes', async () => {
      const [a, b] = instances;
      const leader = (await status(a))?.publisher ? a : b;
      const survivor = leader === a ? b : a;
      leader.child.kill('SIGKILL');
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
