/**
 * Opening a store and editing its page on the real API and a real database (docs/decisions/015):
 * POST /seller/apply, GET|PUT /seller/store. Every answer's 400/401/403/409, the owner in SQL,
 * and what reaches the publish queue.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  operatorActions,
  publishQueue,
  shippingRateParishes,
  shippingRates,
  stores,
  users,
} from '../../../src/server/db/schema';
import { DEMO_OPERATOR_EMAIL } from '../../../src/server/db/seed/sample-catalog';
import { changesPublished, waitingIds } from '../../../src/server/services/publish-queue';
import { storeSlug } from '../../../src/server/services/stores/own-store';
import { createTestApp, type TestApp } from '../../fixtures/app';
import { as, caller, signIn, signInSeller, type Who } from '../../fixtures/orders';
import { storeApplication } from '../../fixtures/store-application';

let t: TestApp;
let call: ReturnType<typeof caller>;
let dataDir: string;
let shopper: Who;
let seller: Who;
const SAMPLE = 'blue-mountain-roasters';

const queued = async () =>
  (
    await t.database.db
      .select({ kind: publishQueue.kind, ref: publishQueue.ref })
      .from(publishQueue)
      .orderBy(asc(publishQueue.id))
  ).map((r) => `${r.kind}:${r.ref}`);

async function uploadAs(who: Who): Promise<string> {
  const png = await sharp({ create: { width: 200, height: 120, channels: 3, background: '#1d6f42' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'logo.png');
  const res = await t.call('/seller/uploads', { method: 'POST', body: form, headers: as(who) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { url: string }).url;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'yaad-stores-'));
  t = await createTestApp({ seed: true, config: { DATA_DIR: dataDir } });
  call = caller(t);
  shopper = await signIn(t.database.db, 'potter@yaad.test', 'Marcia Potter');
  seller = await signInSeller(t.database.db, SAMPLE);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await changesPublished(t.database.db, await waitingIds(t.database.db));
});

describe('POST /seller/apply', () => {
  it('refuses a signed-out caller (401) before anything', async () => {
    expect((await call(null, 'POST', '/seller/apply', storeApplication())).status).toBe(401);
  });

  it('refuses each bad field with a 400 naming it, and makes nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'A' }, 'name'],
      [{ parish: 'Atlantis' }, 'parish'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phone: 'call me' }, 'phone'],
      [{ description: 'short' }, 'description'],
      [{ socialLinks: { facebook: 'http://facebook.com/x' } }, 'socialLinks.facebook'],
      [{ socialLinks: { twitter: 'javascript:alert(1)' } }, 'socialLinks.twitter'],
      [{ shippingRates: [] }, 'shippingRates'],
      [{ shippingRates: [{ ...storeApplication().shippingRates[0], parishes: [] }] }, 'shippingRates.0.parishes'],
      [
        { shippingRates: [{ ...storeApplication().shippingRates[0], minDays: 5, maxDays: 2 }] },
        'shippingRates.0.maxDays',
      ],
      [{ shippingRates: [{ ...storeApplication().shippingRates[0], cost: 1.005 }] }, 'shippingRates.0.cost'],
      [{ paymentMethods: { cashOnDelivery: false, bankTransfer: false } }, 'paymentMethods.cashOnDelivery'],
      [{ paymentMethods: { cashOnDelivery: false, bankTransfer: true } }, 'paymentMethods.bankDetails'],
      [{ logo: 'https://elsewhere.example/logo.png' }, 'logo'],
    ];
    for (const [override, field] of cases) {
      const res = await call(shopper, 'POST', '/seller/apply', storeApplication(override));
      expect(res.status, `${field}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.errors ?? {}), JSON.stringify(res.body)).toContain(field);
    }
    // An upload URL of the shop's form but no photo of this applicant's.
    const foreign = await call(
      shopper,
      'POST',
      '/seller/apply',
      storeApplication({ logo: `/uploads/${'a'.repeat(32)}/320.webp` }),
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toHaveProperty('logo');
    expect(await t.database.db.select().from(stores).where(eq(stores.ownerId, shopper.id))).toEqual([]);
    const [user] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, shopper.id));
    expect(user.role).toBe('buyer');
  });

  it("says each refusal in the seller's words: the field's label and how to put it right, no schema names (issue 24)", async () => {
    const rate = storeApplication().shippingRates[0];
    const res = await call(
      shopper,
      'POST',
      '/seller/apply',
      storeApplication({
        name: 'AB',
        location: '',
        parish: 'Atlantis',
        phone: 'call me',
        shippingRates: [
          { ...rate, provider: '', cost: 'abc', parishes: [] },
          { ...rate, minDays: 5, maxDays: 2 },
        ],
        paymentMethods: { cashOnDelivery: false, bankTransfer: false },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      name: 'Store name needs at least 3 characters',
      location: 'Town is required',
      parish: 'Choose the parish from the list',
      phone: 'Enter the phone number in digits, like 876-555-0123',
      'shippingRates.0.provider': 'Courier is required',
      'shippingRates.0.cost': 'Cost (US$) must be an amount like 500.00',
      'shippingRates.0.parishes': 'Tick at least one parish this courier delivers to',
      'shippingRates.1.maxDays': 'Slowest (days) must be the same as or more than fastest (days)',
      'paymentMethods.cashOnDelivery': 'Tick at least one payment method you accept',
    });
    const logo = await call(
      shopper,
      'POST',
      '/seller/apply',
      storeApplication({ logo: 'https://elsewhere.example/x.png' }),
    );
    expect(logo.body.errors.logo).toBe('Logo must be a photo uploaded to the shop (/uploads/…)');
  });

  it('opens a pending, unverified store with its rates and payment methods; the applicant becomes a seller; nothing is published', async () => {
    const res = await call(shopper, 'POST', '/seller/apply', storeApplication());
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: 'treasure-beach-pottery',
      status: 'pending',
      verified: false,
      statusReason: null,
      email: 'hello@treasurebeachpottery.example',
      socialLinks: {
        instagram: 'https://instagram.com/treasurebeachpottery',
        website: 'https://treasurebeach.example/',
        facebook: null,
      },
      freeShippingThreshold: 120,
      paymentMethods: { cashOnDelivery: true, bankTransfer: true, bankDetails: { bankName: 'NCB' } },
      productCount: 0,
    });
    expect(res.body.appliedAt).toEqual(expect.any(String));
    expect(res.body.shippingRates).toHaveLength(2);
    expect(res.body.shippingRates[0]).toMatchObject({ provider: 'Knutsford Express', cost: 6.5 });
    expect(res.body.shippingRates[0].parishes.sort()).toEqual(['Kingston', 'St. Andrew', 'St. Elizabeth', 'St. James']);
    const rates = await t.database.db
      .select()
      .from(shippingRates)
      .where(eq(shippingRates.storeId, 'treasure-beach-pottery'));
    expect(rates.map((r) => r.costCents).sort()).toEqual([400, 650]);
    const [user] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, shopper.id));
    expect(user.role).toBe('seller');
    expect(await queued()).toEqual([]);
    // Not public while pending.
    expect((await call(null, 'GET', '/seller/stores/treasure-beach-pottery')).status).toBe(404);
  });

  it('answers 409 to a second application, whatever its status, and two sent at once make one store', async () => {
    const again = await call(shopper, 'POST', '/seller/apply', storeApplication({ name: 'Second Pottery' }));
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already have a store/);
    expect((await call(seller, 'POST', '/seller/apply', storeApplication({ name: 'Roasters Two' }))).status).toBe(409);

    const twin = await signIn(t.database.db, 'twin@yaad.test', 'Twin Applicant');
    const both = await Promise.all([
      call(twin, 'POST', '/seller/apply', storeApplication({ name: 'Twin Crafts' })),
      call(twin, 'POST', '/seller/apply', storeApplication({ name: 'Twin Crafts' })),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.database.db.select().from(stores).where(eq(stores.ownerId, twin.id))).toHaveLength(1);
  });

  it('gives a taken name the next free id', async () => {
    const other = await signIn(t.database.db, 'potter2@yaad.test');
    const res = await call(other, 'POST', '/seller/apply', storeApplication());
    expect(res.status).toBe(201);
    expect(res.body.id).toBe('treasure-beach-pottery-2');
    expect(storeSlug('  Négril’s Best!! Shop ')).toBe('negrils-best-shop');
  });
});

describe('POST /seller/apply again after a rejection (resubmission)', () => {
  const REASON = 'Tell us where the honey is harvested and add a way to reach you.';
  let hopeful: Who;
  let operator: Who;
  let id: string;
  const ownStore = async () => (await call(hopeful, 'GET', '/seller/store')).body;
  const log = async () =>
    (
      await t.database.db
        .select()
        .from(operatorActions)
        .where(eq(operatorActions.targetId, id))
        .orderBy(asc(operatorActions.createdAt))
    ).map((a) => [a.action, a.fromStatus, a.toStatus, a.operatorEmail]);

  beforeAll(async () => {
    hopeful = await signIn(t.database.db, 'honey@yaad.test', 'Hope Honey');
    operator = await signIn(t.database.db, DEMO_OPERATOR_EMAIL);
    const res = await call(hopeful, 'POST', '/seller/apply', storeApplication({ name: 'Cockpit Country Honey' }));
    expect(res.status).toBe(201);
    id = res.body.id;
  });

  it('409 while the application is pending, and nothing changes', async () => {
    const res = await call(hopeful, 'POST', '/seller/apply', storeApplication({ name: 'Other Honey' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/already have a store \(pending\)/);
    expect((await ownStore()).name).toBe('Cockpit Country Honey');
  });

  it('a rejected applicant’s bad resubmission is a 400 that changes nothing; signed out is a 401', async () => {
    expect((await call(operator, 'POST', `/admin/stores/${id}/reject`, { reason: REASON })).status).toBe(200);
    expect(await ownStore()).toMatchObject({ status: 'rejected', statusReason: REASON });
    for (const [override, field] of [
      [{ phone: 'call me' }, 'phone'],
      [{ shippingRates: [] }, 'shippingRates'],
      [{ logo: `/uploads/${'a'.repeat(32)}/320.webp` }, 'logo'],
    ] as const) {
      const res = await call(
        hopeful,
        'POST',
        '/seller/apply',
        storeApplication({ name: 'Cockpit Honey', ...override }),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(Object.keys(res.body.errors ?? {})).toContain(field);
    }
    expect((await call(null, 'POST', '/seller/apply', storeApplication({ name: 'Cockpit Honey' }))).status).toBe(401);
    expect(await ownStore()).toMatchObject({ name: 'Cockpit Country Honey', status: 'rejected', statusReason: REASON });
    expect(await log()).toEqual([['reject', 'pending', 'rejected', DEMO_OPERATOR_EMAIL]]);
  });

  it('a corrected resubmission puts the same store back to pending, logged, queued for the operators, not published', async () => {
    const before = await ownStore();
    const res = await call(
      hopeful,
      'POST',
      '/seller/apply',
      storeApplication({
        name: 'Cockpit Honey Co',
        description: 'Wildflower and logwood honey harvested in the hills above Albert Town, Trelawny.',
        location: 'Albert Town',
        parish: 'Trelawny',
        phone: '876-555-0199',
        shippingRates: [
          {
            provider: 'Zipmail',
            method: 'Parcel',
            cost: 5,
            minDays: 2,
            maxDays: 4,
            parishes: ['Trelawny', 'Kingston'],
          },
        ],
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The same store: its id is kept (its uploads, products and log name it; it was never public).
    expect(res.body).toMatchObject({
      id,
      name: 'Cockpit Honey Co',
      location: 'Albert Town',
      parish: 'Trelawny',
      phone: '876-555-0199',
      status: 'pending',
      statusReason: null,
      verified: false,
    });
    expect(res.body.shippingRates.map((r: { provider: string }) => r.provider)).toEqual(['Zipmail']);
    expect(new Date(res.body.appliedAt).getTime()).toBeGreaterThan(new Date(before.appliedAt).getTime());
    expect(await t.database.db.select().from(stores).where(eq(stores.ownerId, hopeful.id))).toHaveLength(1);
    expect(await log()).toEqual([
      ['reject', 'pending', 'rejected', DEMO_OPERATOR_EMAIL],
      ['resubmit', 'rejected', 'pending', 'honey@yaad.test'],
    ]);
    expect(await queued()).toEqual([]);
    expect((await call(null, 'GET', `/seller/stores/${id}`)).status).toBe(404);
    // The operators see it again among the pending applications, and the resubmission in the log.
    const pending = await call(operator, 'GET', '/admin/stores?status=pending&limit=100');
    expect(pending.body.stores.map((s: { id: string }) => s.id)).toContain(id);
    const actions = await call(operator, 'GET', `/admin/actions?action=resubmit&targetId=${id}`);
    expect(actions.status).toBe(200);
    expect(actions.body.actions).toMatchObject([
      { action: 'resubmit', operator: { id: hopeful.id, email: 'honey@yaad.test' }, toStatus: 'pending' },
    ]);
    // A new applicant with the new name gets an id of its own.
    const other = await signIn(t.database.db, 'honey2@yaad.test');
    const second = await call(other, 'POST', '/seller/apply', storeApplication({ name: 'Cockpit Honey Co' }));
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(id);
  });

  it('409 again once pending, active or suspended', async () => {
    const again = () => call(hopeful, 'POST', '/seller/apply', storeApplication({ name: 'Third Try Honey' }));
    expect((await again()).status).toBe(409);
    expect((await call(operator, 'POST', `/admin/stores/${id}/approve`)).status).toBe(200);
    const active = await again();
    expect(active.status).toBe(409);
    expect(active.body.message).toMatch(/\(active\)/);
    expect(
      (await call(operator, 'POST', `/admin/stores/${id}/suspend`, { reason: 'Checking complaints.' })).status,
    ).toBe(200);
    expect((await again()).status).toBe(409);
    expect((await ownStore()).name).toBe('Cockpit Honey Co');
    expect((await log()).map(([action]) => action)).toEqual(['reject', 'resubmit', 'approve', 'suspend']);
  });
});

describe('GET|PUT /seller/store', () => {
  it('401 signed out; 403 for a user with no store (a buyer), as on every seller call, creating nothing', async () => {
    expect((await call(null, 'GET', '/seller/store')).status).toBe(401);
    expect((await call(null, 'PUT', '/seller/store', { description: 'x'.repeat(30) })).status).toBe(401);
    const nobody = await signIn(t.database.db, 'nobody@yaad.test');
    const noStore = { code: 'forbidden', message: 'You have no store yet: apply on the Sell on Yaad Market page.' };
    const read = await call(nobody, 'GET', '/seller/store');
    expect(read.status).toBe(403);
    expect(read.body).toEqual(noStore);
    const edit = await call(nobody, 'PUT', '/seller/store', { location: 'Negril' });
    expect(edit.status).toBe(403);
    expect(edit.body).toEqual(noStore);
    expect(await t.database.db.select().from(stores).where(eq(stores.ownerId, nobody.id))).toEqual([]);
  });

  it('reads only the caller’s own store (the owner is in the WHERE)', async () => {
    const mine = await call(shopper, 'GET', '/seller/store');
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe('treasure-beach-pottery');
    const theirs = await call(seller, 'GET', '/seller/store');
    expect(theirs.body.id).toBe(SAMPLE);
    expect(theirs.body.status).toBe('active');
  });

  it('edits a pending store without publishing; 400 on a bad field or an empty change, nothing changed', async () => {
    const [theirsBefore] = await t.database.db.select().from(stores).where(eq(stores.id, SAMPLE));
    const res = await call(shopper, 'PUT', '/seller/store', {
      location: 'Calabash Bay',
      socialLinks: { facebook: 'facebook.com/tbpottery', instagram: null },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.location).toBe('Calabash Bay');
    expect(res.body.socialLinks).toMatchObject({ facebook: 'https://facebook.com/tbpottery', instagram: null });
    expect(res.body.socialLinks.website).toBe('https://treasurebeach.example/');
    expect(await queued()).toEqual([]);

    expect((await call(shopper, 'PUT', '/seller/store', {})).status).toBe(400);
    expect((await call(shopper, 'PUT', '/seller/store', { parish: 'Nowhere', location: 'Lost' })).status).toBe(400);
    expect((await call(shopper, 'GET', '/seller/store')).body.location).toBe('Calabash Bay');
    // Another seller's store is untouched: the owner is in the update's WHERE.
    const [theirsAfter] = await t.database.db.select().from(stores).where(eq(stores.id, SAMPLE));
    expect(theirsAfter).toEqual(theirsBefore);
  });

  it('takes a logo and banner uploaded for the store, and refuses another store’s photo', async () => {
    const mine = await uploadAs(shopper);
    const theirs = await uploadAs(seller);
    const ok = await call(shopper, 'PUT', '/seller/store', { logo: mine, bannerImage: mine });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body).toMatchObject({ logo: mine, bannerImage: mine });
    const refused = await call(shopper, 'PUT', '/seller/store', { logo: theirs });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toHaveProperty('logo');
    expect((await call(shopper, 'GET', '/seller/store')).body.logo).toBe(mine);
    expect((await call(shopper, 'PUT', '/seller/store', { logo: null })).body.logo).toBeNull();
  });

  it('replaces the rates, keeping the id of a rate sent back', async () => {
    const before = (await call(shopper, 'GET', '/seller/store')).body.shippingRates;
    const kept = { ...before[0], cost: 7.25, parishes: ['Kingston'] };
    const res = await call(shopper, 'PUT', '/seller/store', {
      shippingRates: [
        kept,
        { provider: 'Zipmail', method: 'Door to door', cost: 9, minDays: 2, maxDays: 4, parishes: ['Portland'] },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.shippingRates.map((r: { id: string }) => r.id)).toContain(before[0].id);
    expect(res.body.shippingRates.map((r: { id: string }) => r.id)).not.toContain(before[1].id);
    const parishes = await t.database.db
      .select()
      .from(shippingRateParishes)
      .where(eq(shippingRateParishes.rateId, before[0].id));
    expect(parishes.map((p) => p.parish)).toEqual(['Kingston']);
    const [rate] = await t.database.db.select().from(shippingRates).where(eq(shippingRates.id, before[0].id));
    expect(rate.costCents).toBe(725);
  });

  it('an active store’s edit is queued for publishing in the same step, and shows in the public API', async () => {
    const res = await call(seller, 'PUT', '/seller/store', {
      description: 'Small-batch Blue Mountain coffee, roasted every Monday in Mavis Bank.',
      paymentMethods: {
        cashOnDelivery: false,
        bankTransfer: true,
        bankDetails: { bankName: 'JN Bank', accountName: 'BMR', accountNumber: '00112233', branch: 'Papine' },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await queued()).toEqual([`store:${SAMPLE}`]);
    const pub = await call(null, 'GET', `/seller/stores/${SAMPLE}`);
    expect(pub.body.description).toMatch(/roasted every Monday/);
    // Cash on delivery off: no bank details are needed for it, and none are kept for it when bank transfer goes.
    const off = await call(seller, 'PUT', '/seller/store', {
      paymentMethods: {
        cashOnDelivery: true,
        bankTransfer: false,
        bankDetails: { bankName: 'JN Bank', accountName: 'BMR', accountNumber: '00112233', branch: 'Papine' },
      },
    });
    expect(off.body.paymentMethods).toEqual({ cashOnDelivery: true, bankTransfer: false, bankDetails: null });
  });
});
