/**
 * One door to a card gateway (issue 26, docs/decisions/028). The shop speaks only this interface;
 * each adapter (powertranz.ts, wipay.ts) turns it into its gateway's published wire format. Money
 * is integer cents here; adapters alone turn it into the gateway's "12.50".
 *
 * Nothing a browser brings back is believed as it is: `verifyReturn` answers a payment only once
 * the gateway itself has said so (PowerTranz: its answer to the payment completion or a status
 * read; WiPay: the MD5 signature made with the merchant's key) and the order number, amount and
 * currency equal what the shop expects. Everything else is a refusal with a reason to log.
 */

export const CURRENCIES = ['USD', 'JMD'] as const;
export type Currency = (typeof CURRENCIES)[number];

export type PaymentRequest = {
  /** The order's number as shoppers and gateways see it; the gateway's order id. */
  orderNumber: string;
  amountCents: number;
  currency: Currency;
  /** Where the shopper's browser comes back to after the hosted page. */
  returnUrl: string;
  /**
   * Where the gateway tells the server, when it has its own server-to-server call. Neither
   * PowerTranz SPI nor WiPay has one (both answer through the browser, on `returnUrl`); kept so
   * an adapter for a gateway that has one fits the same door.
   */
  callbackUrl: string;
};

/** What the shopper's browser does next to reach the hosted page. */
export type NextStep =
  | { kind: 'redirect'; url: string }
  | { kind: 'form'; url: string; fields: Record<string, string> }
  /** A document the gateway made (PowerTranz's RedirectData), shown as it is. */
  | { kind: 'html'; html: string };

export type CreatedPayment = {
  /** The gateway's id for this attempt (PowerTranz TransactionIdentifier, WiPay transaction_id). */
  gatewayReference: string;
  next: NextStep;
};

/** A browser return or a server callback, raw: its query string and its form or JSON body. */
export type GatewayReturn = {
  query: Record<string, string>;
  body: Record<string, string>;
};

/** What the shop expects of the payment it is verifying: read from its own order, never from the return. */
export type ExpectedPayment = {
  orderNumber: string;
  amountCents: number;
  currency: Currency;
  /** The attempt the shop started, when the gateway named it at creation (PowerTranz does; WiPay names it in the return). */
  gatewayReference?: string;
};

export type PaymentStatus = 'approved' | 'declined' | 'pending';

export type VerifiedPayment = {
  orderNumber: string;
  gatewayReference: string;
  status: PaymentStatus;
  amountCents: number;
  currency: Currency;
  /** The gateway's words ("Transaction is approved", "Do not honour"): for the log and the shopper. */
  message: string;
};

export type RefusalReason =
  /** Not in the gateway's format (missing fields, not JSON, an amount with three decimals). */
  | 'malformed'
  /** The signature does not match (WiPay's hash). */
  | 'bad_signature'
  | 'order_mismatch'
  | 'reference_mismatch'
  | 'amount_mismatch'
  | 'currency_mismatch'
  /** A response code the adapter does not know: never read as paid. */
  | 'unknown_code'
  /** The gateway could not be asked (network, 5xx, refused credentials). */
  | 'gateway_error'
  /** The gateway has no such operation (WiPay publishes no status read or refund). */
  | 'unsupported';

export type Refusal = { ok: false; reason: RefusalReason; detail: string };
export type Verification = { ok: true; payment: VerifiedPayment } | Refusal;

export type RefundRequest = {
  gatewayReference: string;
  orderNumber: string;
  amountCents: number;
  currency: Currency;
  /** The shop's id for this refund, sent along so a retried refund can be recognised. */
  refundId: string;
};

export type RefundOutcome =
  | { ok: true; refundReference: string; amountCents: number }
  | { ok: false; reason: RefusalReason | 'refused'; detail: string };

export type ProviderName = 'test' | 'powertranz' | 'wipay';

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Starts a payment; throws PaymentGatewayError when the gateway cannot start one. */
  createPayment(request: PaymentRequest): Promise<CreatedPayment>;
  /** The order number a return claims to be about, so the shop can read what it expects. Not verified. */
  claimedOrderNumber(ret: GatewayReturn): string | undefined;
  verifyReturn(ret: GatewayReturn, expected: ExpectedPayment): Promise<Verification>;
  /** The gateway's own answer about an attempt, checked against what the shop expects. */
  readStatus(expected: ExpectedPayment & { gatewayReference: string }): Promise<Verification>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
}

/** The gateway could not start a payment: unreachable, refused the credentials, or answered out of format. */
export class PaymentGatewayError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PaymentGatewayError';
  }
}

export const refuse = (reason: RefusalReason, detail: string): Refusal => ({ ok: false, reason, detail });
