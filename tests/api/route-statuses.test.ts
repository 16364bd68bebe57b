/**
 * Every seller, operator and photo call (src/server/routes/seller-*.ts, admin*.ts, uploads.ts, and
 * ELSEWHERE's)
 * refuses as it documents: 400 for bad input, 401 signed out, 403 for someone it is not for (a
 * buyer on a seller call, a buyer on an operator call), 404 for an unknown id, each with its code
 * and a message. Who asks is checked before the input is read, so the 401 and 403 cases send the
 * bad input (on the rebuild hook too: its token is checked first). The cases are held against the
 * OpenAPI document both ways: every such operation has
 * a case for each of these statuses it documents and for each it must answer (401 and 403 unless
 * public or token-guarded, 404 when it names an id, 400 when it takes a query or body), and no
 * case answers a status the document leaves out. What each call does, and another seller's ids,
 * are tested beside each feature (seller-products, uploads, seller/orders, stores/…, reviews).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_OPERATOR_EMAIL } from '../../src/server/db/seed/sample-catalog';
import { createTestApp, type TestApp } from '../fixtures/app';
import { as, signIn, signInSeller, type Who } from '../fixtures/orders';

type Person = 'guest' | 'buyer' | 'seller' | 'operator';
type Status = 400 | 401 | 403 | 404;
/** One request: who sends it, where, and its body (JSON, or a form for the file calls); `token` for the rebuild hook. */
type Request = {
  who: Person;
  path: string;
  json?: unknown;
  form?: boolean;
  token?: string;
  headers?: Record<string, string>;
};

const STATUSES: Status[] = [400, 401, 403, 404];
const CODES: Record<Status, string> = {
  400: 'validation_failed',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
};
const REBUILD_TOKEN = 'route-statuses-rebuild-token';
const UNKNOWN_KEY = '0123456789abcdef0123456789abcdef';

/** Seller and operator operations outside /seller and /admin (the spec's seller order routes, a review's reply, an issue). */
const ELSEWHERE = new Set([
  '/orders/seller',
  '/orders/update-status/{id}',
  '/reviews/{id}/reply',
  '/newsletter/issues',
]);
/** Operations answered without a session. */
const PUBLIC = new Set(['GET /uploads/{key}/{file}']);
/** Operations that need a session but no role or store, with why. */
const NO_ROLE: Record<string, string> = {
  'POST /seller/apply': 'any signed-in account may apply for a store',
  'GET /admin/rebuild': 'the rebuild hook takes a bearer token, not a session',
  'POST /admin/rebuild': 'the rebuild hook takes a bearer token, not a session',
};

const cases: { op: string; status: Status; req: Request }[] = [];
/**
 * The cases of one operation ("METHOD /path/{param}" as the OpenAPI document names it). `bad` is
 * its bad input, sent by the seller or operator for 400 and by the guest and buyer for 401 and 403.
 */
function op(
  name: string,
  who: 'seller' | 'operator',
  c: { path: string; bad?: Omit<Request, 'who'>; good?: Omit<Request, 'who' | 'path'>; unknown?: Omit<Request, 'who'> },
) {
  const refused = c.bad ?? { path: c.path, ...c.good };
  if (c.bad) cases.push({ op: name, status: 400, req: { who, ...c.bad } });
  cases.push({ op: name, status: 401, req: { who: 'guest', ...refused } });
  if (!NO_ROLE[name]) cases.push({ op: name, status: 403, req: { who: 'buyer', ...refused } });
  if (c.unknown) cases.push({ op: name, status: 404, req: { who, ...c.unknown } });
}

