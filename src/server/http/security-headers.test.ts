import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';

const FIREBASE = {
  PUBLIC_FIREBASE_API_KEY: 'AIza-test',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'yaad-test.firebaseapp.com',
  PUBLIC_FIREBASE_PROJECT_ID: 'yaad-test',
  PUBLIC_FIREBASE_APP_ID: '1:1:web:1',
};

/** The CSP the headers module builds for the given environment (it reads it once, at load). */
async function cspWith(vars: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  const { securityHeaders } = await import('./security-headers');
  const app = new Hono().use(securityHeaders).get('/', (c) => c.text('ok'));
  return (await app.request('/')).headers.get('content-security-policy') ?? '';
}

afterEach(() => vi.unstubAllEnvs());

describe('Content-Security-Policy and Firebase', () => {
  it('allows no Google host while Firebase is not configured', async () => {
    const csp = await cspWith({});
    expect(csp).not.toMatch(/googleapis|apis\.google\.com|firebaseapp/);
    expect(csp).toContain("frame-src 'self' blob:;");
  });

  it("allows Firebase Auth's hosts, the auth domain's frames and Google pictures when configured", async () => {
    const csp = await cspWith(FIREBASE);
    expect(csp).toMatch(/script-src [^;]*https:\/\/apis\.google\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/identitytoolkit\.googleapis\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/securetoken\.googleapis\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/yaad-test\.firebaseapp\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/lh3\.googleusercontent\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
