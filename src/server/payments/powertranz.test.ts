import { describe, expect, it } from 'vitest';
import {
  hppReturn,
  ORDER_NUMBER,
  paymentApproved,
  paymentDeclined,
  refundApproved,
  SPI_TOKEN,
  saleAnswer,
  TRANSACTION_ID,
} from '../../../tests/fixtures/payments/powertranz-examples';
import { type Recorded, recordedGateway } from '../../../tests/fixtures/payments/recorded-gateway';
import { powerTranzProvider } from './powertranz';
import { PaymentGatewayError } from './provider';

const settings = {
  apiUrl: 'https://staging.ptranz.com/',
  powerTranzId: '88803113',
  powerTranzPassword: 'secret-password-1',
  pageSet: 'PTZ/YaadMarket',
  pageName: 'Checkout',
};
const expected = {
  orderNumber: ORDER_NUMBER,
  amountCents: 1250,
  currency: 'USD' as const,
  gatewayReference: TRANSACTION_ID,
};
const returned = (response: unknown) => ({ query: {}, body: { Response: JSON.stringify(response) } });

/** A gateway whose payment completion and status read answer `completion` and `status`. */
function gatewayAnswering(completion: unknown, status: unknown = completion) {
  return recordedGateway((call: Recorded) => {
    const path = new URL(call.url).pathname;
    if (path === '/api/spi/payment') return { json: completion };
    if (path.startsWith('/api/transactions/')) return { json: status };
    return { status: 404, json: { Errors: [{ Code: '404', Message: 'not found' }] } };
  });
}

describe('PowerTranz adapter: creating a payment', () => {
  it('sends the SPI sale in the published format and hands back the RedirectData', async () => {
    const gateway = recordedGateway((call) => ({
      json: { ...saleAnswer, TransactionIdentifier: JSON.parse(call.body).TransactionIdentifier },
    }));
    const provider = powerTranzProvider({ ...settings, fetch: gateway.fetch });
    const created = await provider.createPayment({
      orderNumber: ORDER_NUMBER,
      amountCents: 1250,
      currency: 'JMD',
      returnUrl: 'https://yaadmarket.com/api/v1/payments/powertranz/return',
      callbackUrl: 'https://yaadmarket.com/api/v1/payments/powertranz/callback',
    });
    const [call] = gateway.calls;
    expect(call.method).toBe('POST');
    expect(call.url).toBe('https://staging.ptranz.com/api/spi/sale');
    expect(call.headers.get('PowerTranz-PowerTranzId')).toBe('88803113');
    expect(call.headers.get('PowerTranz-PowerTranzPassword')).toBe('secret-password-1');
    const body = JSON.parse(call.body);
    expect(body).toEqual({
      TransactionIdentifier: created.gatewayReference,
      TotalAmount: 12.5,
      CurrencyCode: '388',
      ThreeDSecure: false,
      OrderIdentifier: ORDER_NUMBER,
      AddressMatch: false,
      ExtendedData: {
        HostedPage: { PageSet: 'PTZ/YaadMarket', PageName: 'Checkout' },
        MerchantResponseUrl: 'https://yaadmarket.com/api/v1/payments/powertranz/return',
      },
    });
    expect(created.gatewayReference).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.next).toEqual({ kind: 'html', html: saleAnswer.RedirectData });
    // What goes to the browser never carries the merchant's password.
    expect(JSON.stringify(created)).not.toContain('secret-password-1');
  });

  it('throws a PaymentGatewayError when the gateway refuses, answers out of format or cannot be reached', async () => {
    const refusing = recordedGateway(() => ({
      json: { Approved: false, IsoResponseCode: '89', ResponseMessage: 'Failed authentication', Errors: [] },
    }));
    const request = {
      orderNumber: ORDER_NUMBER,
      amountCents: 100,
      currency: 'USD' as const,
      returnUrl: 'https://a.test/r',
      callbackUrl: 'https://a.test/c',
    };
    await expect(powerTranzProvider({ ...settings, fetch: refusing.fetch }).createPayment(request)).rejects.toThrow(
      /did not start the payment: 89 Failed authentication/,
    );
    const html = recordedGateway(() => ({ status: 502, json: 'bad gateway' }));
    await expect(powerTranzProvider({ ...settings, fetch: html.fetch }).createPayment(request)).rejects.toBeInstanceOf(
      PaymentGatewayError,
    );
    const offline = recordedGateway(() => 'network');
    const error = await powerTranzProvider({ ...settings, fetch: offline.fetch })
      .createPayment(request)
      .catch((e) => e);
    expect(error).toBeInstanceOf(PaymentGatewayError);
    expect(error.message).not.toContain('secret-password-1');
  });
});

