import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { firebaseKeys } from '../fixtures/firebase';
import { runFuzz, summarise } from '../fuzz/api-fuzz';

/*
 * The property-based fuzzer (tests/fuzz/api-fuzz.ts) over every operation of /api/v1/openapi.json,
 * as a guest, a buyer and a seller. `npm test` runs a short round; `npm run fuzz` runs
 * FUZZ_REQUESTS (20,000) with a seed of FUZZ_SEED, and prints the figures docs/fuzzing.md records.
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 100_000);

let t: TestApp;
let idTokens: string[];
beforeAll(async () => {
  // Firebase sign-in configured with local keys, so firebase-login is fuzzed past "not configured".
  const keys = await firebaseKeys();
  t = await createTestApp({ seed: true, firebase: keys.verifier });
  idTokens = await Promise.all([
    keys.idToken({ email: 'fuzz-firebase@yaad.test', email_verified: true }),
    keys.idToken({ email: 'fuzz-buyer@yaad.test', email_verified: false }),
    keys.idToken({}, { expiresIn: -10 }),
  ]);
});
afterAll(() => t?.close());

describe('API fuzzer', () => {
  it(
    `${REQUESTS} requests: nothing ≥ 500, every error JSON with a message, no write after a 4xx (seed ${SEED})`,
    async () => {
      const report = await runFuzz(t, {
        requests: REQUESTS,
        seed: SEED,
        known: { idtoken: idTokens },
        onProgress: (n) => process.stderr.write(`fuzz: ${n} requests\n`),
      });
      const { failures, examples, byOperation, ...figures } = report;
      if (process.env.FUZZ_REPORT)
        (await import('node:fs')).writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(report, null, 2));
      process.stdout.write(`fuzz figures (seed ${SEED}): ${JSON.stringify(figures)}\n`);
      expect(summarise(failures)).toEqual([]);
      expect(report.requests).toBe(REQUESTS);
      expect(Object.values(report.byPrincipal).every((n) => n > 0)).toBe(true);
    },
    Math.max(120_000, REQUESTS * 200),
  );
});
