import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { afterEach, describe, expect, it, vi } from 'vitest';

const FIREBASE = {
  PUBLIC_FIREBASE_API_KEY: 'AIza-test',
  PUBLIC_FIREBASE_AUTH_DOMAIN: 'yaad-test.firebaseapp.com',
  PUBLIC_FIREBASE_PROJECT_ID: 'yaad-test',
  PUBLIC_FIREBASE_APP_ID: '1:1:web:1',
};

/** The CSP the headers module builds for the given environment (env() parses it once, on first use). */
async function cspWith(vars: Record<string, string>) {
  vi.resetModules();
  for (const [k, v] of Object.entries(vars)) vi.stubEnv(k, v);
  const { securityHeaders } = await import('./security-headers');
  const app = new Hono().use(securityHeaders()).get('/', (c) => c.text('ok'));
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

describe('script-src', () => {
  it("has no 'unsafe-inline': inline scripts are allowed by their hashes only", async () => {
    const csp = await cspWith({});
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval';/);
    expect(csp).not.toMatch(/script-src [^;]*unsafe-inline/);
    const { contentSecurityPolicy } = await import('./security-headers');
    expect(contentSecurityPolicy(['abc=', 'def='])).toMatch(
      /script-src 'self' 'sha256-abc=' 'sha256-def=' 'wasm-unsafe-eval';/,
    );
  });

  it('hashes the text of each inline script a page runs, as the browser does, and nothing else', async () => {
    const { inlineScriptHashes } = await import('./security-headers');
    const code = '(()=>{ document.body.dataset.ready = "é"; })()';
    const html = `<head><script>${code}</script><script type="module">${code}</script>
      <script type="application/ld+json">{"@type":"Product"}</script><script src="/_astro/app.js"></script>
      <script type="module" src="/_astro/x.js"></script></head>`;
    const sha = createHash('sha256').update(code, 'utf8').digest('base64');
    expect(inlineScriptHashes(html)).toEqual([sha]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});

describe('other headers', () => {
  const headersFor = async (siteUrl?: string) => {
    const { securityHeaders } = await import('./security-headers');
    const app = new Hono().use(securityHeaders({ siteUrl })).get('/', (c) => c.text('ok'));
    return (await app.request('/')).headers;
  };

  it('refuses other origins embedding, and camera, microphone, location, payment and USB', async () => {
    const headers = await headersFor();
    expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('permissions-policy')).toBe(
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    );
  });

  it('sends HSTS only when the public address is https', async () => {
    expect((await headersFor('https://yaad.example')).get('strict-transport-security')).toBe('max-age=31536000');
    expect((await headersFor('http://localhost:4321')).get('strict-transport-security')).toBeNull();
    expect((await headersFor()).get('strict-transport-security')).toBeNull();
  });
});
