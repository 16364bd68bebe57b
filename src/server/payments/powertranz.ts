import { randomUUID } from 'node:crypto';
import { centsToDecimal, currencyOfNumeric, decimalToCents, ISO_NUMERIC } from './amounts';
import { callGateway, type Fetch, isRecord, text } from './gateway-http';
import { FAILED_AUTHENTICATION_CODE, statusOfCode } from './powertranz-codes';
import {
  type CreatedPayment,
  type ExpectedPayment,
  type GatewayReturn,
  PaymentGatewayError,
  type PaymentProvider,
  type PaymentRequest,
  type RefundOutcome,
  type RefundRequest,
  refuse,
  type Verification,
} from './provider';

/*
 * First Atlantic Commerce's PowerTranz, through its SPI with a hosted payment page
 * (docs/decisions/028 says where each field comes from):
 *   1. POST /api/spi/sale with ExtendedData.HostedPage and MerchantResponseUrl → IsoResponseCode
 *      "SP4", SpiToken, RedirectData (a document that opens the hosted page);
 *   2. the shopper pays there; the browser POSTs a form field `Response` (JSON, IsoResponseCode
 *      "HP0" and the SpiToken) to MerchantResponseUrl. Nothing in it is money yet;
 *   3. the server completes with POST /api/spi/payment, body the SpiToken as a JSON string, within
 *      5 minutes: the authorisation, whose answer (Approved, IsoResponseCode "00") is the verdict;
 *   GET /api/transactions/{TransactionIdentifier} reads an attempt again; POST /api/refund refunds.
 * Amounts are decimal major units, currencies ISO 4217 numeric (840 USD, 388 JMD).
 */

export type PowerTranzSettings = {
  /** The API root: https://staging.ptranz.com, https://gateway.ptranz.com, or the offline test gateway. */
  apiUrl: string;
  powerTranzId: string;
  powerTranzPassword: string;
  /** The hosted page made in the PowerTranz merchant portal ("PTZ/…" set, page name). */
  pageSet: string;
  pageName: string;
  fetch?: Fetch;
  /** 'test' when this adapter talks to the shop's own test gateway. */
  name?: 'powertranz' | 'test';
};

/** The parts of a PowerTranz answer the adapter reads. */
type Answer = {
  approved: boolean;
  code: string;
  message: string;
  transactionIdentifier?: string;
  orderIdentifier?: string;
  totalAmount: unknown;
  currencyCode: unknown;
  spiToken?: string;
  redirectData?: string;
  errors: string[];
};

function readAnswer(json: unknown): Answer | undefined {
  if (!isRecord(json)) return undefined;
  const errors = Array.isArray(json.Errors)
    ? json.Errors.map((e) => (isRecord(e) ? `${text(e.Code) ?? ''} ${text(e.Message) ?? ''}`.trim() : String(e)))
    : [];
  return {
    approved: json.Approved === true,
    code: text(json.IsoResponseCode) ?? '',
    message: text(json.ResponseMessage) ?? errors.join('; '),
    transactionIdentifier: text(json.TransactionIdentifier),
    orderIdentifier: text(json.OrderIdentifier),
    totalAmount: json.TotalAmount,
    currencyCode: json.CurrencyCode,
    spiToken: text(json.SpiToken),
    redirectData: text(json.RedirectData),
    errors,
  };
}

