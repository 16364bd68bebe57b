/**
 * The API-wide rules (the 1 MB JSON body limit, mutationGuard, the public-read cache) read what a
 * route takes from the route itself (src/server/http/route-facts.ts), not from a list of paths.
 * Held here against the contract and the answers: a route whose contract takes a file declares it
 * and is let by; a route that declares nothing is refused; the reads kept and shared are exactly
 * the ones whose route lists the cache. A route added or renamed without its fact fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApi, PUBLIC_CATALOG_READS } from '../../src/server/app';
import type { Database } from '../../src/server/db/client';
import { CATALOG_CACHE_CONTROL, catalogCache, forgetCatalogAnswers } from '../../src/server/http/catalog-cache';
import { factOf, ownHandler } from '../../src/server/http/route-facts';
import { testConfig } from '../fixtures/app';
import { openTestDatabase } from '../fixtures/database';

const ORIGIN = 'http://shop.test';
let database: Database;
let api: ReturnType<typeof createApi>;
type Operation = { parameters?: { in: string; required?: boolean; name: string }[]; requestBody?: unknown };
let doc: { paths: Record<string, Record<string, Operation>> };
let productId: string;
let storeId: string;

beforeAll(async () => {
  database = await openTestDatabase({ seeded: true });
  api = createApi({ database, config: testConfig() });
  doc = await (await api.request(`${ORIGIN}/api/v1/openapi.json`)).json();
  const list = await (await api.request(`${ORIGIN}/api/v1/products?limit=1`)).json();
  productId = list.products[0].id;
  storeId = list.products[0].store.id;
});
afterAll(() => database?.close());

/** "METHOD /api/v1/path/:param" of every registered route declaring `fact`. */
const declaring = (fact: string) =>
  [...new Set(api.routes.filter((r) => factOf(r.handler) === fact).map((r) => `${r.method} ${r.path}`))].sort();

/** A real path for a route pattern: a seeded product or store where it names one, else `x`. */
const filled = (path: string) =>
  path
    .replace(/^\/api\/v1\/seller\/stores\/:id/, `/api/v1/seller/stores/${storeId}`)
    .replace(/^\/api\/v1\/products\/:id/, `/api/v1/products/${productId}`)
    .replace(':category', 'Electronics')
    .replace(/:\w+/g, 'x');

const post = (path: string, init: RequestInit) => api.request(`${ORIGIN}${path}`, { method: 'POST', ...init });
/** A multipart body of about `bytes` from the shop's own page, its length declared. */
const multipart = (bytes: number): RequestInit => {
  const body = new TextEncoder().encode(
    `--b\r\nContent-Disposition: form-data; name="file"; filename="f.csv"\r\nContent-Type: text/csv\r\n\r\n${'a'.repeat(bytes)}\r\n--b--\r\n`,
  );
  return {
    headers: {
      origin: ORIGIN,
      'content-type': 'multipart/form-data; boundary=b',
      'content-length': String(body.length),
    },
    body,
  };
};

/** "METHOD /api/v1/path/:param" of every operation whose contract takes multipart/form-data. */
const takingFiles = () =>
  Object.entries(doc.paths)
    .flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => JSON.stringify(op.requestBody ?? {}).includes('"multipart/form-data"'))
        .map(([method]) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort();

describe('a route that takes a file says so itself', () => {
  it('every operation whose contract takes multipart/form-data declares it, and only those', () => {
    expect(takingFiles().length).toBeGreaterThanOrEqual(2);
    expect(declaring('file')).toEqual(takingFiles());
  });

  it('is let past the 1 MB JSON rule (a guest is asked who they are, unread), and nothing else is', async () => {
    for (const route of takingFiles()) {
      const path = filled(route.split(' ')[1]);
      const res = await post(path, multipart(1_500_000));
      expect(res.status, path).toBe(401);
      // The same file one slash off, or to a route that takes JSON, is refused as not JSON.
      const slashed = await post(`${path}/`, multipart(10));
      expect(slashed.status, `${path}/`).toBe(415);
    }
    const json = await post('/api/v1/seller/products', multipart(10));
    expect(json.status).toBe(415);
    expect((await json.json()).code).toBe('unsupported_media_type');
    const big = await post('/api/v1/seller/products', multipart(1_500_000));
    expect(big.status).toBe(413);
  });
});

describe('the other exceptions are declared by their routes, and only by them', () => {
  it('the one-click unsubscribe takes a form without an Origin', async () => {
    expect(declaring('oneClickForm')).toEqual(['POST /api/v1/newsletter/unsubscribe/:token']);
    const form = {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    };
    // A made-up token: unknown (404), not refused as a form (415).
    expect((await post(`/api/v1/newsletter/unsubscribe/${'x'.repeat(43)}`, form)).status).toBe(404);
    expect((await post('/api/v1/newsletter', form)).status).toBe(415);
  });

  it('the gateway’s return and callback take a form from any origin', async () => {
    expect(declaring('gatewayPost')).toEqual([
      'GET /api/v1/payments/return',
      'POST /api/v1/payments/callback',
      'POST /api/v1/payments/return',
    ]);
    const fromGateway = {
      headers: { origin: 'https://gateway.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'status=success',
    };
    for (const path of ['/api/v1/payments/return', '/api/v1/payments/callback']) {
      const res = await post(path, fromGateway);
      // It names no order of the shop: refused by the payment's own check, not by the guard.
      expect(res.status, path).toBe(400);
      expect((await res.json()).code, path).toBe('payment_refused');
    }
    expect((await post('/api/v1/newsletter', fromGateway)).status).toBe(403);
  });
});

describe('the public reads', () => {
  it('kept and shared are exactly the reads whose route lists the cache', async () => {
    forgetCatalogAnswers();
    // The list the docs and tests read is the one the app serves from.
    const listing = api.routes.filter((r) => ownHandler(r.handler) === catalogCache).map((r) => r.path);
    expect([...new Set(listing)].sort()).toEqual(PUBLIC_CATALOG_READS.map((p) => `/api/v1${p}`).sort());
    expect(PUBLIC_CATALOG_READS.length).toBeGreaterThanOrEqual(8);
    const shared: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      const read = ops.get;
      if (!read) continue;
      const pattern = path.replace(/\{(\w+)\}/g, ':$1');
      const query = (read.parameters ?? [])
        .filter((p) => p.in === 'query' && p.required)
        .map((p) => `${p.name}=${p.name === 'parish' ? 'Kingston' : 'x'}`)
        .join('&');
      const res = await api.request(`${ORIGIN}${filled(pattern)}${query ? `?${query}` : ''}`);
      await res.arrayBuffer();
      if (res.headers.get('cache-control') === CATALOG_CACHE_CONTROL) shared.push(pattern.replace(/^\/api\/v1/, ''));
    }
    expect(shared.sort()).toEqual([...PUBLIC_CATALOG_READS].sort());
  });
});
