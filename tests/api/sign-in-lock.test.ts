import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const post = (path: string, json: unknown) => t.call(path, { method: 'POST', json });

describe('the sign-in lock under parallel guesses', () => {
  it('checks at most 5 of 100 wrong passwords sent at once; the rest are refused with 429', async () => {
    await post('/auth/register', { name: 'Race Target', email: 'race@yaad.test', password: 'right-password' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post('/auth/login', { email: 'race@yaad.test', password: `guess-${i}` })),
    );
    const statuses = answers.map((r) => r.status);
    const checked = statuses.filter((s) => s === 401).length;
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([]);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    // And the lock holds afterwards, even for the right password.
    expect((await post('/auth/login', { email: 'race@yaad.test', password: 'right-password' })).status).toBe(429);
  });
});