// Seller products (docs/decisions/016).
op('GET /seller/products', 'seller', {
  path: '/seller/products',
  bad: { path: '/seller/products?sort=cheapest' },
});
op('GET /seller/products/export', 'seller', { path: '/seller/products/export' });
op('POST /seller/products/import', 'seller', {
  path: '/seller/products/import',
  bad: { path: '/seller/products/import', form: true },
});
op('POST /seller/products/bulk', 'seller', {
  path: '/seller/products/bulk',
  bad: { path: '/seller/products/bulk', json: { items: [{ id: 'x', stock: -1 }] } },
  unknown: { path: '/seller/products/bulk', json: { items: [{ id: 'no-such-product', stock: 1 }] } },
});
op('POST /seller/products', 'seller', { path: '/seller/products', bad: { path: '/seller/products', json: {} } });
op('GET /seller/products/{id}', 'seller', {
  path: '/seller/products/x',
  unknown: { path: '/seller/products/no-such-product' },
});
op('PUT /seller/products/{id}', 'seller', {
  path: '/seller/products/x',
  bad: { path: '/seller/products/no-such-product', json: { stock: -1 } },
  unknown: { path: '/seller/products/no-such-product', json: { stock: 1 } },
});
op('PUT /seller/products/{id}/variants', 'seller', {
  path: '/seller/products/x/variants',
  bad: { path: '/seller/products/no-such-product/variants', json: { options: [], variants: [] } },
  unknown: {
    path: '/seller/products/no-such-product/variants',
    json: { options: [], variants: [{ options: [], sku: 'NONE-1', price: 1, stock: 1 }] },
  },
});
for (const action of ['archive', 'unarchive', 'duplicate'])
  op(`POST /seller/products/{id}/${action}`, 'seller', {
    path: `/seller/products/x/${action}`,
    unknown: { path: `/seller/products/no-such-product/${action}` },
  });

// Photos (docs/decisions/012).
op('POST /seller/uploads', 'seller', { path: '/seller/uploads', bad: { path: '/seller/uploads', form: true } });
op('DELETE /seller/uploads/{key}', 'seller', {
  path: `/seller/uploads/${UNKNOWN_KEY}`,
  bad: { path: '/seller/uploads/not-a-key' },
  unknown: { path: `/seller/uploads/${UNKNOWN_KEY}` },
});
cases.push(
  { op: 'GET /uploads/{key}/{file}', status: 400, req: { who: 'guest', path: `/uploads/${UNKNOWN_KEY}/800.png` } },
  { op: 'GET /uploads/{key}/{file}', status: 404, req: { who: 'guest', path: `/uploads/${UNKNOWN_KEY}/800.webp` } },
);

// Seller orders and dashboard (docs/decisions/017).
op('GET /seller/dashboard', 'seller', { path: '/seller/dashboard' });
op('GET /seller/orders', 'seller', { path: '/seller/orders', bad: { path: '/seller/orders?status=lost' } });
op('GET /seller/earnings', 'seller', { path: '/seller/earnings', bad: { path: '/seller/earnings?kind=bonus' } });
op('GET /seller/statements', 'seller', { path: '/seller/statements' });
op('GET /seller/statements/{month}', 'seller', {
  path: '/seller/statements/2026-11',
  bad: { path: '/seller/statements/2026-13' },
  unknown: { path: '/seller/statements/2099-01' },
});
op('GET /seller/tax-documents/{month}', 'seller', {
  path: '/seller/tax-documents/2026-11',
  bad: { path: '/seller/tax-documents/2026-13' },
  unknown: { path: '/seller/tax-documents/2099-01' },
});
op('GET /seller/commission-invoices', 'seller', { path: '/seller/commission-invoices' });
op('GET /seller/commission-invoices/{id}', 'seller', {
  path: '/seller/commission-invoices/x',
  bad: { path: `/seller/commission-invoices/${'x'.repeat(201)}` },
  unknown: { path: '/seller/commission-invoices/no-such-invoice' },
});
op('GET /seller/orders/{partId}', 'seller', {
  path: '/seller/orders/x',
  unknown: { path: '/seller/orders/no-such-part' },
});
op('GET /seller/orders/{partId}/packing-slip', 'seller', {
  path: '/seller/orders/x/packing-slip',
  unknown: { path: '/seller/orders/no-such-part/packing-slip' },
});
for (const action of ['accept', 'deliver', 'payment'])
  op(`POST /seller/orders/{partId}/${action}`, 'seller', {
    path: `/seller/orders/x/${action}`,
    unknown: { path: `/seller/orders/no-such-part/${action}` },
  });
op('POST /seller/orders/{partId}/ship', 'seller', {
  path: '/seller/orders/x/ship',
  bad: { path: '/seller/orders/no-such-part/ship', json: { courier: 'Zipmail' } },
  unknown: { path: '/seller/orders/no-such-part/ship', json: { courier: 'Zipmail', trackingNumber: 'ZM-1' } },
});
op('POST /seller/orders/{partId}/cancel', 'seller', {
  path: '/seller/orders/x/cancel',
  bad: { path: '/seller/orders/no-such-part/cancel', json: {} },
  unknown: { path: '/seller/orders/no-such-part/cancel', json: { reason: 'Out of stock' } },
});

