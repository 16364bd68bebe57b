import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/http/logger';
import { Publisher } from '../../src/server/site/publisher';
import { createTestApp, type TestApp } from '../fixtures/app';
import { firebaseKeys } from '../fixtures/firebase';
import { startTestGateway } from '../fixtures/payments/test-gateway-browser';
import { runFuzz, summarise } from '../fuzz/api-fuzz';

/*
 * The property-based fuzzer (tests/fuzz/api-fuzz.ts) over every operation of /api/v1/openapi.json,
 * as a guest, a buyer, a seller and an operator, with the public-read cache on as shops run it and
 * card payments on the offline test gateway (its own port, over the test's database), as
 * `npm start` runs without a gateway configured: card orders start real attempts and the gateway's
 * returns are verified with it, so the payment calls are fuzzed past "cannot be verified".
 * `npm test` runs a short round; `npm run fuzz` runs FUZZ_REQUESTS (20,000) with a seed of
 * FUZZ_SEED, and prints the figures docs/fuzzing.md records.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 200);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);
const REBUILD_TOKEN = 'fuzz-rebuild-token-0123456789';

let t: TestApp;
let dataDir: string;
let idTokens: string[];
let gateway: Awaited<ReturnType<typeof startTestGateway>> | undefined;
beforeAll(async () => {
  // Photos are stored under DATA_DIR: a folder of the run's own.
  dataDir = await mkdtemp(path.join(tmpdir(), 'yaad-fuzz-'));
  // Firebase sign-in configured with local keys, so firebase-login is fuzzed past "not configured".
  const keys = await firebaseKeys();
  t = await createTestApp({
    seed: true,
    firebase: keys.verifier,
    payments: async (database) => {
      gateway = await startTestGateway(database.db);
      return gateway.provider;
    },
    config: { DATA_DIR: dataDir, REBUILD_TOKEN },
    // The rebuild hook answers from the publisher's state; this one is never started (no build).
    site: (database) =>
      new Publisher({
        dataDir,
        database,
        log: createLogger('silent'),
        apiUrl: 'http://127.0.0.1:9',
        codeVersion: 'fuzz',
      }),
  });
  idTokens = await Promise.all([
    keys.idToken({ email: 'fuzz-firebase@yaad.test', email_verified: true }),
    keys.idToken({ email: 'fuzz-buyer@yaad.test', email_verified: false }),
    keys.idToken({}, { expiresIn: -10 }),
  ]);
});
afterAll(async () => {
  await t?.close();
  await gateway?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('API fuzzer', () => {
  it(
    `a valid round and ${REQUESTS} drawn requests: nothing ≥ 500, every error JSON with a message, no write after a 4xx, every operation 2xx at least once (seed ${SEED})`,
    async () => {
      const report = await runFuzz(t, {
        requests: REQUESTS,
        seed: SEED,
        known: { idtoken: idTokens },
        rebuildToken: REBUILD_TOKEN,
        onProgress: (n) => process.stderr.write(`fuzz: ${n} requests\n`),
      });
      const { failures, examples, byOperation, ...figures } = report;
      if (process.env.FUZZ_REPORT)
        (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
      process.stdout.write(`fuzz figures (seed ${SEED}): ${JSON.stringify(figures)}\n`);
      expect(summarise(failures)).toEqual([]);
      expect(report.requests).toBe(REQUESTS + report.validRound.sent);
      expect(Object.values(report.byPrincipal).every((n) => n > 0)).toBe(true);
      expect(report.validRound.not2xx).toEqual([]);
      expect(report.operationsWithout2xx).toEqual([]);
    },
    Math.max(300_000, REQUESTS * 600),
  );
});
