import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client';
import { testGatewayTransactions } from '../../../src/server/db/schema';
import { powerTranzProvider } from '../../../src/server/payments/powertranz';
import { PaymentGatewayError, type PaymentRequest } from '../../../src/server/payments/provider';
import { openTestDatabase } from '../../fixtures/database';
import { card, payOnHostedPage, startTestGateway } from '../../fixtures/payments/test-gateway-browser';

/*
 * The PowerTranz adapter against the offline test gateway, end to end over HTTP (issue 26 #2,
 * docs/decisions/028): sale → hosted page with each test card → return → payment completion →
 * status → refunds. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const SLOW_MS = 1500;
let database: Database;
let gateway: Awaited<ReturnType<typeof startTestGateway>>;
let orders = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  gateway = await startTestGateway(database.db, { slowCardMs: SLOW_MS });
});
afterAll(async () => {
  await gateway?.close();
  await database?.close();
});

/** A new payment of `amountCents` for a new order; what the shop would expect of it. */
async function start(amountCents = 1250, currency: 'USD' | 'JMD' = 'USD') {
  orders += 1;
  const request: PaymentRequest = {
    orderNumber: `YM-2611-TEST${String(orders).padStart(2, '0')}`,
    amountCents,
    currency,
    returnUrl: 'http://127.0.0.1:4321/api/v1/payments/return',
    callbackUrl: 'http://127.0.0.1:4321/api/v1/payments/return',
  };
  const created = await gateway.provider.createPayment(request);
  const expected = {
    orderNumber: request.orderNumber,
    amountCents,
    currency,
    gatewayReference: created.gatewayReference,
  };
  return { created, expected };
}