// The seller's own store (docs/decisions/015). A buyer applies: 400 is the buyer's bad application.
cases.push({ op: 'POST /seller/apply', status: 400, req: { who: 'buyer', path: '/seller/apply', json: {} } });
op('POST /seller/apply', 'seller', { path: '/seller/apply', good: { json: {} } });
op('GET /seller/store', 'seller', { path: '/seller/store' });
op('PUT /seller/store', 'seller', { path: '/seller/store', bad: { path: '/seller/store', json: {} } });

// Operators: reviews and stores.
op('GET /admin/reviews', 'operator', { path: '/admin/reviews', bad: { path: '/admin/reviews?status=nope' } });
op('POST /admin/reviews/{id}/hide', 'operator', {
  path: '/admin/reviews/x/hide',
  bad: { path: '/admin/reviews/no-such-review/hide', json: {} },
  unknown: { path: '/admin/reviews/no-such-review/hide', json: { reason: 'Spam' } },
});
op('POST /admin/reviews/{id}/restore', 'operator', {
  path: '/admin/reviews/x/restore',
  unknown: { path: '/admin/reviews/no-such-review/restore' },
});
op('POST /admin/reviews/{id}/dismiss', 'operator', {
  path: '/admin/reviews/x/dismiss',
  bad: { path: '/admin/reviews/no-such-review/dismiss', json: { note: 42 } },
  unknown: { path: '/admin/reviews/no-such-review/dismiss', json: { note: 'Fair criticism' } },
});
op('GET /admin/stores', 'operator', { path: '/admin/stores', bad: { path: '/admin/stores?status=nope' } });
op('GET /admin/stores/{id}', 'operator', {
  path: '/admin/stores/x',
  unknown: { path: '/admin/stores/no-such-store' },
});
op('GET /admin/actions', 'operator', { path: '/admin/actions', bad: { path: '/admin/actions?action=nope' } });
for (const action of ['approve', 'reinstate'])
  op(`POST /admin/stores/{id}/${action}`, 'operator', {
    path: `/admin/stores/x/${action}`,
    unknown: { path: `/admin/stores/no-such-store/${action}` },
  });
for (const action of ['reject', 'suspend'])
  op(`POST /admin/stores/{id}/${action}`, 'operator', {
    path: `/admin/stores/x/${action}`,
    bad: { path: `/admin/stores/no-such-store/${action}`, json: {} },
    unknown: { path: `/admin/stores/no-such-store/${action}`, json: { reason: 'Counterfeit goods reported' } },
  });