/** The `Response` field the hosted page posts back, parsed; undefined when it is not there or not JSON. */
function readReturn(ret: GatewayReturn): Answer | undefined {
  const raw = ret.body.Response ?? ret.query.Response;
  if (!raw) return undefined;
  try {
    return readAnswer(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** Compares a gateway's answer with what the shop expects, field by field, then reads its code. */
function judge(answer: Answer, expected: ExpectedPayment & { gatewayReference: string }): Verification {
  if (answer.transactionIdentifier !== expected.gatewayReference)
    return refuse('reference_mismatch', `the gateway answered about ${answer.transactionIdentifier ?? 'nothing'}`);
  if (answer.orderIdentifier !== expected.orderNumber)
    return refuse('order_mismatch', `the gateway answered for order ${answer.orderIdentifier ?? 'none'}`);
  const currency = currencyOfNumeric(answer.currencyCode);
  if (currency !== expected.currency)
    return refuse('currency_mismatch', `currency ${String(answer.currencyCode)} instead of ${expected.currency}`);
  const amountCents = decimalToCents(answer.totalAmount);
  if (amountCents === undefined)
    return refuse('malformed', `TotalAmount ${String(answer.totalAmount)} is not an amount`);
  if (amountCents !== expected.amountCents)
    return refuse('amount_mismatch', `${amountCents} cents instead of ${expected.amountCents}`);
  if (answer.code === FAILED_AUTHENTICATION_CODE)
    return refuse('gateway_error', 'the gateway refused the merchant credentials (89)');
  const status = statusOfCode(answer.code, answer.approved);
  if (status === 'unknown')
    return refuse('unknown_code', `IsoResponseCode ${answer.code || '(none)'} with Approved ${answer.approved}`);
  return {
    ok: true,
    payment: {
      orderNumber: expected.orderNumber,
      gatewayReference: expected.gatewayReference,
      status,
      amountCents,
      currency,
      message: answer.message,
    },
  };
}

export function powerTranzProvider(settings: PowerTranzSettings): PaymentProvider {
  const fetchImpl = settings.fetch ?? ((input, init) => fetch(input, init));
  const root = settings.apiUrl.replace(/\/+$/, '');
  const credentials = {
    'PowerTranz-PowerTranzId': settings.powerTranzId,
    'PowerTranz-PowerTranzPassword': settings.powerTranzPassword,
  };
  const post = (path: string, body: unknown, options: { authenticated?: boolean; repeatable?: boolean } = {}) =>
    callGateway(
      fetchImpl,
      `${root}${path}`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(options.authenticated === false ? {} : credentials),
        },
        body: JSON.stringify(body),
      },
      { repeatable: options.repeatable },
    );

  async function readStatus(expected: ExpectedPayment & { gatewayReference: string }): Promise<Verification> {
    let reply: { status: number; json: unknown };
    try {
      reply = await callGateway(
        fetchImpl,
        `${root}/api/transactions/${encodeURIComponent(expected.gatewayReference)}`,
        {
          method: 'GET',
          headers: { accept: 'application/json', ...credentials },
        },
        { repeatable: true },
      );
    } catch (error) {
      return refuse('gateway_error', (error as Error).message);
    }
    const answer = readAnswer(reply.json);
    if (reply.status >= 400 || !answer?.code)
      return refuse('gateway_error', `status read answered ${reply.status}: ${answer?.message || 'no answer'}`);
    return judge(answer, expected);
  }

  return {
    name: settings.name ?? 'powertranz',

    async createPayment(request: PaymentRequest): Promise<CreatedPayment> {
      const transactionIdentifier = randomUUID();
      // Repeatable: no money moves until the shopper pays on the page this starts.
      const reply = await post(
        '/api/spi/sale',
        {
          TransactionIdentifier: transactionIdentifier,
          TotalAmount: Number(centsToDecimal(request.amountCents)),
          CurrencyCode: ISO_NUMERIC[request.currency],
          // 3-D Secure is the hosted page's own step; the SPI documentation asks for false here.
          ThreeDSecure: false,
          OrderIdentifier: request.orderNumber,
          AddressMatch: false,
          ExtendedData: {
            HostedPage: { PageSet: settings.pageSet, PageName: settings.pageName },
            MerchantResponseUrl: request.returnUrl,
          },
        },
        { repeatable: true },
      );
      const answer = readAnswer(reply.json);
      if (reply.status >= 400 || !answer || answer.code !== 'SP4' || !answer.spiToken || !answer.redirectData) {
        const why = answer ? `${answer.code || reply.status} ${answer.message}`.trim() : String(reply.status);
        throw new PaymentGatewayError(`PowerTranz did not start the payment: ${why}`, reply.status);
      }
      if (answer.transactionIdentifier !== transactionIdentifier)
        throw new PaymentGatewayError('PowerTranz answered about another transaction');
      return { gatewayReference: transactionIdentifier, next: { kind: 'html', html: answer.redirectData } };
    },

    claimedOrderNumber: (ret) => readReturn(ret)?.orderIdentifier,

    async verifyReturn(ret, expected) {
      const posted = readReturn(ret);
      if (!posted) return refuse('malformed', 'no PowerTranz Response field, or not JSON');
      const reference = expected.gatewayReference ?? posted.transactionIdentifier;
      if (!reference) return refuse('malformed', 'the Response names no TransactionIdentifier');
      const want = { ...expected, gatewayReference: reference };
      if (posted.transactionIdentifier !== reference)
        return refuse('reference_mismatch', `the return is about ${posted.transactionIdentifier ?? 'nothing'}`);
      if (posted.orderIdentifier !== expected.orderNumber)
        return refuse('order_mismatch', `the return is for order ${posted.orderIdentifier ?? 'none'}`);
      // The hosted page collected the card: complete the payment; the gateway's answer is the verdict.
      if (posted.code === 'HP0' && posted.spiToken) {
        let reply: { status: number; json: unknown };
        try {
          reply = await post('/api/spi/payment', posted.spiToken, { authenticated: false });
        } catch (error) {
          return refuse('gateway_error', (error as Error).message);
        }
        const answer = readAnswer(reply.json);
        if (reply.status < 400 && answer?.code) return judge(answer, want);
        // Completed already (a replayed return) or expired: what the gateway says about it now.
      }
      return readStatus(want);
    },

    readStatus,

    async refund(request: RefundRequest): Promise<RefundOutcome> {
      let reply: { status: number; json: unknown };
      try {
        reply = await post('/api/refund', {
          Refund: true,
          TransactionIdentifier: request.gatewayReference,
          TotalAmount: Number(centsToDecimal(request.amountCents)),
          CurrencyCode: ISO_NUMERIC[request.currency],
          OrderIdentifier: request.orderNumber,
          ExternalIdentifier: request.refundId,
        });
      } catch (error) {
        return { ok: false, reason: 'gateway_error', detail: (error as Error).message };
      }
      const answer = readAnswer(reply.json);
      if (!answer) return { ok: false, reason: 'gateway_error', detail: `refund answered ${reply.status}` };
      if (answer.approved && answer.code === '00') {
        const refunded = decimalToCents(answer.totalAmount);
        if (refunded !== request.amountCents)
          return { ok: false, reason: 'amount_mismatch', detail: `refunded ${String(answer.totalAmount)}` };
        return { ok: true, refundReference: answer.transactionIdentifier ?? request.refundId, amountCents: refunded };
      }
      return { ok: false, reason: 'refused', detail: `${answer.code} ${answer.message}`.trim() };
    },
  };
}
