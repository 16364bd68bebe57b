import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installBrowser, mockFetch } from '../../../tests/fixtures/browser';
import type { User } from '../contract/auth';

const tanisha: User = {
  id: 'u1',
  name: 'Tanisha Campbell',
  email: 'buyer@yaad.test',
  role: 'buyer',
  phone: null,
  verified: false,
  emailVerified: false,
  profilePicture: null,
};

let browser: ReturnType<typeof installBrowser>;
let events = 0;
async function load() {
  vi.resetModules();
  browser = installBrowser();
  events = 0;
  window.addEventListener('yaad:session', () => events++);
  return import('./session');
}

beforeEach(() => vi.unstubAllGlobals());

describe('session store', () => {
  it('login puts the user in $user, the first-name hint in local storage, and announces it', async () => {
    const { login, $user, usesFirebase } = await load();
    expect(usesFirebase).toBe(false);
    const calls = mockFetch({ 'POST /auth/login': () => ({ json: { user: tanisha } }) });
    await login('buyer@yaad.test', 'yaadmarket-demo');
    expect($user.get()).toEqual(tanisha);
    expect(JSON.parse(browser.local.getItem('yaad-user') ?? '')).toEqual({ firstName: 'Tanisha' });
    expect(events).toBe(1);
    expect(calls.calls[0]).toMatchObject({ method: 'POST', path: '/auth/login' });
    // The session token is never kept where scripts can read it.
    expect(JSON.stringify([...Array(browser.local.length)].map((_, i) => browser.local.key(i)))).not.toMatch(/token/i);
  });

  it('refreshSession: a 401 means signed out, and the hint goes', async () => {
    const { refreshSession, $user } = await load();
    browser.local.setItem('yaad-user', JSON.stringify({ firstName: 'Stale' }));
    mockFetch({ 'GET /auth/me': () => ({ status: 401, json: { message: 'Authentication required.' } }) });
    expect(await refreshSession()).toBeNull();
    expect($user.get()).toBeNull();
    expect(browser.local.getItem('yaad-user')).toBeNull();
    expect(events).toBe(1);
  });

  it('refreshSession passes other failures on, leaving the state unknown', async () => {
    const { refreshSession, $user } = await load();
    mockFetch({ 'GET /auth/me': () => ({ status: 503, json: { message: 'down' } }) });
    await expect(refreshSession()).rejects.toMatchObject({ status: 503 });
    expect($user.get()).toBeUndefined();
  });

  it('logout signs out here even when the server cannot be reached, and says it was not complete', async () => {
    const { login, logout, $user } = await load();
    mockFetch({ 'POST /auth/login': () => ({ json: { user: tanisha } }) });
    await login('buyer@yaad.test', 'x');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    expect(await logout()).toBe(false);
    expect($user.get()).toBeNull();
    expect(browser.local.getItem('yaad-user')).toBeNull();
    mockFetch({ 'POST /auth/logout': () => ({ json: { message: 'Logged out' } }) });
    expect(await logout()).toBe(true);
  });

  it('register calls the built-in provider and does not sign in', async () => {
    const { register, $user } = await load();
    const calls = mockFetch({ 'POST /auth/register': () => ({ status: 201, json: { user: tanisha } }) });
    await register('Tanisha Campbell', 'buyer@yaad.test', 'secret1');
    expect(calls.calls[0].body).toEqual({ name: 'Tanisha Campbell', email: 'buyer@yaad.test', password: 'secret1' });
    expect($user.get()).toBeUndefined();
  });
});
