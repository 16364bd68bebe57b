import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/app';
import { createTestApp, type TestApp, testConfig } from '../fixtures/app';
import { listen } from '../fixtures/http';

let t: TestApp;
let net: Awaited<ReturnType<typeof listen>>;
beforeAll(async () => {
  t = await createTestApp();
  // The same API over real HTTP, so that requests come from several loopback addresses.
  net = await listen(createApi({ database: t.database, config: testConfig() }));
});
afterAll(async () => {
  await net?.close();
  await t?.close();
});

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

/** Sign in over HTTP from a client address (127.0.0.x). */
const login = (from: string, email: string, password: string) =>
  net.from(from).post('/api/v1/auth/login', { email, password });
const register = (email: string) => post('/auth/register', { name: 'Shopper', email, password: 'right-password' });

describe('the sign-in lock counts per address and account', () => {
  it('8 wrong guesses at X from A lock X at A only: the owner from B gets in, another shopper from A gets in', async () => {
    await register('x@yaad.test');
    await register('y@yaad.test');
    const A = '127.0.0.11';
    const B = '127.0.0.12';
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await login(A, 'x@yaad.test', `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const locked = await login(A, 'x@yaad.test', 'right-password');
    expect(locked.status).toBe(429);
    expect(JSON.parse(locked.body)).toMatchObject({ message: 'Too many failed attempts. Try again later.' });
    expect((await login(B, 'x@yaad.test', 'right-password')).status).toBe(200);
    expect((await login(A, 'y@yaad.test', 'right-password')).status).toBe(200);
  });

  it('an address failing across 30 accounts within 15 minutes is refused for every account', {
    timeout: 120_000,
  }, async () => {
    await register('z@yaad.test');
    const C = '127.0.0.13';
    // Sent together (scrypt is the slow part): the address's count is kept under a lock all the same.
    const sprayed = await Promise.all(Array.from({ length: 29 }, (_, i) => login(C, `spray-${i}@yaad.test`, 'guess')));
    expect(sprayed.map((r) => r.status)).toEqual(Array(29).fill(401));
    // 29 accounts: a shopper at the same (shared) address still signs in.
    expect((await login(C, 'z@yaad.test', 'right-password')).status).toBe(200);
    expect((await login(C, 'spray-29@yaad.test', 'guess')).status).toBe(401);
    expect((await login(C, 'z@yaad.test', 'right-password')).status).toBe(429);
    expect((await login(C, 'spray-30@yaad.test', 'guess')).status).toBe(429);
    expect((await login('127.0.0.14', 'z@yaad.test', 'right-password')).status).toBe(200);
  });

  it('100 parallel guesses from one address at one account: at most 5 are checked', async () => {
    await register('w@yaad.test');
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login('127.0.0.15', 'w@yaad.test', `guess-${i}`)),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    expect(answers.filter((a) => a.status !== 401 && a.status !== 429)).toEqual([]);
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect((await login('127.0.0.16', 'w@yaad.test', 'right-password')).status).toBe(200);
  });

  it('guesses at one account from many addresses still stop: 50 within 15 minutes lock it everywhere', {
    timeout: 120_000,
  }, async () => {
    await register('v@yaad.test');
    // Ten addresses at once, each guessing 5 times in a row.
    const perAddress = await Promise.all(
      Array.from({ length: 10 }, async (_, a) => {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) statuses.push((await login(`127.0.1.${a + 1}`, 'v@yaad.test', `g${i}`)).status);
        return statuses;
      }),
    );
    expect(perAddress.flat()).toEqual(Array(50).fill(401));
    expect((await login('127.0.1.99', 'v@yaad.test', 'right-password')).status).toBe(429);
  });
});