describe('PowerTranz adapter: verifying a return', () => {
  it('completes the payment with the SpiToken and believes only the gateway answer', async () => {
    const gateway = gatewayAnswering(paymentApproved);
    const provider = powerTranzProvider({ ...settings, fetch: gateway.fetch });
    expect(provider.claimedOrderNumber(returned(hppReturn))).toBe(ORDER_NUMBER);
    const verdict = await provider.verifyReturn(returned(hppReturn), expected);
    expect(verdict).toEqual({
      ok: true,
      payment: {
        orderNumber: ORDER_NUMBER,
        gatewayReference: TRANSACTION_ID,
        status: 'approved',
        amountCents: 1250,
        currency: 'USD',
        message: 'Transaction is approved',
      },
    });
    const [completion] = gateway.calls;
    expect(completion.url).toBe('https://staging.ptranz.com/api/spi/payment');
    // The body is the SpiToken as a JSON string, and the completion carries no credentials.
    expect(completion.body).toBe(JSON.stringify(SPI_TOKEN));
    expect(completion.headers.get('PowerTranz-PowerTranzPassword')).toBeNull();
  });

  it('reads a declined completion as declined', async () => {
    const provider = powerTranzProvider({ ...settings, fetch: gatewayAnswering(paymentDeclined).fetch });
    const verdict = await provider.verifyReturn(returned(hppReturn), expected);
    expect(verdict.ok && verdict.payment.status).toBe('declined');
  });

  it('refuses a return that claims approval by itself, without asking the gateway for its answer', async () => {
    // A forged Response saying "00": not HP0, so no completion; the status read says it is still pending.
    const gateway = gatewayAnswering(undefined, { ...hppReturn, IsoResponseCode: 'SP4', Approved: false });
    const provider = powerTranzProvider({ ...settings, fetch: gateway.fetch });
    const verdict = await provider.verifyReturn(returned({ ...paymentApproved }), expected);
    expect(verdict.ok && verdict.payment.status).toBe('pending');
    expect(gateway.calls.map((c) => new URL(c.url).pathname)).toEqual([`/api/transactions/${TRANSACTION_ID}`]);
  });

  it('refuses a tampered amount, the wrong currency, another order and another order’s transaction', async () => {
    const cases: [unknown, unknown, string][] = [
      [hppReturn, { ...paymentApproved, TotalAmount: 1.25 }, 'amount_mismatch'],
      [hppReturn, { ...paymentApproved, TotalAmount: 12.505 }, 'malformed'],
      [hppReturn, { ...paymentApproved, CurrencyCode: '388' }, 'currency_mismatch'],
      [hppReturn, { ...paymentApproved, CurrencyCode: '978' }, 'currency_mismatch'],
      [hppReturn, { ...paymentApproved, OrderIdentifier: 'YM-2611-OTHER1' }, 'order_mismatch'],
      [hppReturn, { ...paymentApproved, TransactionIdentifier: 'another-transaction' }, 'reference_mismatch'],
      [{ ...hppReturn, TransactionIdentifier: 'another-transaction' }, paymentApproved, 'reference_mismatch'],
      [{ ...hppReturn, OrderIdentifier: 'YM-2611-OTHER1' }, paymentApproved, 'order_mismatch'],
    ];
    for (const [posted, answer, reason] of cases) {
      const provider = powerTranzProvider({ ...settings, fetch: gatewayAnswering(answer).fetch });
      const verdict = await provider.verifyReturn(returned(posted), expected);
      expect(verdict, `${reason}: ${JSON.stringify(answer)}`).toMatchObject({ ok: false, reason });
    }
  });

  it('refuses unknown and self-contradicting codes rather than guess', async () => {
    for (const answer of [
      { ...paymentApproved, IsoResponseCode: 'ZZ9' },
      { ...paymentApproved, Approved: false },
      { ...paymentDeclined, Approved: true },
      { ...paymentDeclined, IsoResponseCode: '77' },
    ]) {
      const provider = powerTranzProvider({ ...settings, fetch: gatewayAnswering(answer).fetch });
      expect(await provider.verifyReturn(returned(hppReturn), expected)).toMatchObject({
        ok: false,
        reason: 'unknown_code',
      });
    }
    const refused = { ...paymentDeclined, IsoResponseCode: '89', ResponseMessage: 'Failed authentication' };
    const provider = powerTranzProvider({ ...settings, fetch: gatewayAnswering(refused).fetch });
    expect(await provider.verifyReturn(returned(hppReturn), expected)).toMatchObject({
      ok: false,
      reason: 'gateway_error',
    });
  });

  it('refuses a return that is not in the format', async () => {
    const provider = powerTranzProvider({ ...settings, fetch: gatewayAnswering(paymentApproved).fetch });
    for (const body of [{}, { Response: 'not json' }, { Response: '[]' }] as Record<string, string>[]) {
      expect(await provider.verifyReturn({ query: {}, body }, expected)).toMatchObject({
        ok: false,
        reason: 'malformed',
      });
    }
  });

  it('asks for the status when the completion is refused (a replayed return), and says so when the gateway is down', async () => {
    const replay = gatewayAnswering({ Errors: [{ Code: '1100', Message: 'SpiToken already used' }] }, paymentApproved);
    const verdict = await powerTranzProvider({ ...settings, fetch: replay.fetch }).verifyReturn(
      returned(hppReturn),
      expected,
    );
    expect(verdict.ok && verdict.payment.status).toBe('approved');
    const offline = recordedGateway(() => 'network');
    expect(
      await powerTranzProvider({ ...settings, fetch: offline.fetch }).verifyReturn(returned(hppReturn), expected),
    ).toMatchObject({ ok: false, reason: 'gateway_error' });
  });
});

