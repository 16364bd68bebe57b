/**
 * Issue 24 #1: a JSON body is measured before it is parsed (src/server/http/json-body.ts), by
 * the route that reads it and after who asks. Nested too deeply, or holding too many values, it
 * is a clear 400 that changes nothing; from someone not signed in, past 64 KB it is a 413 unread.
 * What it costs the other shoppers meanwhile: `npm run bench:hostile` (docs/performance.md).
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed/sample-catalog';
import { MAX_GUEST_JSON_BYTES, MAX_JSON_DEPTH, MAX_JSON_VALUES, measureJson } from '../../src/server/http/json-body';
import { createTestApp, type TestApp } from '../fixtures/app';
import { as, signIn, signInSeller, type Who } from '../fixtures/orders';

let t: TestApp;
let buyer: Who;
let seller: Who;
let operator: Who;

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  buyer = await signIn(t.database.db, 'hostile-bodies@yaad.test');
  seller = await signInSeller(t.database.db, 'blue-mountain-roasters');
  operator = await signIn(t.database.db, DEMO_OPERATOR_EMAIL);
});
afterAll(() => t?.close());

/** `n` levels of arrays, the innermost empty. */
const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);

async function post(who: Who | null, path: string, body: string | ReadableStream, method = 'POST') {
  const res = await t.call(path, {
    method,
    headers: { 'content-type': 'application/json', ...as(who) },
    body,
    ...(typeof body === 'string' ? {} : { duplex: 'half' }),
  } as RequestInit);
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') ? await res.json() : await res.text() };
}

const TOO_DEEP = {
  code: 'validation_failed',
  message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
};
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;

describe('a deeply nested body', () => {
  it('is a 400 saying so, signed out, and changes nothing', async () => {
    const before = await userCount();
    // 20,000 levels in a field (40 KB): answered 500 "Maximum call stack size exceeded" before.
    const body = `{"name":"Deep","email":"deep@yaad.test","password":"correct horse 1","x":${nested(20_000)}}`;
    const answer = await post(null, '/auth/register', body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body).toMatchObject(TOO_DEEP);
    expect(await userCount()).toBe(before);
  });

  it('is a 400 from a signed-in shopper too, at the size limit', async () => {
    const levels = 500_000; // 1,000,000 bytes
    const answer = await post(buyer, '/cart/sync', nested(levels));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject(TOO_DEEP);
  });

  it(`is taken up to ${MAX_JSON_DEPTH} levels, refused past them`, async () => {
    // The object is the first level, so a field holding 63 arrays reaches 64.
    const body = (n: number) => `{"items":[{"productId":"no-such-product","quantity":1}],"x":${nested(n)}}`;
    const allowed = await post(null, '/cart/validate', body(MAX_JSON_DEPTH - 1));
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const refused = await post(null, '/cart/validate', body(MAX_JSON_DEPTH));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject(TOO_DEEP);
  });

  it('is not read on a call for someone else: who asks comes first', async () => {
    const body = nested(30_000);
    expect((await post(null, '/newsletter/issues', body)).status).toBe(401);
    expect((await post(buyer, '/newsletter/issues', body)).status).toBe(403);
    expect((await post(buyer, '/seller/products/bulk', body)).status).toBe(403);
    expect((await post(operator, '/newsletter/issues', body)).body).toMatchObject(TOO_DEEP);
  });
});

describe('a wide body', () => {
  it(`is a 400 past ${MAX_JSON_VALUES.toLocaleString('en-US')} values and names`, async () => {
    const answer = await post(buyer, '/cart/validate', `{"items":[${Array(MAX_JSON_VALUES + 1).fill(0)}]}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      code: 'validation_failed',
      message: expect.stringContaining('too many values'),
    });
  });

  it('leaves room for the largest body the shop takes: 500 products’ prices and stock at once', async () => {
    const items = Array.from({ length: 500 }, (_, i) => ({ id: `no-such-product-${i}`, price: 1234.56, stock: 10 }));
    const answer = await post(seller, '/seller/products/bulk', JSON.stringify({ items }));
    // Measured and parsed: the first unknown product is the answer.
    expect(answer.status, JSON.stringify(answer.body)).toBe(404);
  });
});

describe('a body from someone not signed in', () => {
  const big = JSON.stringify({ email: `${'x'.repeat(MAX_GUEST_JSON_BYTES)}@yaad.test` });

  it('is refused past 64 KB with a 413, by its length or as it streams', async () => {
    const answer = await post(null, '/newsletter', big);
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({ code: 'payload_too_large', message: expect.stringContaining('sign in first') });
    const streamed = new Blob([big]).stream();
    const chunked = await post(null, '/newsletter', streamed);
    expect(chunked.status).toBe(413);
  });

  it('of the same size from a signed-in shopper is read (and refused by the contract)', async () => {
    const answer = await post(buyer, '/newsletter', big);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('validation_failed');
  });
});

it('every route that takes a JSON body measures it, for whoever it is for, and never answers 500', async () => {
  type Operation = { requestBody?: { content?: Record<string, unknown> } };
  const doc = (await (await t.call('/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
  const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => op.requestBody?.content?.['application/json'])
      .map(([method, _]) => ({
        method: method.toUpperCase(),
        path: path.replace(/^\/api\/v1/, '').replace(/\{\w+\}/g, 'x'),
      })),
  );
  expect(operations.length).toBeGreaterThan(30);
  const unmeasured: string[] = [];
  for (const { method, path } of operations) {
    const answers = [];
    for (const who of [null, buyer, seller, operator]) {
      const answer = await post(who, path, nested(MAX_JSON_DEPTH + 1), method);
      expect([400, 401, 403, 404], `${method} ${path}: ${JSON.stringify(answer.body)}`).toContain(answer.status);
      answers.push(answer.body);
    }
    if (!answers.some((b) => b.message === TOO_DEEP.message)) unmeasured.push(`${method} ${path}`);
  }
  expect(unmeasured).toEqual([]);
});

describe('measureJson', () => {
  it('counts depth and values outside strings only', () => {
    expect(measureJson(nested(MAX_JSON_DEPTH))).toBeUndefined();
    expect(measureJson(nested(MAX_JSON_DEPTH + 1))).toBe('too deep');
    expect(measureJson(`["${'['.repeat(1000)}", "{{{{:,,,"]`)).toBeUndefined();
    expect(measureJson(`["a\\"[[[[", ${nested(MAX_JSON_DEPTH - 1)}]`)).toBeUndefined();
    expect(measureJson(`["a\\\\", ${nested(MAX_JSON_DEPTH)}]`)).toBe('too deep');
    expect(measureJson(`[${Array(MAX_JSON_VALUES).fill(0)}]`)).toBeUndefined();
    expect(measureJson(`[${Array(MAX_JSON_VALUES + 1).fill(0)}]`)).toBe('too many values');
  });

  it('finds the escapes no column can hold: a NUL, a lone surrogate', () => {
    expect(measureJson('{"a":"x\\u0000"}')).toBe('bad text');
    expect(measureJson('{"a\\u0000":1}')).toBe('bad text');
    expect(measureJson('["\\ud800"]')).toBe('bad text');
    expect(measureJson('["\\uD800x"]')).toBe('bad text');
    expect(measureJson('["\\udc00"]')).toBe('bad text');
    expect(measureJson('["\\ud800\\u0041"]')).toBe('bad text');
    expect(measureJson('["\\ud83d\\ude00", "\\u00e9", "\\\\u0000", "\\n\\t\\"", "😀"]')).toBeUndefined();
  });
});
