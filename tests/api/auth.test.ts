import { eq, sql } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApi } from '../../src/server/app';
import { dummyHash, verifyPassword } from '../../src/server/auth/password';
import { loginFailures, sessions, users } from '../../src/server/db/schema';
import { authenticate } from '../../src/server/services/accounts';
import { createTestApp, type TestApp, testConfig } from '../fixtures/app';
import { emulatorToken, firebaseKeys } from '../fixtures/firebase';

// The real password check, watched: which stored hash each sign-in compares against.
vi.mock('../../src/server/auth/password', async (load) => {
  const real = await load<typeof import('../../src/server/auth/password')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
});
afterAll(() => t?.close());

const post = (path: string, json: unknown, headers: Record<string, string> = {}) =>
  t.call(path, { method: 'POST', json, headers });
const cookieOf = (res: Response) => res.headers.get('set-cookie') ?? '';
const tokenOf = (res: Response) => /token=([^;]+)/.exec(cookieOf(res))?.[1] ?? '';

describe('POST /auth/register', () => {
  it('creates a shopper, hashing the password, without signing in', async () => {
    const res = await post('/auth/register', {
      name: ' Andre Brown ',
      email: 'Andre@Example.com',
      password: 'irie-123',
    });
    expect(res.status).toBe(201);
    const { user } = await res.json();
    expect(user).toMatchObject({ name: 'Andre Brown', email: 'andre@example.com', role: 'buyer' });
    expect(JSON.stringify(user)).not.toContain('irie-123');
    expect(cookieOf(res)).toBe('');
  });

  it.each([
    [{ name: '', email: 'a@b.co', password: 'secret1' }, 'Please fill in all fields'],
    [{ email: 'a@b.co', password: 'secret1' }, 'Please fill in all fields'],
    [{ name: 'A', email: 'not-mail', password: 'secret1' }, 'Please enter a valid email address.'],
    [{ name: 'A', email: 'a@b.co', password: '12345' }, 'Password must be at least 6 characters.'],
  ])('refuses %j with "%s"', async (input, message) => {
    const res = await post('/auth/register', input);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
  });

  it('refuses an address that is already registered, in any case', async () => {
    const res = await post('/auth/register', { name: 'Copy', email: 'BUYER@yaad.test', password: 'secret1' });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe('This email is already registered.');
  });
});