op('GET /admin/payments', 'operator', { path: '/admin/payments', bad: { path: '/admin/payments?status=nope' } });
op('POST /admin/payments/bank-transfers', 'operator', {
  path: '/admin/payments/bank-transfers',
  bad: { path: '/admin/payments/bank-transfers', json: { orderNumber: 'YM-2611-NOPE00' } },
  unknown: {
    path: '/admin/payments/bank-transfers',
    json: { orderNumber: 'YM-2611-NOPE00', amountCents: 100, receivedOn: '2026-01-02', bankReference: 'FT-NONE' },
  },
});
op('POST /admin/payments/refunds', 'operator', {
  path: '/admin/payments/refunds',
  bad: { path: '/admin/payments/refunds', json: { orderNumber: 'YM-2611-NOPE00' } },
  unknown: {
    path: '/admin/payments/refunds',
    json: { orderNumber: 'YM-2611-NOPE00', amountCents: 100, sentOn: '2026-01-02', bankReference: 'FT-NONE' },
  },
});
op('POST /admin/payments/refunds/{id}/retry', 'operator', {
  path: '/admin/payments/refunds/x/retry',
  unknown: { path: '/admin/payments/refunds/no-such-refund/retry' },
});
op('POST /admin/payments/refunds/{id}/bank-transfer', 'operator', {
  path: '/admin/payments/refunds/x/bank-transfer',
  bad: { path: '/admin/payments/refunds/no-such-refund/bank-transfer', json: {} },
  unknown: {
    path: '/admin/payments/refunds/no-such-refund/bank-transfer',
    json: { sentOn: '2026-01-02', bankReference: 'FT-NONE' },
  },
});
op('POST /admin/payments/returns/{id}/refund', 'operator', {
  path: '/admin/payments/returns/x/refund',
  bad: { path: '/admin/payments/returns/no-such-return/refund', json: { method: 'bank_transfer' } },
  unknown: {
    path: '/admin/payments/returns/no-such-return/refund',
    json: { method: 'cash', amountCents: 100, sentOn: '2026-01-02' },
  },
});
// Payouts (docs/decisions/039).
op('POST /admin/payout-runs', 'operator', {
  path: '/admin/payout-runs',
  bad: { path: '/admin/payout-runs', headers: { 'idempotency-key': 'no spaces allowed' } },
});
op('GET /admin/payout-runs', 'operator', { path: '/admin/payout-runs' });
op('GET /admin/payout-runs/{id}', 'operator', {
  path: '/admin/payout-runs/x',
  unknown: { path: '/admin/payout-runs/no-such-run' },
});
op('GET /admin/payout-runs/{id}/bank-file', 'operator', {
  path: '/admin/payout-runs/x/bank-file',
  unknown: { path: '/admin/payout-runs/no-such-run/bank-file' },
});
op('POST /admin/payouts/{id}/paid', 'operator', {
  path: '/admin/payouts/x/paid',
  bad: { path: '/admin/payouts/no-such-payout/paid', json: { bankReference: 'x' } },
  unknown: { path: '/admin/payouts/no-such-payout/paid', json: { bankReference: 'FT-NONE', paidOn: '2026-01-02' } },
});
op('POST /admin/payouts/{id}/failed', 'operator', {
  path: '/admin/payouts/x/failed',
  bad: { path: '/admin/payouts/no-such-payout/failed', json: { reason: '' } },
  unknown: { path: '/admin/payouts/no-such-payout/failed', json: { reason: 'Account closed' } },
});
op('POST /admin/payouts/{id}/returned', 'operator', {
  path: '/admin/payouts/x/returned',
  bad: { path: '/admin/payouts/no-such-payout/returned', json: { reason: 'Account closed' } },
  unknown: {
    path: '/admin/payouts/no-such-payout/returned',
    json: { bankReference: 'RT-NONE', reason: 'Account closed' },
  },
});

// Commission settings and the monthly report (docs/decisions/040).
op('GET /admin/commission-rates', 'operator', { path: '/admin/commission-rates' });
op('PUT /admin/commission-rates', 'operator', {
  path: '/admin/commission-rates',
  bad: { path: '/admin/commission-rates', json: { storeId: 'blue-mountain-roasters', basisPoints: 10_001 } },
  unknown: { path: '/admin/commission-rates', json: { storeId: 'no-such-store', basisPoints: 800 } },
});
op('DELETE /admin/commission-rates', 'operator', {
  path: '/admin/commission-rates?category=Books',
  bad: { path: '/admin/commission-rates' },
  unknown: { path: '/admin/commission-rates?category=Books' },
});
op('GET /admin/reports/{month}', 'operator', {
  path: '/admin/reports/2026-11',
  bad: { path: '/admin/reports/2026-13' },
  unknown: { path: '/admin/reports/2999-01' },
});
op('GET /admin/reports/{month}/commission-invoices', 'operator', {
  path: '/admin/reports/2026-10/commission-invoices',
  bad: { path: '/admin/reports/2026-13/commission-invoices' },
  unknown: { path: '/admin/reports/2999-01/commission-invoices' },
});

