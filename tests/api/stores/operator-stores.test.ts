/**
 * The operator side of stores on the real API and a real database (docs/decisions/015): who may
 * call it (401/403), the status table (409 off it), the audit record, and what each status means
 * for the public catalogue (pending and suspended stores and their products are nowhere public,
 * and cannot be ordered from), each change queued for publishing in the same step.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OperatorActionList } from '../../../src/lib/contract/stores';
import { operatorActions, products, publishQueue, stores, users } from '../../../src/server/db/schema';
import { DEMO_OPERATOR_EMAIL } from '../../../src/server/db/seed/sample-catalog';
import { promoteListedOperators, promoteToOperator } from '../../../src/server/services/operators';
import { changesPublished, waitingIds } from '../../../src/server/services/publish-queue';
import { pagesSitemap, productsSitemap } from '../../../src/server/services/sitemap';
import { createTestApp, type TestApp, testConfig } from '../../fixtures/app';
import { embeddedDataDir } from '../../fixtures/database';
import { caller, fillCart, KINGSTON_ADDRESS, productOf, signIn, signInSeller, type Who } from '../../fixtures/orders';
import { storeApplication } from '../../fixtures/store-application';

let t: TestApp;
let call: ReturnType<typeof caller>;
let operator: Who;
let buyer: Who;
let seller: Who;
let applicant: Who;
const ACTIVE = 'blue-mountain-roasters';
let product: { id: string; name: string };
const base = new URL('https://yaad.example');

const queued = async () =>
  (
    await t.database.db
      .select({ kind: publishQueue.kind, ref: publishQueue.ref })
      .from(publishQueue)
      .orderBy(asc(publishQueue.id))
  ).map((r) => `${r.kind}:${r.ref}`);
const auditOf = (id: string) =>
  t.database.db
    .select()
    .from(operatorActions)
    .where(eq(operatorActions.targetId, id))
    .orderBy(asc(operatorActions.createdAt));

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  const db = t.database.db;
  operator = await signIn(db, DEMO_OPERATOR_EMAIL);
  buyer = await signIn(db, 'buyer@yaad.test');
  seller = await signInSeller(db, ACTIVE);
  applicant = await signIn(db, 'applicant@yaad.test', 'Devon Applicant');
  product = await productOf(db, ACTIVE, { priceCents: 1_500, stock: 20 });
  const res = await call(applicant, 'POST', '/seller/apply', storeApplication({ name: 'Port Antonio Preserves' }));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
});
afterAll(() => t?.close());
beforeEach(async () => {
  await changesPublished(t.database.db, await waitingIds(t.database.db));
});

describe('who may call the operator API', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/admin/stores'],
    ['GET', `/admin/stores/${ACTIVE}`],
    ['GET', '/admin/actions'],
    ['POST', '/admin/stores/port-antonio-preserves/approve'],
    ['POST', '/admin/stores/port-antonio-preserves/reject', { reason: 'Not a real business' }],
    ['POST', `/admin/stores/${ACTIVE}/suspend`, { reason: 'Counterfeit goods reported' }],
    ['POST', `/admin/stores/${ACTIVE}/reinstate`],
  ];
  it('answers 401 signed out and 403 to a shopper and a seller, and changes nothing', async () => {
    for (const [method, path, body] of calls) {
      expect((await call(null, method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(buyer, method, path, body)).status, `${method} ${path}`).toBe(403);
      expect((await call(seller, method, path, body)).status, `${method} ${path}`).toBe(403);
      // Even with a bad body: who asks is checked first.
      if (method === 'POST') expect((await call(seller, method, path, { reason: 1 })).status).toBe(403);
    }
    const [s] = await t.database.db.select().from(stores).where(eq(stores.id, 'port-antonio-preserves'));
    expect(s.status).toBe('pending');
    expect(await t.database.db.select().from(operatorActions)).toEqual([]);
  });

  it('the demo operator is seeded with role admin', async () => {
    const [u] = await t.database.db
      .select({ role: users.role })
      .from(users)
      .where(eq(users.email, DEMO_OPERATOR_EMAIL));
    expect(u.role).toBe('admin');
  });
});

describe('GET /admin/stores and /admin/stores/{id}', () => {
  it('lists every store with counts by status, filtered by status and paged', async () => {
    const all = await call(operator, 'GET', '/admin/stores?limit=5');
    expect(all.status).toBe(200);
    expect(all.body.counts).toEqual({ pending: 1, active: 16, rejected: 0, suspended: 0 });
    expect(all.body.pagination).toMatchObject({ page: 1, limit: 5, total: 17, totalPages: 4 });
    // Waiting applications first.
    expect(all.body.stores[0]).toMatchObject({ id: 'port-antonio-preserves', status: 'pending' });
    expect(all.body.stores[0].owner).toMatchObject({ email: 'applicant@yaad.test', name: 'Devon Applicant' });
    const pending = await call(operator, 'GET', '/admin/stores?status=pending');
    expect(pending.body.stores.map((s: { id: string }) => s.id)).toEqual(['port-antonio-preserves']);
    const page2 = await call(operator, 'GET', '/admin/stores?status=active&limit=10&page=2');
    expect(page2.body.stores).toHaveLength(6);
    expect((await call(operator, 'GET', '/admin/stores?status=closed')).status).toBe(400);
    expect((await call(operator, 'GET', '/admin/stores?limit=0')).status).toBe(400);
  });

  it('reads one store whatever its status; 404 for an unknown id', async () => {
    const one = await call(operator, 'GET', '/admin/stores/port-antonio-preserves');
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ status: 'pending', verified: false, paymentMethods: { bankTransfer: true } });
    expect((await call(operator, 'GET', '/admin/stores/no-such-store')).status).toBe(404);
    expect((await call(operator, 'POST', '/admin/stores/no-such-store/approve')).status).toBe(404);
    expect(
      (await call(operator, 'POST', '/admin/stores/no-such-store/suspend', { reason: 'Because it is' })).status,
    ).toBe(404);
  });
});

describe('the status table', () => {
  it('refuses a reject or suspend without a reason (400), changing nothing', async () => {
    for (const body of [undefined, {}, { reason: '' }, { reason: '   ' }, { reason: 'no' }]) {
      const res = await call(operator, 'POST', '/admin/stores/port-antonio-preserves/reject', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await call(operator, 'POST', `/admin/stores/${ACTIVE}/suspend`, {})).status).toBe(400);
    expect(await t.database.db.select().from(operatorActions)).toEqual([]);
  });

  it('refuses moves off the table with 409 and a clear message', async () => {
    const wrong: [string, string, unknown?][] = [
      [ACTIVE, 'approve'],
      [ACTIVE, 'reinstate'],
      [ACTIVE, 'reject', { reason: 'Too late to reject' }],
      ['port-antonio-preserves', 'suspend', { reason: 'Not yet open' }],
      ['port-antonio-preserves', 'reinstate'],
    ];
    for (const [id, action, body] of wrong) {
      const res = await call(operator, 'POST', `/admin/stores/${id}/${action}`, body);
      expect(res.status, `${action} ${id}`).toBe(409);
      expect(res.body.message).toMatch(
        /^This store is (active|pending): only an? (pending|active|suspended) store can be (approved|reinstated|rejected|suspended)\.$/,
      );
    }
    expect(await t.database.db.select().from(operatorActions)).toEqual([]);
    expect(await queued()).toEqual([]);
  });
});

describe('a pending store', () => {
  it('and its products are not public, and cannot be ordered from', async () => {
    const id = 'port-antonio-preserves';
    // Give the pending store a product, as a seller's product tools would.
    await t.database.db.insert(products).values({
      id: 'guava-jelly-jar',
      storeId: id,
      name: 'Guava Jelly Jar',
      description: 'Sweet guava jelly from Portland.',
      priceCents: 800,
      category: 'Other',
      subcategory: 'Crafts',
      stock: 10,
      sku: 'PAP-0001',
    });
    expect((await call(null, 'GET', `/seller/stores/${id}`)).status).toBe(404);
    expect((await call(null, 'GET', `/seller/stores/${id}/products`)).status).toBe(404);
    expect((await call(null, 'GET', '/products/guava-jelly-jar')).status).toBe(404);
    expect((await call(null, 'GET', '/products/guava-jelly-jar/shipping?parish=Kingston')).status).toBe(404);
    const list = await call(null, 'GET', `/products?storeId=${id}`);
    expect(list.body.pagination.total).toBe(0);
    const found = await call(null, 'GET', '/products?search=guava%20jelly%20jar');
    expect(found.body.products.map((p: { id: string }) => p.id)).not.toContain('guava-jelly-jar');
    expect(
      (await call(null, 'GET', '/seller/stores?limit=100')).body.stores.map((s: { id: string }) => s.id),
    ).not.toContain(id);
    expect(await pagesSitemap(t.database.db, base)).not.toContain(`/seller/${id}/`);
    expect(await productsSitemap(t.database.db, base, 1)).not.toContain('guava-jelly-jar');
  });
});

describe('approve, reject, suspend, reinstate', () => {
  it('approve: the store becomes active and verified, is queued for publishing, and is public with its products', async () => {
    const id = 'port-antonio-preserves';
    const res = await call(operator, 'POST', `/admin/stores/${id}/approve`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', verified: true, statusReason: null });
    expect(res.body.decidedAt).toEqual(expect.any(String));
    expect(await queued()).toEqual([`store:${id}`]);
    const pub = await call(null, 'GET', `/seller/stores/${id}`);
    expect(pub.status).toBe(200);
    expect(pub.body).toMatchObject({ verified: true, productCount: 1 });
    expect((await call(null, 'GET', '/products/guava-jelly-jar')).status).toBe(200);
    const [row] = await auditOf(id);
    expect(row).toMatchObject({
      operatorId: operator.id,
      operatorEmail: DEMO_OPERATOR_EMAIL,
      action: 'approve',
      targetType: 'store',
      fromStatus: 'pending',
      toStatus: 'active',
      reason: null,
    });
    // The owner sees it too.
    const own = await call(applicant, 'GET', '/seller/store');
    expect(own.body).toMatchObject({ status: 'active', verified: true });
  });

  it('reject: with the reason the owner reads; never public, nothing published; final', async () => {
    const hopeful = await signIn(t.database.db, 'hopeful@yaad.test');
    const applied = await call(hopeful, 'POST', '/seller/apply', storeApplication({ name: 'Fake Designer Bags' }));
    expect(applied.status).toBe(201);
    const id = applied.body.id;
    await changesPublished(t.database.db, await waitingIds(t.database.db));
    const res = await call(operator, 'POST', `/admin/stores/${id}/reject`, {
      reason: '  Branded goods need proof of resale rights.  ',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'rejected',
      verified: false,
      statusReason: 'Branded goods need proof of resale rights.',
    });
    expect(await queued()).toEqual([]);
    const own = await call(hopeful, 'GET', '/seller/store');
    expect(own.body).toMatchObject({ status: 'rejected', statusReason: 'Branded goods need proof of resale rights.' });
    expect((await call(operator, 'POST', `/admin/stores/${id}/approve`)).status).toBe(409);
    expect((await call(null, 'GET', `/seller/stores/${id}`)).status).toBe(404);
    expect((await auditOf(id)).map((a) => [a.action, a.reason])).toEqual([
      ['reject', 'Branded goods need proof of resale rights.'],
    ]);
  });

  it('suspend: the store and its products leave every public read, orders are refused, the change is queued', async () => {
    const res = await call(operator, 'POST', `/admin/stores/${ACTIVE}/suspend`, {
      reason: 'Customer complaints under review',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'suspended', statusReason: 'Customer complaints under review' });
    expect(await queued()).toEqual([`store:${ACTIVE}`]);

    expect((await call(null, 'GET', `/seller/stores/${ACTIVE}`)).status).toBe(404);
    expect((await call(null, 'GET', `/products/${product.id}`)).status).toBe(404);
    expect((await call(null, 'GET', `/products?storeId=${ACTIVE}`)).body.pagination.total).toBe(0);
    expect((await call(null, 'GET', `/products?ids=${product.id}`)).body.products).toEqual([]);
    const all = await call(null, 'GET', '/products?limit=500');
    expect(all.body.products.some((p: { store: { id: string } }) => p.store.id === ACTIVE)).toBe(false);
    const best = await call(null, 'GET', '/products/best-sellers?limit=50');
    expect(best.body.some((p: { store: { id: string } }) => p.store.id === ACTIVE)).toBe(false);
    const search = await call(null, 'GET', `/products?search=${encodeURIComponent(product.name)}`);
    expect(search.body.products.map((p: { id: string }) => p.id)).not.toContain(product.id);
    expect(await pagesSitemap(t.database.db, base)).not.toContain(`/seller/${ACTIVE}/`);
    expect(await productsSitemap(t.database.db, base, 1)).not.toContain(`/product/${product.id}/`);

    // An order, even from a cart filled before the suspension, is refused with a clear 409.
    await fillCart(t.database.db, buyer.id, [{ productId: product.id, quantity: 1 }]);
    const order = await call(buyer, 'POST', '/orders/place', {
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: { ...KINGSTON_ADDRESS, state: 'St. Andrew' },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: ACTIVE, shippingRateId: `${ACTIVE}--zipmail` }],
    });
    expect(order.status, JSON.stringify(order.body)).toBe(409);
    expect(order.body.code).toBe('store_unavailable');
    expect(order.body.message).toMatch(/its store is not open/);
    expect((await call(buyer, 'POST', '/cart/add', { productId: product.id, quantity: 1 })).status).toBe(404);

    // The seller still reads its own store, with the reason.
    expect((await call(seller, 'GET', '/seller/store')).body).toMatchObject({ status: 'suspended' });
  });

  it('reinstate: everything comes back, and the change is queued', async () => {
    const res = await call(operator, 'POST', `/admin/stores/${ACTIVE}/reinstate`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'active', statusReason: null, verified: true });
    expect(await queued()).toEqual([`store:${ACTIVE}`]);
    expect((await call(null, 'GET', `/seller/stores/${ACTIVE}`)).status).toBe(200);
    expect((await call(null, 'GET', `/products/${product.id}`)).status).toBe(200);
    expect(await pagesSitemap(t.database.db, base)).toContain(`/seller/${ACTIVE}/`);
    expect((await auditOf(ACTIVE)).map((a) => `${a.action}:${a.fromStatus}->${a.toStatus}`)).toEqual([
      'suspend:active->suspended',
      'reinstate:suspended->active',
    ]);
  });

  it('GET /admin/actions lists the record newest first, filtered by store or action, each store by its name', async () => {
    const all = await call(operator, 'GET', '/admin/actions');
    expect(all.status).toBe(200);
    expect(all.body.pagination.total).toBe(4);
    const [active] = await t.database.db.select({ name: stores.name }).from(stores).where(eq(stores.id, ACTIVE));
    expect(all.body.actions[0]).toMatchObject({
      action: 'reinstate',
      targetId: ACTIVE,
      targetName: active.name,
      reviewAuthor: null,
      operator: { email: DEMO_OPERATOR_EMAIL },
    });
    expect(OperatorActionList.parse(all.body).actions.map((a) => a.targetName)).not.toContain(null);
    const one = await call(operator, 'GET', `/admin/actions?targetId=${ACTIVE}`);
    expect(one.body.actions.map((a: { action: string }) => a.action)).toEqual(['reinstate', 'suspend']);
    const rejects = await call(operator, 'GET', '/admin/actions?action=reject');
    expect(rejects.body.actions).toHaveLength(1);
    expect((await call(operator, 'GET', '/admin/actions?action=delete')).status).toBe(400);
  });
});

describe('making operators', () => {
  it('ADMIN_EMAILS: a listed user is an operator from registration and sign-in; at start-up for existing accounts', async () => {
    const listed = await createTestApp({ config: { ADMIN_EMAILS: ' Boss@Yaad.test , second@yaad.test' } });
    try {
      const reg = await listed.call('/auth/register', {
        method: 'POST',
        json: { name: 'The Boss', email: 'boss@yaad.test', password: 'a-long-password-1' },
      });
      expect(reg.status).toBe(201);
      expect(((await reg.json()) as { user: { role: string } }).user.role).toBe('admin');
      const login = await listed.call('/auth/login', {
        method: 'POST',
        json: { email: 'boss@yaad.test', password: 'a-long-password-1' },
      });
      expect(((await login.json()) as { user: { role: string } }).user.role).toBe('admin');
      // Someone not listed stays a shopper.
      const other = await listed.call('/auth/register', {
        method: 'POST',
        json: { name: 'Shopper', email: 'shopper@yaad.test', password: 'a-long-password-1' },
      });
      expect(((await other.json()) as { user: { role: string } }).user.role).toBe('buyer');
      await listed.database.db.insert(users).values({ name: 'Second', email: 'second@yaad.test' });
      expect(await promoteListedOperators(listed.database.db, ['second@yaad.test', 'nobody@yaad.test'])).toBe(1);
      const [second] = await listed.database.db.select().from(users).where(eq(users.email, 'second@yaad.test'));
      expect(second.role).toBe('admin');
    } finally {
      await listed.close();
    }
  }, 120_000); // a second fresh database, and two password hashes: slow when the whole suite shares the cores

  it('a bad ADMIN_EMAILS stops the start with a clear message', () => {
    expect(() => testConfig({ ADMIN_EMAILS: 'boss@yaad.test, not an email' })).toThrow(
      /ADMIN_EMAILS must be e-mail addresses/,
    );
    expect(testConfig({ ADMIN_EMAILS: 'A@b.test,,a@B.test' }).ADMIN_EMAILS).toEqual(['a@b.test']);
  });

  it('admin:create promotes an existing account, and says so clearly when there is none', async () => {
    const result = await promoteToOperator(t.database.db, ' Applicant@Yaad.test ');
    expect(result).toMatchObject({ email: 'applicant@yaad.test', was: 'seller' });
    expect(await promoteToOperator(t.database.db, 'ghost@yaad.test')).toBeUndefined();

    const dataDir = await mkdtemp(path.join(tmpdir(), 'yaad-admin-create-'));
    try {
      await embeddedDataDir(dataDir);
      const run = spawnSync(path.resolve('node_modules/.bin/tsx'), ['scripts/admin-create.ts', 'ghost@yaad.test'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SEED_SAMPLE_DATA: 'false' },
        encoding: 'utf8',
        timeout: 200_000,
      });
      expect(run.status, run.stderr).toBe(1);
      expect(run.stderr).toMatch(/No account has the e-mail ghost@yaad\.test: register it in the shop first/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 240_000); // the script starts its own process on an embedded database
});
