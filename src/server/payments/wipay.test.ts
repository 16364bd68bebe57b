import { describe, expect, it } from 'vitest';
import { recordedGateway } from '../../../tests/fixtures/payments/recorded-gateway';
import {
  documentedFailure,
  documentedSuccess,
  requestAnswer,
  SANDBOX_ACCOUNT,
  SANDBOX_KEY,
} from '../../../tests/fixtures/payments/wipay-examples';
import { PaymentGatewayError } from './provider';
import { wipayHash, wipayProvider } from './wipay';

const settings = {
  apiUrl: 'https://jm.wipayfinancial.com',
  accountNumber: SANDBOX_ACCOUNT,
  apiKey: SANDBOX_KEY,
  environment: 'sandbox' as const,
};
const ORDER = 'YM-2611-4F7K2Q';
const TXN = `SB-42-1-${ORDER}_0a1b2c3d-20261127101500`;
const expected = { orderNumber: ORDER, amountCents: 1250, currency: 'JMD' as const, gatewayReference: TXN };

/** A success return as WiPay would send it for this shop's order, signed with the sandbox key. */
const success = (overrides: Record<string, string> = {}) => ({
  query: {
    card: 'XXXXXXXXXXXX1111',
    currency: 'JMD',
    date: '2026-11-27 10:15:00',
    hash: wipayHash(TXN, '12.50', SANDBOX_KEY),
    message: '[1-R1]: Transaction is approved.',
    order_id: `${ORDER}_0a1b2c3d`,
    status: 'success',
    total: '12.50',
    transaction_id: TXN,
    ...overrides,
  },
  body: {},
});