describe('PowerTranz adapter: status and refunds', () => {
  it('reads the status with the merchant credentials', async () => {
    const gateway = gatewayAnswering(undefined, paymentApproved);
    const verdict = await powerTranzProvider({ ...settings, fetch: gateway.fetch }).readStatus(expected);
    expect(verdict.ok && verdict.payment.status).toBe('approved');
    expect(gateway.calls[0].method).toBe('GET');
    expect(gateway.calls[0].headers.get('PowerTranz-PowerTranzId')).toBe('88803113');
  });

  it('refunds part of a payment in the published refund format', async () => {
    const gateway = recordedGateway((call) => ({ json: refundApproved(JSON.parse(call.body).TotalAmount) }));
    const outcome = await powerTranzProvider({ ...settings, fetch: gateway.fetch }).refund({
      gatewayReference: TRANSACTION_ID,
      orderNumber: ORDER_NUMBER,
      amountCents: 450,
      currency: 'USD',
      refundId: 'refund-1',
    });
    expect(outcome).toEqual({ ok: true, refundReference: 'f1a2b3c4-0000-4000-8000-000000000001', amountCents: 450 });
    expect(gateway.calls[0].url).toBe('https://staging.ptranz.com/api/refund');
    expect(JSON.parse(gateway.calls[0].body)).toEqual({
      Refund: true,
      TransactionIdentifier: TRANSACTION_ID,
      TotalAmount: 4.5,
      CurrencyCode: '840',
      OrderIdentifier: ORDER_NUMBER,
      ExternalIdentifier: 'refund-1',
    });
  });

  it('reports a refused refund and one for another amount', async () => {
    const refused = recordedGateway(() => ({
      json: {
        Approved: false,
        IsoResponseCode: '13',
        ResponseMessage: 'Invalid amount',
        TransactionIdentifier: 'x',
        TotalAmount: 99,
      },
    }));
    const request = {
      gatewayReference: TRANSACTION_ID,
      orderNumber: ORDER_NUMBER,
      amountCents: 9900,
      currency: 'USD' as const,
      refundId: 'r',
    };
    expect(await powerTranzProvider({ ...settings, fetch: refused.fetch }).refund(request)).toEqual({
      ok: false,
      reason: 'refused',
      detail: '13 Invalid amount',
    });
    const other = recordedGateway(() => ({ json: refundApproved(1) }));
    expect(await powerTranzProvider({ ...settings, fetch: other.fetch }).refund(request)).toMatchObject({
      ok: false,
      reason: 'amount_mismatch',
    });
  });
});
