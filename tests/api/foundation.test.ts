import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('health', () => {
  it('answers 200 with the database kind when the database answers', async () => {
    const res = await t.call('/health');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('ok');
    expect(body.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('keeps a sane incoming request id and replaces a hostile one', async () => {
    const kept = await t.call('/health', { headers: { 'x-request-id': 'lb-12345678' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-12345678');
    const replaced = await t.call('/health', { headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('<script>');
  });
});

describe('errors', () => {
  it('answers an unknown route with a JSON 404', async () => {
    const res = await t.call('/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: 'No API route for GET /api/v1/no-such-thing', code: 'not_found' });
  });

  it('refuses a cross-site mutating call (CSRF)', async () => {
    const res = await t.call('/admin/rebuild', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden', message: 'Cross-site request refused' });
  });

  it('refuses a mutating call whose body is not JSON', async () => {
    const res = await t.call('/admin/rebuild', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'a=1',
    });
    expect(res.status).toBe(415);
    expect((await res.json()).code).toBe('unsupported_media_type');
  });
});

describe('rebuild hook', () => {
  it('is closed without the token, and with a wrong one', async () => {
    const none = await t.call('/admin/rebuild', { method: 'POST' });
    expect(none.status).toBe(401);
    const wrong = await t.call('/admin/rebuild', { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: 'A valid rebuild token is required', code: 'unauthorized' });
  });
});

describe('OpenAPI', () => {
  it('documents every route from the contract', async () => {
    const res = await t.call('/openapi.json');
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/health', '/api/v1/admin/rebuild']));
    expect(doc.components.schemas.Health).toBeDefined();
  });

  it('renders a readable reference page', async () => {
    const res = await t.call('/docs');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('/api/v1/health');
  });
});