// Returns and disputes (issue 28, docs/decisions/042).
op('GET /seller/returns', 'seller', { path: '/seller/returns', bad: { path: '/seller/returns?status=lost' } });
op('GET /seller/returns/{id}', 'seller', {
  path: '/seller/returns/x',
  unknown: { path: '/seller/returns/no-such-return' },
});
op('POST /seller/returns/{id}/accept', 'seller', {
  path: '/seller/returns/x/accept',
  bad: { path: '/seller/returns/no-such-return/accept', json: { instructions: 'pigeon' } },
  unknown: { path: '/seller/returns/no-such-return/accept', json: { instructions: 'courier' } },
});
op('POST /seller/returns/{id}/reject', 'seller', {
  path: '/seller/returns/x/reject',
  bad: { path: '/seller/returns/no-such-return/reject', json: { reason: '' } },
  unknown: { path: '/seller/returns/no-such-return/reject', json: { reason: 'Worn' } },
});
op('POST /seller/returns/{id}/receive', 'seller', {
  path: '/seller/returns/x/receive',
  bad: { path: '/seller/returns/no-such-return/receive', json: { restockLineIds: 'all' } },
  unknown: { path: '/seller/returns/no-such-return/receive', json: { restockLineIds: [] } },
});
op('POST /seller/returns/{id}/refund', 'seller', {
  path: '/seller/returns/x/refund',
  unknown: { path: '/seller/returns/no-such-return/refund' },
});
op('POST /seller/returns/{id}/messages', 'seller', {
  path: '/seller/returns/x/messages',
  bad: { path: '/seller/returns/no-such-return/messages', json: { message: '' } },
  unknown: { path: '/seller/returns/no-such-return/messages', json: { message: 'Hello' } },
});
op('POST /admin/disputes/{id}/messages', 'operator', {
  path: '/admin/disputes/x/messages',
  bad: { path: '/admin/disputes/no-such-return/messages', json: { message: '' } },
  unknown: { path: '/admin/disputes/no-such-return/messages', json: { message: 'Hello' } },
});
op('GET /seller/returns/{id}/photos/{key}/{file}', 'seller', {
  path: `/seller/returns/x/photos/${UNKNOWN_KEY}/320.webp`,
  bad: { path: `/seller/returns/x/photos/${UNKNOWN_KEY}/320.png` },
  unknown: { path: `/seller/returns/no-such-return/photos/${UNKNOWN_KEY}/320.webp` },
});
op('GET /admin/disputes/{id}/photos/{key}/{file}', 'operator', {
  path: `/admin/disputes/x/photos/${UNKNOWN_KEY}/320.webp`,
  bad: { path: '/admin/disputes/x/photos/not-a-key/320.webp' },
  unknown: { path: `/admin/disputes/no-such-return/photos/${UNKNOWN_KEY}/320.webp` },
});
op('GET /admin/disputes', 'operator', { path: '/admin/disputes', bad: { path: '/admin/disputes?page=0' } });
op('GET /admin/disputes/{id}', 'operator', {
  path: '/admin/disputes/x',
  unknown: { path: '/admin/disputes/no-such-return' },
});
op('POST /admin/disputes/{id}/decide', 'operator', {
  path: '/admin/disputes/x/decide',
  bad: { path: '/admin/disputes/no-such-return/decide', json: { outcome: 'maybe' } },
  unknown: { path: '/admin/disputes/no-such-return/decide', json: { outcome: 'close', note: 'No case.' } },
});

// Seller and operator calls outside /seller and /admin: who asks is checked before the input here too.
op('GET /orders/seller', 'seller', { path: '/orders/seller', bad: { path: '/orders/seller?limit=0' } });
op('PUT /orders/update-status/{id}', 'seller', {
  path: '/orders/update-status/x',
  bad: { path: '/orders/update-status/no-such-order', json: { status: 'lost' } },
  unknown: { path: '/orders/update-status/no-such-order', json: { status: 'processing' } },
});
op('PUT /reviews/{id}/reply', 'seller', {
  path: '/reviews/x/reply',
  bad: { path: '/reviews/no-such-review/reply', json: { body: '' } },
  unknown: { path: '/reviews/no-such-review/reply', json: { body: 'Thank you!' } },
});
op('POST /newsletter/issues', 'operator', {
  path: '/newsletter/issues',
  bad: { path: '/newsletter/issues', json: { subject: '', paragraphs: 'not a list' } },
});

// The rebuild hook: a bearer token instead of a session, checked before the query (a wrong one or none).
cases.push(
  {
    op: 'GET /admin/rebuild',
    status: 401,
    req: { who: 'guest', path: '/admin/rebuild', token: 'not-the-token-at-all' },
  },
  {
    op: 'POST /admin/rebuild',
    status: 401,
    req: { who: 'guest', path: '/admin/rebuild?full=nonsense', token: 'not-the-token-at-all' },
  },
  { op: 'POST /admin/rebuild', status: 401, req: { who: 'guest', path: '/admin/rebuild?full=nonsense' } },
  {
    op: 'POST /admin/rebuild',
    status: 400,
    req: { who: 'guest', path: '/admin/rebuild?full=yes', token: REBUILD_TOKEN },
  },
);