describe('POST /auth/login, GET /auth/me, POST /auth/logout', () => {
  it('signs in with an httpOnly, SameSite=Lax session cookie that /auth/me accepts, also as a Bearer token', async () => {
    const res = await post('/auth/login', { email: 'buyer@yaad.test', password: 'yaadmarket-demo' });
    expect(res.status).toBe(200);
    expect((await res.json()).user.name).toBe('Tanisha Campbell');
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/token=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);
    const token = tokenOf(res);
    const viaCookie = await t.call('/auth/me', { headers: { cookie: `token=${token}` } });
    expect((await viaCookie.json()).user.email).toBe('buyer@yaad.test');
    const viaBearer = await t.call('/auth/me', { headers: { authorization: `Bearer ${token}` } });
    expect(viaBearer.status).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const wrong = await post('/auth/login', { email: 'buyer@yaad.test', password: 'nope-nope' }, { 'x-test': '1' });
    const unknown = await post('/auth/login', { email: 'nobody@yaad.test', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
  });

  it('says "Invalid email format." for something that is not an e-mail address', async () => {
    const res = await post('/auth/login', { email: 'buyer-at-yaad', password: 'whatever' });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toContain('Invalid email format.');
    expect(body.errors.email).toBe('Invalid email format.');
  });

  it("checks an unknown e-mail's password against a real hash, as it does a wrong password (no timing gap)", async () => {
    await post('/auth/register', { name: 'Timing', email: 'timing@yaad.test', password: 'right-password' });
    const [account] = await t.database.db.select().from(users).where(eq(users.email, 'timing@yaad.test'));
    vi.mocked(verifyPassword).mockClear();
    expect((await post('/auth/login', { email: 'timing@yaad.test', password: 'wrong-password' })).status).toBe(401);
    expect((await post('/auth/login', { email: 'nobody-timing@yaad.test', password: 'wrong-password' })).status).toBe(
      401,
    );
    // Both answers cost one scrypt derivation with the same parameters: the unknown e-mail's
    // against the dummy hash. Without it that path would skip scrypt and answer several times faster.
    const checked = vi.mocked(verifyPassword).mock.calls.map(([, stored]) => stored);
    expect(checked).toEqual([account.passwordHash, await dummyHash()]);
    const cost = (stored: string) => stored.split('$').slice(0, 4).join('$');
    expect(cost(checked[1])).toBe(cost(checked[0]));
    expect(cost(checked[0])).toMatch(/^scrypt\$\d+\$8\$1$/);
  });

  it('asks for both fields', async () => {
    const res = await post('/auth/login', { email: '', password: '' });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain('Please fill in all fields');
  });

  it('revokes the session on logout, so the same token no longer works', async () => {
    const token = tokenOf(await post('/auth/login', { email: 'buyer@yaad.test', password: 'yaadmarket-demo' }));
    expect((await t.call('/auth/me', { headers: { cookie: `token=${token}` } })).status).toBe(200);
    const out = await t.call('/auth/logout', { method: 'POST', headers: { cookie: `token=${token}` } });
    expect(out.status).toBe(200);
    expect(cookieOf(out)).toMatch(/token=;/);
    const after = await t.call('/auth/me', { headers: { cookie: `token=${token}` } });
    expect(after.status).toBe(401);
    expect((await t.call('/auth/me')).status).toBe(401);
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await post(
      '/auth/login',
      { email: 'buyer@yaad.test', password: 'yaadmarket-demo' },
      { origin: 'https://evil.example' },
    );
    expect(res.status).toBe(403);
  });

  it('locks sign-in after 5 failures within 15 minutes, even with the right password', async () => {
    await post('/auth/register', { name: 'Lock Test', email: 'lock@yaad.test', password: 'right-password' });
    for (let i = 0; i < 5; i++)
      expect((await post('/auth/login', { email: 'lock@yaad.test', password: `wrong-${i}` })).status).toBe(401);
    const locked = await post('/auth/login', { email: 'lock@yaad.test', password: 'right-password' });
    expect(locked.status).toBe(429);
    expect((await locked.json()).message).toBe('Too many failed attempts. Try again later.');
  });
});

describe('sign-in rules that need a closer look', () => {
  it('refuses a body that is not JSON', async () => {
    const res = await t.call('/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40yaad.test&password=yaadmarket-demo',
    });
    expect(res.status).toBe(415);
    expect(cookieOf(res)).toBe('');
  });

  it('accepts a same-origin Origin', async () => {
    const res = await post(
      '/auth/login',
      { email: 'buyer@yaad.test', password: 'yaadmarket-demo' },
      { origin: 'http://shop.test' },
    );
    expect(res.status).toBe(200);
  });

  it('marks the cookie Secure in production over HTTPS, or behind a proxy when the public address is HTTPS', async () => {
    for (const [config, url, secure] of [
      [{ NODE_ENV: 'production' }, 'https://shop.test', true],
      [{ NODE_ENV: 'production', PUBLIC_SITE_URL: 'https://yaad.example' }, 'http://shop.test', true],
      [{ NODE_ENV: 'production' }, 'http://shop.test', false],
      [{ NODE_ENV: 'development', PUBLIC_SITE_URL: 'https://yaad.example' }, 'https://shop.test', false],
    ] as const) {
      const api = createApi({ database: t.database, config: testConfig(config) });
      const res = await api.request(`${url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'buyer@yaad.test', password: 'yaadmarket-demo' }),
      });
      expect(res.status).toBe(200);
      expect(/;\s*Secure/i.test(cookieOf(res)), `${JSON.stringify(config)} ${url}`).toBe(secure);
    }
  });

  it('counts the lockout in the database: failures on one server instance lock sign-in on another', async () => {
    await post('/auth/register', { name: 'Two Servers', email: 'two@yaad.test', password: 'right-password' });
    const other = createApi({ database: t.database, config: testConfig() });
    const viaOther = (password: string) =>
      other.request('http://shop.test/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'two@yaad.test', password }),
      });
    for (let i = 0; i < 3; i++) expect((await viaOther(`wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i++)
      expect((await post('/auth/login', { email: 'two@yaad.test', password: `bad-${i}` })).status).toBe(401);
    expect((await viaOther('right-password')).status).toBe(429);
    const rows = await t.database.db
      .select()
      .from(loginFailures)
      .where(eq(loginFailures.subject, 'email:two@yaad.test'));
    expect(rows).toHaveLength(5);
  });

  it('forgets failures older than 15 minutes, and a success clears the count', async () => {
    await post('/auth/register', { name: 'Window', email: 'window@yaad.test', password: 'right-password' });
    for (let i = 0; i < 5; i++) await post('/auth/login', { email: 'window@yaad.test', password: `wrong-${i}` });
    expect((await post('/auth/login', { email: 'window@yaad.test', password: 'right-password' })).status).toBe(429);
    await t.database.db
      .update(loginFailures)
      .set({ createdAt: sql`now() - interval '16 minutes'` })
      .where(sql`${loginFailures.subject} like '%window@yaad.test'`);
    expect((await post('/auth/login', { email: 'window@yaad.test', password: 'right-password' })).status).toBe(200);
    const left = await t.database.db
      .select()
      .from(loginFailures)
      .where(sql`${loginFailures.subject} like '%window@yaad.test'`);
    expect(left).toHaveLength(0);
  });

  it('locks a client address that fails at 30 accounts, and locks unknown e-mails like real ones', {
    timeout: 120_000,
  }, async () => {
    const db = t.database.db;
    const sprayed = await Promise.allSettled(
      Array.from({ length: 30 }, (_, i) => authenticate(db, `nobody-${i}@yaad.test`, 'guess', '203.0.113.7')),
    );
    expect(sprayed.map((r) => r.status === 'rejected' && (r.reason as { status: number }).status)).toEqual(
      Array(30).fill(401),
    );
    // The right password for a real account, from the same address: refused too.
    await expect(authenticate(db, 'buyer@yaad.test', 'yaadmarket-demo', '203.0.113.7')).rejects.toMatchObject({
      status: 429,
      message: 'Too many failed attempts. Try again later.',
    });
    // From elsewhere it works.
    await expect(authenticate(db, 'buyer@yaad.test', 'yaadmarket-demo', '198.51.100.2')).resolves.toMatchObject({
      email: 'buyer@yaad.test',
    });
    // An unknown account locks after 5 as well, so the lock reveals nothing either.
    for (let i = 0; i < 5; i++)
      await expect(authenticate(db, 'ghost@yaad.test', `g${i}`, 'unknown')).rejects.toMatchObject({ status: 401 });
    await expect(authenticate(db, 'ghost@yaad.test', 'g', 'unknown')).rejects.toMatchObject({ status: 429 });
  });

  it('behind a trusted proxy, counts the address the proxy saw (the last X-Forwarded-For entry)', {
    timeout: 120_000,
  }, async () => {
    const proxied = createApi({ database: t.database, config: testConfig({ TRUST_PROXY: 'true' }) });
    const attempt = (email: string, password: string, forwardedFor: string) =>
      proxied.request('http://shop.test/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email, password }),
      });
    // The client makes up a different first entry each time; the proxy's entry stays the same.
    const sprayed = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(`spray-${i}@yaad.test`, 'guess', `10.9.9.${i}, 192.0.2.50`)),
    );
    expect(sprayed.map((r) => r.status)).toEqual(Array(30).fill(401));
    expect((await attempt('buyer@yaad.test', 'yaadmarket-demo', '10.0.0.1, 192.0.2.50')).status).toBe(429);
    expect((await attempt('buyer@yaad.test', 'yaadmarket-demo', '192.0.2.51')).status).toBe(200);
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.subject, 'ip:192.0.2.50'));
    expect(rows).toHaveLength(30);
    // Without TRUST_PROXY the header is ignored: no failure is counted against an address it names.
    await post('/auth/login', { email: 'spray-x@yaad.test', password: 'guess' }, { 'x-forwarded-for': '192.0.2.99' });
    const none = await t.database.db.select().from(loginFailures).where(eq(loginFailures.subject, 'ip:192.0.2.99'));
    expect(none).toHaveLength(0);
  });

  it('stores passwords as scrypt hashes with their parameters, never in clear', async () => {
    await post('/auth/register', { name: 'Hash', email: 'hash@yaad.test', password: 'plain-secret' });
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'hash@yaad.test'));
    expect(row.passwordHash).toMatch(new RegExp(`^scrypt\\$${process.env.SCRYPT_N}\\$8\\$1\\$[\\w+/=]+\\$[\\w+/=]+$`));
    expect(row.passwordHash).not.toContain('plain-secret');
  });

  it('stores only a hash of the session token', async () => {
    const token = tokenOf(await post('/auth/login', { email: 'hash@yaad.test', password: 'plain-secret' }));
    const [row] = await t.database.db.select().from(users).where(eq(users.email, 'hash@yaad.test'));
    const stored = await t.database.db.select().from(sessions).where(eq(sessions.userId, row.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].tokenHash).not.toBe(token);
    expect(stored[0].tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /auth/firebase-login', () => {
  let fb: TestApp;
  let keys: Awaited<ReturnType<typeof firebaseKeys>>;
  beforeAll(async () => {
    keys = await firebaseKeys();
    fb = await createTestApp({ seed: true, firebase: keys.verifier });
  });
  afterAll(() => fb?.close());
  const exchange = (idToken: string, headers: Record<string, string> = {}) =>
    fb.call('/auth/firebase-login', { method: 'POST', json: { idToken }, headers });

  it('answers "Firebase is not properly configured" (503) on a server without Firebase', async () => {
    const res = await post('/auth/firebase-login', { idToken: await keys.idToken() });
    expect(res.status).toBe(503);
    expect((await res.json()).message).toBe('Firebase is not properly configured');
  });

  it('creates a shopper on first sign-in (name from the register screen) and starts the same session as a password login', async () => {
    const idToken = await keys.idToken({ sub: 'fb-new-1', email: 'New.Shopper@Example.com' });
    const res = await exchange(idToken, { 'x-registration-name': encodeURIComponent('Zoë Brown') });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({
      name: 'Zoë Brown',
      email: 'new.shopper@example.com',
      role: 'buyer',
      emailVerified: false,
    });
    const cookie = cookieOf(res);
    expect(cookie).toMatch(/token=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await fb.call('/auth/me', { headers: { cookie: `token=${tokenOf(res)}` } });
    expect((await me.json()).user.email).toBe('new.shopper@example.com');

    // Signing in again finds the same user by uid, even after the e-mail changed in the shop.
    const again = await exchange(await keys.idToken({ sub: 'fb-new-1', email: 'new.shopper@example.com' }));
    expect((await again.json()).user.name).toBe('Zoë Brown');
    const [row] = await fb.database.db.select().from(users).where(eq(users.firebaseUid, 'fb-new-1'));
    expect(row.passwordHash).toBeNull();
  });

  it("makes a provider's or the register screen's name one line: control characters become spaces", async () => {
    const typed = await exchange(await keys.idToken({ sub: 'fb-lines-1', email: 'lines-1@example.com' }), {
      'x-registration-name': encodeURIComponent('Zoë\r\nBcc: x@evil.test'),
    });
    expect((await typed.json()).user.name).toBe('Zoë Bcc: x@evil.test');
    const google = await exchange(
      await keys.idToken({ sub: 'fb-lines-2', email: 'lines-2@example.com', name: 'Ann\u0085\tMarie' }),
    );
    expect((await google.json()).user.name).toBe('Ann Marie');
  });

  it("takes the Google profile's name and picture", async () => {
    const res = await exchange(
      await keys.idToken({
        sub: 'google-1',
        email: 'gal@gmail.example',
        email_verified: true,
        name: 'Gail Henry',
        picture: 'https://lh3.googleusercontent.com/a/gail',
        firebase: { sign_in_provider: 'google.com' },
      }),
    );
    expect((await res.json()).user).toMatchObject({
      name: 'Gail Henry',
      emailVerified: true,
      profilePicture: 'https://lh3.googleusercontent.com/a/gail',
    });
  });

  it('links an existing account only when Firebase has verified the e-mail', async () => {
    const unverified = await exchange(await keys.idToken({ sub: 'attacker', email: 'buyer@yaad.test' }));
    expect(unverified.status).toBe(409);
    expect((await unverified.json()).message).toBe('This email is already registered.');
    expect(cookieOf(unverified)).toBe('');

    const verified = await exchange(
      await keys.idToken({ sub: 'tanisha-google', email: 'buyer@yaad.test', email_verified: true }),
    );
    expect(verified.status).toBe(200);
    expect((await verified.json()).user).toMatchObject({ name: 'Tanisha Campbell', emailVerified: true });
    // The password still works too, and a second Firebase identity cannot take the account.
    const pw = await fb.call('/auth/login', {
      method: 'POST',
      json: { email: 'buyer@yaad.test', password: 'yaadmarket-demo' },
    });
    expect(pw.status).toBe(200);
    const second = await exchange(
      await keys.idToken({ sub: 'other-uid', email: 'buyer@yaad.test', email_verified: true }),
    );
    expect(second.status).toBe(409);
  });

  it('answers "Authentication failed" (401) for a forged, expired or foreign token, and sets no cookie', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    for (const idToken of [
      await keys.idToken({ email: 'x@example.com' }, { key: privateKey }),
      await keys.idToken({ email: 'x@example.com' }, { issuedAgo: 7200, expiresIn: 3600 }),
      await keys.idToken({ email: 'x@example.com', aud: 'another-project' }),
      emulatorToken({ sub: 'emu', email: 'x@example.com' }),
      'a'.repeat(30),
    ]) {
      const res = await exchange(idToken);
      expect(res.status).toBe(401);
      expect((await res.json()).message).toBe('Authentication failed');
      expect(cookieOf(res)).toBe('');
    }
  });

  it('needs an e-mail address on the identity, and a token in the body', async () => {
    const res = await exchange(await keys.idToken({ sub: 'phone-only' }));
    expect(res.status).toBe(400);
    const missing = await fb.call('/auth/firebase-login', { method: 'POST', json: {} });
    expect(missing.status).toBe(400);
  });

  it('refuses a token posted from another site', async () => {
    const res = await exchange(await keys.idToken({ email: 'y@example.com' }), { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
  });

  it('logout revokes a Firebase-started session like any other', async () => {
    const res = await exchange(await keys.idToken({ sub: 'fb-out', email: 'out@example.com' }));
    const token = tokenOf(res);
    await fb.call('/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect((await fb.call('/auth/me', { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
  });
});
