import { randomBytes, timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../db/client';
import { centsToDecimal, currencyOfNumeric, decimalToCents } from '../amounts';
import { isRecord, text } from '../gateway-http';
import { type CardForm, checkCard } from './cards';
import { challengePage, notePage, pageSecurityPolicy, paymentPage, redirectData, returnPage } from './pages';
import * as ledger from './store';

/*
 * The offline test gateway (docs/decisions/028): PowerTranz's SPI wire protocol, served by the
 * shop itself under /dev/gateway on a loopback address, so the PowerTranz adapter runs unchanged
 * against it. What it keeps is in the test_gateway_transactions table.
 */

/** The test merchant's credentials: not secret (the gateway answers only on this machine), but checked. */
export const TEST_GATEWAY_MERCHANT = { id: 'yaad-test-merchant', password: 'yaad-test-gateway' } as const;

export type TestGatewayOptions = {
  db: Db;
  /** Where browsers reach the gateway: the shop's public address + /dev/gateway. */
  publicBase: string;
  /** How long the slow test card's issuer takes; 10 seconds, shorter in tests. */
  slowCardMs?: number;
};

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

const errorsBody = (code: string, message: string) => ({ Errors: [{ Code: code, Message: message }] });

/** A transaction as PowerTranz answers about it. */
function answerOf(row: ledger.GatewayTransaction) {
  return {
    TransactionType: 2,
    Approved: row.stage === 'approved',
    TransactionIdentifier: row.id,
    TotalAmount: Number(centsToDecimal(row.amountCents)),
    CurrencyCode: row.currencyCode,
    IsoResponseCode: row.isoResponseCode,
    ResponseMessage: row.responseMessage,
    OrderIdentifier: row.orderIdentifier,
    ...(row.cardSuffix ? { CardBrand: 'Visa', CardSuffix: row.cardSuffix } : {}),
    ...(row.stage === 'approved' ? { AuthorizationCode: row.id.slice(0, 6).toUpperCase() } : {}),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function testGateway(options: TestGatewayOptions) {
  const { db } = options;
  const slowCardMs = options.slowCardMs ?? 10_000;
  const base = options.publicBase.replace(/\/+$/, '');
  const app = new Hono();
  app.use('*', bodyLimit({ maxSize: 64 * 1024, onError: (c) => c.json(errorsBody('413', 'Request too large'), 413) }));

  const authenticated = (c: Context) =>
    same(c.req.header('PowerTranz-PowerTranzId') ?? '', TEST_GATEWAY_MERCHANT.id) &&
    same(c.req.header('PowerTranz-PowerTranzPassword') ?? '', TEST_GATEWAY_MERCHANT.password);
  const refusedCredentials = (c: Context) =>
    c.json(
      {
        Approved: false,
        IsoResponseCode: '89',
        ResponseMessage: 'Failed authentication',
        ...errorsBody('89', 'Failed authentication'),
      },
      401,
    );
  const readJson = async (c: Context): Promise<unknown> => c.req.json().catch(() => undefined);

  app.post('/api/spi/sale', async (c) => {
    if (!authenticated(c)) return refusedCredentials(c);
    const body = await readJson(c);
    if (!isRecord(body)) return c.json(errorsBody('400', 'The body must be a JSON object'), 400);
    const id = text(body.TransactionIdentifier);
    const amountCents = decimalToCents(body.TotalAmount);
    const currencyCode = text(body.CurrencyCode) ?? '';
    const order = text(body.OrderIdentifier);
    const extended = isRecord(body.ExtendedData) ? body.ExtendedData : {};
    const responseUrl = text(extended.MerchantResponseUrl) ?? '';
    const problems = [
      !id || id.length > 64 ? 'TransactionIdentifier is required (at most 64 characters)' : '',
      amountCents === undefined || amountCents < 1
        ? 'TotalAmount must be an amount above zero with at most two decimals'
        : '',
      currencyOfNumeric(currencyCode) ? '' : 'CurrencyCode must be 840 or 388',
      !order || order.length > 64 ? 'OrderIdentifier is required (at most 64 characters)' : '',
      /^https?:\/\/[^\s]+$/.test(responseUrl) ? '' : 'ExtendedData.MerchantResponseUrl must be an http(s) URL',
      isRecord(extended.HostedPage) ? '' : 'ExtendedData.HostedPage is required',
    ].filter(Boolean);
    if (problems.length > 0 || !id || !order || amountCents === undefined)
      return c.json({ Errors: problems.map((Message) => ({ Code: '400', Message })) }, 400);
    const spiToken = randomBytes(32).toString('base64url');
    const row = await ledger.recordSale(db, {
      id,
      spiToken,
      orderIdentifier: order,
      amountCents,
      currencyCode,
      merchantResponseUrl: responseUrl,
    });
    if (!row) return c.json(errorsBody('409', 'TransactionIdentifier was used before'), 409);
    return c.json({ ...answerOf(row), RedirectData: redirectData(`${base}/hpp/${spiToken}`), SpiToken: spiToken });
  });

  /** A page of the gateway, with its policy (forms may go to the merchant's return). */
  const page = (c: Context, html: string, status: 200 | 400 | 404 | 409 = 200, merchantUrl?: string) => {
    c.header('Content-Security-Policy', pageSecurityPolicy(merchantUrl ? new URL(merchantUrl).origin : undefined));
    c.header('Cache-Control', 'no-store');
    return c.html(html, status);
  };
  const unknown = (c: Context) =>
    page(c, notePage('Payment not found', 'This payment link is not known. Go back to the shop and try again.'), 404);
  const finished = (c: Context) =>
    page(
      c,
      notePage('Payment already submitted', 'This payment has been submitted. Go back to the shop to see your order.'),
      409,
    );

  app.get('/hpp/:token', async (c) => {
    const row = await ledger.byToken(db, c.req.param('token'));
    if (!row) return unknown(c);
    if (row.stage !== 'awaiting_card') return finished(c);
    return page(c, paymentPage(row, `${base}/hpp/${row.spiToken}`));
  });

  app.post('/hpp/:token', async (c) => {
    const row = await ledger.byToken(db, c.req.param('token'));
    if (!row) return unknown(c);
    if (row.stage !== 'awaiting_card') return finished(c);
    const raw = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const value = (name: string) => (typeof raw[name] === 'string' ? (raw[name] as string).slice(0, 200) : '');
    const form: CardForm = {
      cardNumber: value('cardNumber'),
      expiry: value('expiry'),
      cvv: value('cvv'),
      name: value('name'),
    };
    const card = checkCard(form);
    if (!card.ok) return page(c, paymentPage(row, `${base}/hpp/${row.spiToken}`, form, card.errors), 400);
    if (card.behaviour === 'challenge') {
      const challenged = await ledger.startChallenge(db, row.spiToken, card.suffix);
      if (!challenged) return finished(c);
      return page(c, challengePage(row, `${base}/hpp/${row.spiToken}/challenge`, card.suffix));
    }
    const collected = await ledger.collect(db, row.spiToken, card.behaviour, card.suffix);
    if (!collected) return finished(c);
    return page(
      c,
      returnPage(collected.merchantResponseUrl, { ...answerOf(collected), SpiToken: collected.spiToken }),
      200,
      collected.merchantResponseUrl,
    );
  });

  app.post('/hpp/:token/challenge', async (c) => {
    const raw = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
    const result = raw.result;
    const row = await ledger.byToken(db, c.req.param('token'));
    if (!row) return unknown(c);
    if (row.stage !== 'challenge') return finished(c);
    if (result !== 'approve' && result !== 'fail')
      return page(c, challengePage(row, `${base}/hpp/${row.spiToken}/challenge`, row.cardSuffix ?? ''), 400);
    const answered = await ledger.answerChallenge(db, row.spiToken, result === 'approve');
    if (!answered) return finished(c);
    return page(
      c,
      returnPage(answered.merchantResponseUrl, { ...answerOf(answered), SpiToken: answered.spiToken }),
      200,
      answered.merchantResponseUrl,
    );
  });

  // The payment completion: no credentials (as PowerTranz documents), the SpiToken as a JSON string.
  app.post('/api/spi/payment', async (c) => {
    const token = await readJson(c);
    if (typeof token !== 'string' || !token)
      return c.json(errorsBody('400', 'The body must be the SpiToken as a JSON string'), 400);
    const row = await ledger.byToken(db, token);
    if (!row) return c.json(errorsBody('404', 'SpiToken not found'), 404);
    if (row.stage === 'awaiting_card' || row.stage === 'challenge')
      return c.json(errorsBody('1100', 'The hosted page has not collected a card for this SpiToken'), 400);
    if (row.stage !== 'collected') return c.json(answerOf(row));
    if (row.card === 'slow') {
      const due = (row.collectedAt?.getTime() ?? Date.now()) + slowCardMs;
      await sleep(Math.max(0, due - Date.now()));
    }
    return c.json(answerOf(await ledger.decide(db, row)));
  });

  app.get('/api/transactions/:id', async (c) => {
    if (!authenticated(c)) return refusedCredentials(c);
    const row = await ledger.byId(db, c.req.param('id'));
    if (!row) return c.json(errorsBody('404', 'Transaction not found'), 404);
    return c.json(answerOf(row));
  });

  app.post('/api/refund', async (c) => {
    if (!authenticated(c)) return refusedCredentials(c);
    const body = await readJson(c);
    if (!isRecord(body) || body.Refund !== true) return c.json(errorsBody('400', 'A refund needs "Refund": true'), 400);
    const id = text(body.TransactionIdentifier) ?? '';
    const amountCents = decimalToCents(body.TotalAmount);
    const row = await ledger.byId(db, id);
    if (!row) return c.json(errorsBody('404', 'Transaction not found'), 404);
    const refusal = (code: string, message: string) =>
      c.json({
        ...answerOf(row),
        Approved: false,
        IsoResponseCode: code,
        ResponseMessage: message,
        TotalAmount: body.TotalAmount,
      });
    if (amountCents === undefined || amountCents < 1) return refusal('13', 'Invalid amount');
    if (text(body.CurrencyCode) !== row.currencyCode) return refusal('12', 'Currency differs from the transaction');
    if (row.stage !== 'approved') return refusal('12', 'Only an approved transaction can be refunded');
    const refunded = await ledger.refund(db, id, amountCents, text(body.ExternalIdentifier));
    if (!refunded) return refusal('13', 'The refund would pass the amount captured');
    return c.json({
      OriginalTrxnIdentifier: id,
      TransactionType: 5,
      Approved: true,
      // The same ExternalIdentifier again is the same refund: its identifier and amount, once more.
      TransactionIdentifier: refunded.id,
      TotalAmount: Number(centsToDecimal(refunded.amountCents)),
      CurrencyCode: row.currencyCode,
      IsoResponseCode: '00',
      ResponseMessage: 'Transaction is approved',
      OrderIdentifier: row.orderIdentifier,
      ExternalIdentifier: text(body.ExternalIdentifier),
    });
  });

  app.notFound((c) => c.json(errorsBody('404', `No test gateway route for ${c.req.method} ${c.req.path}`), 404));
  return app;
}
