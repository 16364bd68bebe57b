import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { createLogger } from '../../src/server/http/logger';
import { createServerApp } from '../../src/server/server';
import { testConfig } from '../fixtures/app';
import { openTestDatabase } from '../fixtures/database';

/** The whole server (API + media), as `npm start` mounts it: the API's own answers must win under /api/v1. */
let database: Database;
let app: ReturnType<typeof createServerApp>;

beforeAll(async () => {
  database = await openTestDatabase();
  const config = testConfig();
  app = createServerApp({ database, config, log: createLogger('silent') });
});
afterAll(() => database?.close());

async function send(method: string, path: string) {
  const res = await app.request(`http://shop.test${path}`, { method });
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    type,
    body: method !== 'HEAD' && type.includes('json') ? await res.json() : await res.text(),
    res,
  };
}

describe('unknown API paths and methods (issue 12 #13)', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/'],
    ['GET', '/api/v1'],
    ['POST', '/api/v1/products/x/y/z'],
    ['GET', '/api/v1/orders/a/b/c/d'],
    ['DELETE', '/api/v1/does-not-exist'],
  ])('%s %s is a JSON 404', async (method, path) => {
    const r = await send(method, path);
    expect(r.status).toBe(404);
    expect(r.type).toContain('application/json');
    expect(r.body).toMatchObject({ code: 'not_found' });
    expect(typeof r.body.message).toBe('string');
  });

  it.each([
    ['DELETE', '/api/v1/products', 'GET'],
    ['POST', '/api/v1/products/abc', 'GET'],
    ['PATCH', '/api/v1/cart', 'GET'],
    ['GET', '/api/v1/orders/update-status/abc', 'PUT'],
    ['PUT', '/api/v1/health', 'GET'],
    ['GET', '/api/v1/users/addresses/abc', 'DELETE, PUT'],
  ])('%s %s is a JSON 405 with Allow', async (method, path, allow) => {
    const r = await send(method, path);
    expect(r.status).toBe(405);
    expect(r.type).toContain('application/json');
    expect(r.body).toMatchObject({ code: 'method_not_allowed' });
    expect(r.body.message).toMatch(/not allowed/i);
    expect(r.res.headers.get('allow')).toBe(allow);
  });

  it('known routes still answer', async () => {
    expect((await send('GET', '/api/v1/health')).status).toBe(200);
    expect((await send('HEAD', '/api/v1/health')).status).toBe(200);
    expect((await send('GET', '/api/v1/products/no-such-id')).body).toMatchObject({ code: 'not_found' });
  });
});
