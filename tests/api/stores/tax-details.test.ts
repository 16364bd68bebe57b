/**
 * A store's tax details (issue 29 #1, docs/decisions/044) on the real API and a real database: the
 * TRN (nine digits, checked, kept as digits), the GCT registration and its number, asked on the
 * application and the store editor, shown to operators, and every change written to the action log
 * by the owner in the change's transaction. On PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorActions, stores } from '../../../src/server/db/schema';
import { DEMO_OPERATOR_EMAIL } from '../../../src/server/db/seed/sample-catalog';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { caller, signIn, type Who } from '../../fixtures/orders';
import { storeApplication } from '../../fixtures/store-application';

let t: TestApp;
let call: ReturnType<typeof caller>;
let operator: Who;
let potter: Who;
let weaver: Who;

const taxLog = (storeId: string) =>
  t.database.db
    .select()
    .from(operatorActions)
    .where(eq(operatorActions.targetId, storeId))
    .orderBy(asc(operatorActions.createdAt), asc(operatorActions.id));

beforeAll(async () => {
  t = await createTestApp({ seed: true });
  call = caller(t);
  operator = await signIn(t.database.db, DEMO_OPERATOR_EMAIL);
  potter = await signIn(t.database.db, 'gct-potter@yaad.test', 'Marcia Potter');
  weaver = await signIn(t.database.db, 'gct-weaver@yaad.test', 'Devon Weaver');
});
afterAll(() => t?.close());

describe('tax details on the application', () => {
  it('refuses a bad TRN, and a GCT registration without its TRN or number, each a 400 naming the field in the seller’s words', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ trn: '12345678', gctRegistered: false }, 'taxDetails.trn', /^TRN must be nine digits, like 123-456-789$/],
      [{ trn: '1234567890', gctRegistered: false }, 'taxDetails.trn', /nine digits/],
      [{ trn: '12a-456-789', gctRegistered: false }, 'taxDetails.trn', /nine digits/],
      [{ trn: '000-000-000', gctRegistered: false }, 'taxDetails.trn', /nine digits/],
      [
        { trn: null, gctRegistered: true, gctNumber: '000123456' },
        'taxDetails.trn',
        /GCT-registered seller needs its TRN/,
      ],
      [
        { trn: '123-456-789', gctRegistered: true, gctNumber: '' },
        'taxDetails.gctNumber',
        /needs its GCT registration number/,
      ],
      [
        { trn: '123-456-789', gctRegistered: true, gctNumber: 'GCT#12;drop' },
        'taxDetails.gctNumber',
        /only letters, digits, spaces and dashes/,
      ],
      [{ trn: '123-456-789', gctRegistered: 'yes' }, 'taxDetails.gctRegistered', /tick the box/],
    ];
    for (const [taxDetails, field, message] of cases) {
      const res = await call(potter, 'POST', '/seller/apply', storeApplication({ taxDetails }));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.[field], JSON.stringify(res.body)).toMatch(message);
    }
    expect(await t.database.db.select().from(stores).where(eq(stores.ownerId, potter.id))).toEqual([]);
  });

  it('keeps a TRN typed with spaces or dashes as its nine digits; a registered seller’s number; shown to its owner and the operators', async () => {
    const res = await call(
      potter,
      'POST',
      '/seller/apply',
      storeApplication({
        name: 'Registered Pottery',
        taxDetails: { trn: ' 123 456-789 ', gctRegistered: true, gctNumber: ' 000-123-456 ' },
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.taxDetails).toEqual({ trn: '123456789', gctRegistered: true, gctNumber: '000-123-456' });
    const [row] = await t.database.db
      .select({ trn: stores.trn, gctRegistered: stores.gctRegistered, gctNumber: stores.gctNumber })
      .from(stores)
      .where(eq(stores.ownerId, potter.id));
    expect(row).toEqual({ trn: '123456789', gctRegistered: true, gctNumber: '000-123-456' });
    const seen = await call(operator, 'GET', `/admin/stores/${res.body.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body.taxDetails).toEqual({ trn: '123456789', gctRegistered: true, gctNumber: '000-123-456' });
    // The application itself is the first record: no change is logged.
    expect((await taxLog(res.body.id)).map((a) => a.action)).toEqual([]);
  });

  it('an application without tax details is an unregistered seller with no TRN; a GCT number sent unticked is not kept', async () => {
    const bare = storeApplication({ name: 'Weaver Baskets' });
    expect(bare).not.toHaveProperty('taxDetails');
    const res = await call(weaver, 'POST', '/seller/apply', bare);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.taxDetails).toEqual({ trn: null, gctRegistered: false, gctNumber: null });
    const edit = await call(weaver, 'PUT', '/seller/store', {
      taxDetails: { trn: '987654321', gctRegistered: false, gctNumber: '555' },
    });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    expect(edit.body.taxDetails).toEqual({ trn: '987654321', gctRegistered: false, gctNumber: null });
  });
});

describe('changing tax details in the store editor', () => {
  it('logs each change by its owner, before and after; an edit that leaves them alone logs nothing', async () => {
    const { body: store } = await call(weaver, 'GET', '/seller/store');
    const before = await taxLog(store.id);
    expect(before.map((a) => [a.action, a.fromStatus, a.toStatus])).toEqual([
      ['tax_details_changed', 'no TRN, not GCT-registered', 'TRN 987-654-321, not GCT-registered'],
    ]);
    expect(before[0]).toMatchObject({ operatorId: weaver.id, operatorEmail: weaver.email, reason: null });

    const registered = await call(weaver, 'PUT', '/seller/store', {
      taxDetails: { trn: '987-654-321', gctRegistered: true, gctNumber: 'G-4455' },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    // The same details again, and an edit of another field: nothing more in the log.
    expect(
      (
        await call(weaver, 'PUT', '/seller/store', {
          taxDetails: { trn: '987654321', gctRegistered: true, gctNumber: 'G-4455' },
        })
      ).status,
    ).toBe(200);
    expect((await call(weaver, 'PUT', '/seller/store', { location: 'Falmouth' })).status).toBe(200);
    // A refused change changes nothing and logs nothing.
    expect(
      (await call(weaver, 'PUT', '/seller/store', { taxDetails: { trn: '98765432', gctRegistered: true } })).status,
    ).toBe(400);

    const log = await call(operator, 'GET', `/admin/actions?targetId=${store.id}&action=tax_details_changed`);
    expect(log.status).toBe(200);
    expect(
      log.body.actions.map((a: { fromStatus: string; toStatus: string; operator: { email: string } }) => [
        a.operator.email,
        a.fromStatus,
        a.toStatus,
      ]),
    ).toEqual([
      [weaver.email, 'TRN 987-654-321, not GCT-registered', 'TRN 987-654-321, GCT-registered (GCT G-4455)'],
      [weaver.email, 'no TRN, not GCT-registered', 'TRN 987-654-321, not GCT-registered'],
    ]);
    expect(log.body.actions[0].targetName).toBe('Weaver Baskets');
    expect((await call(weaver, 'GET', '/seller/store')).body.taxDetails).toEqual({
      trn: '987654321',
      gctRegistered: true,
      gctNumber: 'G-4455',
    });
  });

  it('the database refuses a TRN that is not nine digits, and a registration without its numbers', async () => {
    const { body: store } = await call(weaver, 'GET', '/seller/store');
    const db = t.database.db;
    await expect(db.update(stores).set({ trn: '12345' }).where(eq(stores.id, store.id))).rejects.toThrow();
    await expect(db.update(stores).set({ gctNumber: null }).where(eq(stores.id, store.id))).rejects.toThrow();
    await expect(db.execute(sql`update stores set gct_registered = false where id = ${store.id}`)).rejects.toThrow();
  });
});