let t: TestApp;
let people: Record<Person, Who | null>;
beforeAll(async () => {
  t = await createTestApp({ seed: true, config: { REBUILD_TOKEN } });
  const db = t.database.db;
  people = {
    guest: null,
    buyer: await signIn(db, 'buyer@yaad.test'),
    seller: await signInSeller(db, 'blue-mountain-roasters'),
    operator: await signIn(db, DEMO_OPERATOR_EMAIL),
  };
});
afterAll(() => t?.close());

async function send(method: string, req: Request) {
  // From the shop's own pages, as a browser sends it (a file call wants an Origin or a bearer token).
  const headers: Record<string, string> = {
    origin: 'http://shop.test',
    ...(req.token ? { authorization: `Bearer ${req.token}` } : as(people[req.who])),
    ...req.headers,
  };
  const res = await t.call(req.path, {
    method,
    headers,
    ...(req.form ? { body: new FormData() } : req.json !== undefined ? { json: req.json } : {}),
  });
  const type = res.headers.get('content-type') ?? '';
  return { status: res.status, body: type.includes('json') ? await res.json() : await res.text() };
}

describe('every seller, operator and photo call refuses as documented', () => {
  it.each(cases.map((c) => [c.op, c.status, c.req.who, c.req] as const))(
    '%s: %i for %s',
    async (name, status, _, req) => {
      const answer = await send(name.split(' ')[0], req);
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      expect(answer.body).toMatchObject({ code: CODES[status], message: expect.stringMatching(/\w/) });
    },
  );

  it('refuses a huge invalid body by who sends it, not by what it holds', async () => {
    // About 900 KB (under the 1 MB limit): 31 paragraphs of 29,000 characters, each too long, one too many.
    const issue = { subject: '', paragraphs: Array.from({ length: 31 }, () => 'x'.repeat(29_000)) };
    for (const [who, status] of [
      ['guest', 401],
      ['buyer', 403],
      ['seller', 403],
    ] as const) {
      const answer = await send('POST', { who, path: '/newsletter/issues', json: issue });
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    }
    expect((await send('POST', { who: 'operator', path: '/newsletter/issues', json: issue })).status).toBe(400);
  });

  it('covers every such operation of the API document, each status it documents and each it must answer', async () => {
    type Operation = { parameters?: { in: string }[]; requestBody?: unknown; responses: Record<string, unknown> };
    const doc = (await (await t.call('/openapi.json')).json()) as { paths: Record<string, Record<string, Operation>> };
    const inScope = (path: string) =>
      (path.startsWith('/seller/') && !path.startsWith('/seller/stores')) ||
      path.startsWith('/admin/') ||
      path.startsWith('/uploads/') ||
      ELSEWHERE.has(path);
    const documented = Object.entries(doc.paths)
      .map(([full, methods]) => [full.replace(/^\/api\/v1/, ''), methods] as const)
      .filter(([path]) => inScope(path))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
      );
    expect(documented.length).toBeGreaterThan(30);
    const tested = (name: string) => [...new Set(cases.filter((c) => c.op === name).map((c) => c.status))].sort();
    for (const { name, operation } of documented) {
      const answers = STATUSES.filter((s) => String(s) in operation.responses);
      const must = STATUSES.filter(
        (s) =>
          (s === 401 && !PUBLIC.has(name)) ||
          (s === 403 && !PUBLIC.has(name) && !NO_ROLE[name]) ||
          (s === 404 && name.includes('{')) ||
          (s === 400 && (!!operation.requestBody || !!operation.parameters?.some((p) => p.in === 'query'))),
      );
      expect(answers, `${name} documents what it must answer`).toEqual(expect.arrayContaining(must));
      expect(tested(name), `${name}: a case for each status it documents, and no other`).toEqual(answers);
    }
    const names = new Set(documented.map((d) => d.name));
    expect(cases.filter((c) => !names.has(c.op)).map((c) => c.op)).toEqual([]);
  });
});