describe('the test gateway through the PowerTranz adapter', () => {
  it('approves 4111 1111 1111 1111: return, completion, status, partial refunds, never past the total', async () => {
    const { created, expected } = await start(1250, 'JMD');
    const paid = await payOnHostedPage(created.next, card('4111 1111 1111 1111'));
    expect(paid.pageStatus).toBe(200);
    expect(paid.status).toBe(200);
    expect(paid.returnUrl).toBe('http://127.0.0.1:4321/api/v1/payments/return');
    const returned = paid.returned ?? { query: {}, body: {} };
    // What the browser brings back is only "card collected"; the money is decided by the completion.
    expect(JSON.parse(returned.body.Response)).toMatchObject({ IsoResponseCode: 'HP0', Approved: false });
    expect(gateway.provider.claimedOrderNumber(returned)).toBe(expected.orderNumber);

    const verdict = await gateway.provider.verifyReturn(returned, expected);
    expect(verdict).toEqual({
      ok: true,
      payment: { ...expected, status: 'approved', message: 'Transaction is approved' },
    });
    expect(await gateway.provider.readStatus(expected)).toMatchObject({ ok: true, payment: { status: 'approved' } });

    const refund = (amountCents: number, refundId: string) =>
      gateway.provider.refund({ ...expected, gatewayReference: created.gatewayReference, amountCents, refundId });
    expect(await refund(450, 'r1')).toMatchObject({ ok: true, amountCents: 450 });
    expect(await refund(1250, 'r2')).toEqual({
      ok: false,
      reason: 'refused',
      detail: '13 The refund would pass the amount captured',
    });
    expect(await refund(800, 'r3')).toMatchObject({ ok: true, amountCents: 800 });
    expect(await refund(1, 'r4')).toMatchObject({ ok: false, reason: 'refused' });
    const [row] = await database.db
      .select()
      .from(testGatewayTransactions)
      .where(eq(testGatewayTransactions.id, created.gatewayReference));
    expect(row.refundedCents).toBe(1250);
  });

  it('declines 4000 0000 0000 0002 at the completion, and refuses to refund it', async () => {
    const { created, expected } = await start();
    const paid = await payOnHostedPage(created.next, card('4000000000000002'));
    const verdict = await gateway.provider.verifyReturn(paid.returned ?? { query: {}, body: {} }, expected);
    expect(verdict).toMatchObject({ ok: true, payment: { status: 'declined', message: 'Do not honour' } });
    expect(await gateway.provider.readStatus(expected)).toMatchObject({ ok: true, payment: { status: 'declined' } });
    expect(await gateway.provider.refund({ ...expected, refundId: 'r' })).toMatchObject({
      ok: false,
      reason: 'refused',
    });
  });

  it('asks 4000 0000 0000 3220 for 3-D Secure: Approve pays, Fail declines', async () => {
    const approved = await start();
    const passed = await payOnHostedPage(approved.created.next, card('4000000000003220'), 'approve');
    expect(
      await gateway.provider.verifyReturn(passed.returned ?? { query: {}, body: {} }, approved.expected),
    ).toMatchObject({
      ok: true,
      payment: { status: 'approved' },
    });

    const failed = await start();
    const refused = await payOnHostedPage(failed.created.next, card('4000000000003220'), 'fail');
    expect(JSON.parse(refused.returned?.body.Response ?? '{}')).toMatchObject({ IsoResponseCode: '3D2' });
    expect(
      await gateway.provider.verifyReturn(refused.returned ?? { query: {}, body: {} }, failed.expected),
    ).toMatchObject({
      ok: true,
      payment: { status: 'declined', message: '3DS Authentication Failed' },
    });
  });

  it('approves 4000 0000 0000 0077 only after its delay, pending until then', async () => {
    const { created, expected } = await start();
    // The delay runs from the card's collection, inside the hosted page's post: the clock starts
    // before it (started after it, a loaded machine's slow answer counted against the delay).
    const began = Date.now();
    const paid = await payOnHostedPage(created.next, card('4000000000000077'));
    const verdict = gateway.provider.verifyReturn(paid.returned ?? { query: {}, body: {} }, expected);
    expect(await gateway.provider.readStatus(expected)).toMatchObject({ ok: true, payment: { status: 'pending' } });
    expect(await verdict).toMatchObject({ ok: true, payment: { status: 'approved' } });
    expect(Date.now() - began).toBeGreaterThanOrEqual(SLOW_MS - 50);
  });

  it('answers a replayed return and two returns at once with the one outcome it decided', async () => {
    const { created, expected } = await start();
    const paid = await payOnHostedPage(created.next, card('4111111111111111'));
    const returned = paid.returned ?? { query: {}, body: {} };
    const [one, two] = await Promise.all([
      gateway.provider.verifyReturn(returned, expected),
      gateway.provider.verifyReturn(returned, expected),
    ]);
    expect(one).toEqual(two);
    expect(one).toMatchObject({ ok: true, payment: { status: 'approved' } });
    expect(await gateway.provider.verifyReturn(returned, expected)).toEqual(one);
    // The hosted page cannot be paid a second time.
    const again = await fetch(paid.pageUrl);
    expect(again.status).toBe(409);
    expect(await again.text()).toContain('Payment already submitted');
  });

  it('lets only one of two refunds at once through when both together would pass the total', async () => {
    const { created, expected } = await start(1250);
    const paid = await payOnHostedPage(created.next, card('4111111111111111'));
    await gateway.provider.verifyReturn(paid.returned ?? { query: {}, body: {} }, expected);
    const outcomes = await Promise.all(
      ['a', 'b', 'c'].map((id) => gateway.provider.refund({ ...expected, amountCents: 800, refundId: id })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const [row] = await database.db
      .select()
      .from(testGatewayTransactions)
      .where(eq(testGatewayTransactions.id, created.gatewayReference));
    expect(row.refundedCents).toBe(800);
  });

  it('refuses a return for another order’s transaction and an amount the order does not have', async () => {
    const mine = await start(2000);
    const other = await start(2000);
    const paid = await payOnHostedPage(other.created.next, card('4111111111111111'));
    const returned = paid.returned ?? { query: {}, body: {} };
    expect(await gateway.provider.verifyReturn(returned, mine.expected)).toMatchObject({
      ok: false,
      reason: 'reference_mismatch',
    });
    expect(await gateway.provider.verifyReturn(returned, { ...other.expected, amountCents: 200 })).toMatchObject({
      ok: false,
      reason: 'amount_mismatch',
    });
    expect(await gateway.provider.verifyReturn(returned, { ...other.expected, currency: 'JMD' })).toMatchObject({
      ok: false,
      reason: 'currency_mismatch',
    });
  });

  it('keeps a confirmed payment readable by a gateway started again over the same database', async () => {
    const { created, expected } = await start();
    const paid = await payOnHostedPage(created.next, card('4111111111111111'));
    await gateway.provider.verifyReturn(paid.returned ?? { query: {}, body: {} }, expected);
    const restarted = await startTestGateway(database.db);
    try {
      expect(await restarted.provider.readStatus(expected)).toMatchObject({
        ok: true,
        payment: { status: 'approved' },
      });
    } finally {
      await restarted.close();
    }
  });

  it('refuses wrong merchant credentials and a sale out of format', async () => {
    const intruder = powerTranzProvider({
      apiUrl: gateway.base,
      powerTranzId: 'yaad-test-merchant',
      powerTranzPassword: 'guess',
      pageSet: 'PTZ/YaadTest',
      pageName: 'Checkout',
    });
    const request = {
      orderNumber: 'YM-2611-XXXXXX',
      amountCents: 100,
      currency: 'USD' as const,
      returnUrl: 'http://a.test/r',
      callbackUrl: 'http://a.test/r',
    };
    await expect(intruder.createPayment(request)).rejects.toThrow(/89 Failed authentication/);
    await expect(
      gateway.provider.createPayment({ ...request, returnUrl: 'javascript:alert(1)' }),
    ).rejects.toBeInstanceOf(PaymentGatewayError);
    const { expected } = await start();
    expect(await intruder.readStatus(expected)).toMatchObject({ ok: false, reason: 'gateway_error' });
  });
});

describe('the hosted page', () => {
  it('shows the labelled fields, the amount and the test cards', async () => {
    const { created } = await start(1250, 'JMD');
    if (created.next.kind !== 'html') throw new Error('RedirectData expected');
    const url = /action="([^"]+)"/.exec(created.next.html)?.[1] ?? '';
    const page = await fetch(url);
    const html = await page.text();
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    for (const label of ['Card number', 'Expiry date', 'CVV', 'Name on card'])
      expect(html).toContain(`>${label}</label>`);
    expect(html).toContain('Pay J$12.50');
    expect(html).toContain('4000 0000 0000 3220');
  });

  it('says what is wrong with bad card input, keeps what was typed but the CVV, and takes nothing', async () => {
    const { created, expected } = await start();
    const bad = await payOnHostedPage(
      created.next,
      card('4111 1111 1111 1112', { expiry: '13/30', cvv: '12', name: ' ' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.html).toContain('Enter a valid card number: 13 to 19 digits, as printed on the card.');
    expect(bad.html).toContain('Enter the expiry date as MM/YY, for example 08/29.');
    expect(bad.html).toContain('Enter the 3 or 4 digit CVV from the back of the card.');
    expect(bad.html).toContain('Enter the name as it is printed on the card.');
    expect(bad.html).toContain('aria-invalid="true" aria-describedby="f-cardNumber-error"');
    expect(bad.html).toContain('value="4111 1111 1111 1112"');
    expect(bad.html).not.toContain('value="12"');
    expect(bad.returned).toBeUndefined();

    const expired = await payOnHostedPage(created.next, card('4111111111111111', { expiry: '01/20' }));
    expect(expired.html).toContain('This card has expired. Check the expiry date.');
    const realCard = await payOnHostedPage(created.next, card('4242 4242 4242 4242'));
    expect(realCard.html).toContain('This test gateway takes only its test cards, listed below.');
    // Nothing was collected: the status is still the sale's.
    expect(await gateway.provider.readStatus(expected)).toMatchObject({ ok: true, payment: { status: 'pending' } });
  });

  it('answers an unknown payment link with a page, not an error', async () => {
    const page = await fetch(`${gateway.base}/hpp/not-a-token`);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Payment not found');
  });
});
