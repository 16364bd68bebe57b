import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { caller, signIn } from '../fixtures/orders';

/**
 * Requests that race one another. Run with `npm run test:pg -- tests/api/races.test.ts`: only
 * PostgreSQL's pool runs them truly at once (PGlite has one connection and takes them in turn).
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
});
afterAll(() => t?.close());

describe('two users changing to the same e-mail at once (issue 12 #12)', () => {
  it('one wins, the other is the 409 "This email is already registered." (20 rounds)', async () => {
    for (let round = 0; round < 20; round++) {
      const one = await signIn(t.database.db, `race-a-${round}@yaad.test`, 'Racer One');
      const two = await signIn(t.database.db, `race-b-${round}@yaad.test`, 'Racer Two');
      const email = `wanted-${round}@yaad.test`;
      const answers = await Promise.all(
        [one, two].map((who) => call(who, 'PUT', '/users/profile', { name: 'Racer', email })),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
      const lost = answers.find((a) => a.status === 409);
      expect(lost?.body).toMatchObject({
        message: 'This email is already registered.',
        code: 'conflict',
        errors: { email: 'This email is already registered.' },
      });
    }
  });
});