describe('WiPay adapter', () => {
  it('signs like the documentation’s own example: MD5(transaction_id + original total + API key)', () => {
    expect(wipayHash(documentedSuccess.transaction_id, '10.00', SANDBOX_KEY)).toBe(documentedSuccess.hash);
    // The charged total (12.05, fees added under customer_pay) is not what is signed.
    expect(wipayHash(documentedSuccess.transaction_id, documentedSuccess.total, SANDBOX_KEY)).not.toBe(
      documentedSuccess.hash,
    );
  });

  it('reads the documentation’s success example as genuine, and refuses it for its fee-added total', async () => {
    const provider = wipayProvider(settings);
    const ret = { query: documentedSuccess, body: {} };
    const want = { orderNumber: 'oid', amountCents: 1000, currency: 'USD' as const };
    // The hash is right (no bad_signature); the shop charges merchant_absorb, so 12.05 for a 10.00 order is refused.
    expect(await provider.verifyReturn(ret, want)).toMatchObject({ ok: false, reason: 'amount_mismatch' });
    expect(await provider.verifyReturn(ret, { ...want, amountCents: 1205 })).toMatchObject({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('reads the documentation’s failure example (no hash) as declined', async () => {
    const verdict = await wipayProvider(settings).verifyReturn(
      { query: documentedFailure, body: {} },
      { orderNumber: 'oid', amountCents: 1000, currency: 'JMD' },
    );
    expect(verdict).toMatchObject({ ok: true, payment: { status: 'declined', amountCents: 1000 } });
  });

  it('posts the payment request in the published format and redirects to the hosted page', async () => {
    const gateway = recordedGateway(() => ({ json: requestAnswer(TXN) }));
    const created = await wipayProvider({ ...settings, apiKey: 'live-key-7f3a9', fetch: gateway.fetch }).createPayment({
      orderNumber: ORDER,
      amountCents: 1250,
      currency: 'JMD',
      returnUrl: 'https://yaadmarket.com/api/v1/payments/wipay/return',
      callbackUrl: 'https://yaadmarket.com/api/v1/payments/wipay/return',
    });
    expect(created).toEqual({ gatewayReference: TXN, next: { kind: 'redirect', url: requestAnswer(TXN).url } });
    const [call] = gateway.calls;
    expect(call.url).toBe('https://jm.wipayfinancial.com/plugins/payments/request');
    expect(call.headers.get('accept')).toBe('application/json');
    expect(call.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = Object.fromEntries(new URLSearchParams(call.body));
    expect(form).toEqual({
      account_number: SANDBOX_ACCOUNT,
      country_code: 'JM',
      currency: 'JMD',
      environment: 'sandbox',
      fee_structure: 'merchant_absorb',
      method: 'credit_card',
      order_id: expect.stringMatching(/^YM-2611-4F7K2Q_[0-9a-f]{8}$/),
      origin: 'YaadMarket',
      response_url: 'https://yaadmarket.com/api/v1/payments/wipay/return',
      total: '12.50',
    });
    // The API key signs returns; it is never sent, neither to WiPay nor to the browser.
    expect(call.body).not.toContain('live-key-7f3a9');
    expect(JSON.stringify(created)).not.toContain('live-key-7f3a9');
  });

  it('throws when WiPay refuses the request', async () => {
    const gateway = recordedGateway(() => ({
      status: 422,
      json: { url: 'https://yaadmarket.com/r?status=error', message: 'The total must be at least 1.00 USD.' },
    }));
    const error = await wipayProvider({ ...settings, fetch: gateway.fetch })
      .createPayment({
        orderNumber: ORDER,
        amountCents: 50,
        currency: 'USD',
        returnUrl: 'https://a.test/r',
        callbackUrl: 'https://a.test/r',
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error.message).toContain('The total must be at least 1.00 USD.');
  });

  it('approves a signed success for the right order, amount and currency', async () => {
    const provider = wipayProvider(settings);
    expect(provider.claimedOrderNumber(success())).toBe(ORDER);
    expect(await provider.verifyReturn(success(), expected)).toEqual({
      ok: true,
      payment: {
        orderNumber: ORDER,
        gatewayReference: TXN,
        status: 'approved',
        amountCents: 1250,
        currency: 'JMD',
        message: '[1-R1]: Transaction is approved.',
      },
    });
    // The hash is hex: its case does not matter.
    expect((await provider.verifyReturn(success({ hash: success().query.hash.toUpperCase() }), expected)).ok).toBe(
      true,
    );
  });

  it('refuses a bad hash, a missing hash, a tampered amount, the wrong currency and another order', async () => {
    const provider = wipayProvider(settings);
    const cases: [Record<string, string>, string][] = [
      [{ hash: 'ffffffffffffffffffffffffffffffff' }, 'bad_signature'],
      [{ hash: '' }, 'bad_signature'],
      [{ hash: wipayHash(TXN, '12.50', 'another-key') }, 'bad_signature'],
      [{ total: '1.25' }, 'amount_mismatch'],
      [{ total: '12.505' }, 'malformed'],
      [{ currency: 'USD' }, 'currency_mismatch'],
      [{ currency: 'TTD' }, 'currency_mismatch'],
      [{ order_id: 'YM-2611-OTHER1_0a1b2c3d' }, 'order_mismatch'],
      [{ transaction_id: 'SB-42-1-YM-2611-OTHER1_0a1b2c3d-20261127101500' }, 'reference_mismatch'],
      [{ status: 'maybe' }, 'unknown_code'],
      [{ status: '' }, 'malformed'],
    ];
    for (const [overrides, reason] of cases) {
      expect(await provider.verifyReturn(success(overrides), expected), JSON.stringify(overrides)).toMatchObject({
        ok: false,
        reason,
      });
    }
    // Signed for a different amount than the order's: the hash is computed from the order, so it fails.
    const cheaper = success({ hash: wipayHash(TXN, '1.25', SANDBOX_KEY), total: '1.25' });
    expect(await provider.verifyReturn(cheaper, expected)).toMatchObject({ ok: false, reason: 'bad_signature' });
  });

  it('reads failed and error returns as declined', async () => {
    for (const status of ['failed', 'error']) {
      const verdict = await wipayProvider(settings).verifyReturn(success({ status, hash: '' }), expected);
      expect(verdict).toMatchObject({ ok: true, payment: { status: 'declined' } });
    }
  });

  it('says plainly that WiPay publishes no status read or refund', async () => {
    const provider = wipayProvider(settings);
    expect(await provider.readStatus(expected)).toMatchObject({ ok: false, reason: 'unsupported' });
    expect(
      await provider.refund({
        gatewayReference: TXN,
        orderNumber: ORDER,
        amountCents: 100,
        currency: 'JMD',
        refundId: 'r',
      }),
    ).toMatchObject({ ok: false, reason: 'unsupported' });
  });
});
