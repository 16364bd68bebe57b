import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { centsToDecimal, decimalToCents } from './amounts';
import { callGateway, type Fetch, isRecord, text } from './gateway-http';
import {
  type CreatedPayment,
  CURRENCIES,
  type Currency,
  PaymentGatewayError,
  type PaymentProvider,
  type PaymentRequest,
  refuse,
  type Verification,
} from './provider';

/*
 * WiPay's Plugins Payment Request API (WiPay Payments API Documentation v1.0.8, 23/12/2024;
 * docs/decisions/028):
 *   POST {api}/plugins/payments/request, form-encoded, Accept: application/json →
 *   { url, message, transaction_id }; the shopper pays on `url`; the browser comes back with a GET
 *   to response_url carrying status (success|failed|error), transaction_id, order_id, total,
 *   currency, message and, on success only, hash = MD5(transaction_id + original total + API key).
 * WiPay publishes no status read and no refund call: those answer 'unsupported' (an operator
 * refunds from the WiPay dashboard).
 */

export type WiPaySettings = {
  /** https://jm.wipayfinancial.com (the Jamaican platform; bb, gy and tt exist too). */
  apiUrl: string;
  /** n[10]; the sandbox account is 1234567890. */
  accountNumber: string;
  /** The secret that signs returns; the sandbox key is "123". */
  apiKey: string;
  environment: 'sandbox' | 'live';
  fetch?: Fetch;
};

/** Who pays WiPay's fee: the marketplace absorbs it, so the amount charged is the order's total exactly. */
const FEE_STRUCTURE = 'merchant_absorb';
/** ad[1-32], beginning and ending with a letter or digit. */
const ORIGIN = 'YaadMarket';

/**
 * WiPay wants each order_id unique, and a shopper may try again after a decline: the order number
 * plus "_" and an attempt tag ("YM-2611-4F7K2Q_k3v9q1"; order numbers have no "_"), 21 characters,
 * within FAC's 48.
 */
const attemptOrderId = (orderNumber: string) => `${orderNumber}_${randomBytes(4).toString('hex')}`;
const orderNumberOf = (orderId: string | undefined) => orderId?.split('_')[0] || undefined;

/** MD5(transaction_id + total + key), WiPay's signature over a successful return. */
export function wipayHash(transactionId: string, total: string, apiKey: string): string {
  return createHash('md5').update(`${transactionId}${total}${apiKey}`, 'utf8').digest('hex');
}

function sameHex(a: string, b: string): boolean {
  const left = Buffer.from(a.toLowerCase(), 'utf8');
  const right = Buffer.from(b.toLowerCase(), 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

export function wipayProvider(settings: WiPaySettings): PaymentProvider {
  const fetchImpl = settings.fetch ?? ((input, init) => fetch(input, init));
  const endpoint = `${settings.apiUrl.replace(/\/+$/, '')}/plugins/payments/request`;

  return {
    name: 'wipay',

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const form = new URLSearchParams({
        account_number: settings.accountNumber,
        country_code: 'JM',
        currency: request.currency,
        environment: settings.environment,
        fee_structure: FEE_STRUCTURE,
        method: 'credit_card',
        order_id: attemptOrderId(request.orderNumber),
        origin: ORIGIN,
        response_url: request.returnUrl,
        total: centsToDecimal(request.amountCents),
      });
      // Repeatable: no money moves until the shopper pays on the page this starts.
      const reply = await callGateway(
        fetchImpl,
        endpoint,
        {
          method: 'POST',
          headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          redirect: 'manual',
        },
        { repeatable: true },
      );
      const json = isRecord(reply.json) ? reply.json : {};
      const url = text(json.url);
      const transactionId = text(json.transaction_id);
      if (reply.status >= 400 || !url || !transactionId) {
        throw new PaymentGatewayError(
          `WiPay did not start the payment: ${reply.status} ${text(json.message) ?? ''}`.trim(),
          reply.status,
        );
      }
      return { gatewayReference: transactionId, next: { kind: 'redirect', url } };
    },

    claimedOrderNumber: (ret) => orderNumberOf(ret.query.order_id),

    async verifyReturn(ret, expected): Promise<Verification> {
      const { status, transaction_id: transactionId, order_id: orderId, total, currency, hash } = ret.query;
      if (!status || !transactionId || !orderId || !total || !currency)
        return refuse('malformed', 'a WiPay return needs status, transaction_id, order_id, total and currency');
      if (orderNumberOf(orderId) !== expected.orderNumber) return refuse('order_mismatch', `order_id ${orderId}`);
      if (expected.gatewayReference && transactionId !== expected.gatewayReference)
        return refuse('reference_mismatch', `transaction_id ${transactionId}`);
      if (!CURRENCIES.includes(currency as Currency) || currency !== expected.currency)
        return refuse('currency_mismatch', `currency ${currency} instead of ${expected.currency}`);
      const amountCents = decimalToCents(total);
      if (amountCents === undefined) return refuse('malformed', `total ${total} is not an amount`);
      const payment = {
        orderNumber: expected.orderNumber,
        gatewayReference: transactionId,
        amountCents,
        currency: expected.currency,
        message: ret.query.message ?? '',
      };
      if (status === 'success') {
        // Signed over the total the shop asked for, so it is computed from the order, not the return.
        const want = wipayHash(transactionId, centsToDecimal(expected.amountCents), settings.apiKey);
        if (!hash || !sameHex(hash, want)) return refuse('bad_signature', 'the hash does not match');
        if (amountCents !== expected.amountCents)
          return refuse('amount_mismatch', `${amountCents} cents instead of ${expected.amountCents}`);
        return { ok: true, payment: { ...payment, status: 'approved' } };
      }
      // WiPay signs only successes: a failure cannot be verified, and needs not be, since it moves
      // no money; the order simply stays awaiting payment.
      if (status === 'failed' || status === 'error') return { ok: true, payment: { ...payment, status: 'declined' } };
      return refuse('unknown_code', `status ${status}`);
    },

    async readStatus() {
      return refuse('unsupported', 'WiPay publishes no status read');
    },

    async refund() {
      return {
        ok: false,
        reason: 'unsupported',
        detail: 'WiPay publishes no refund call: refund from the WiPay dashboard',
      };
    },
  };
}
