import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

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
