import { createRoute } from '@hono/zod-openapi';
import {
  OperatorPaymentList,
  OperatorPaymentQuery,
  RecordBankRefund,
  RecordBankTransfer,
  RecordedBankTransfer,
  RecordReturnRefund,
  RefundByBankTransfer,
  RefundIdParam,
  SettledRefund,
} from '../../lib/contract/payments';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { createRouter } from '../http/router';
import {
  listOperatorPayments,
  recordBankRefund,
  recordBankTransfer,
  recordReturnRefund,
  refundByBankTransfer,
  retryRefund,
} from '../services/payments';
import { errors, json } from './openapi-helpers';

const tags = ['Operator'];
const who = [[401, 'Not signed in'] as [number, string], [403, 'Not an operator'] as [number, string]];

/** The operators' payments (issue 26 #4, #6 and #7, docs/decisions/034): every call needs role admin. */
export const adminPaymentRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/payments',
      tags,
      summary:
        'Every payment record, newest first: card attempts (with their failures), bank transfers (exact, under- or over-paid), cash collected by sellers, refunds; by status, method and the days recorded (from/to, UTC)',
      middleware: [operatorsOnly] as const,
      request: { query: OperatorPaymentQuery },
      responses: { 200: json(OperatorPaymentList, 'A page of payments'), ...errors([400, 'Invalid query'], ...who) },
    }),
    async (c) => c.json(await listOperatorPayments(c.var.db, requireOperator(c), c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/bank-transfers',
      tags,
      summary:
        'Record a transfer the marketplace’s bank received for an order (the order number it quoted, the amount in cents, the day, the bank’s reference). Equal to what is due, it pays the order; less leaves the rest due; more pays it and flags the excess to refund. The same bank reference again for the same order and amount changes nothing (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: { body: { content: { 'application/json': { schema: RecordBankTransfer } }, required: true } },
      responses: {
        201: json(RecordedBankTransfer, 'The transfer, recorded'),
        200: json(RecordedBankTransfer, 'Already recorded: nothing changed'),
        ...errors(
          [400, 'Invalid transfer (a date after today)'],
          ...who,
          [404, 'No order has this number'],
          [409, 'The order is not paid by bank transfer, or the reference is recorded for another order or amount'],
        ),
      },
    }),
    async (c) => {
      const answer = await recordBankTransfer(c.var.db, requireOperator(c), c.req.valid('json'), { log: c.var.log });
      return c.json(answer, answer.replayed ? 200 : 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/refunds',
      tags,
      summary:
        'Record a refund the marketplace’s bank sent to a bank-transfer order’s buyer (the order number, the amount in cents, the day sent, the bank’s reference), against what the order is owed back (an over-payment’s excess, a transfer it no longer needed, a paid order or part cancelled); never more than is owed. The buyer is mailed, the action logged. The same bank reference again for the same order and amount changes nothing (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: { body: { content: { 'application/json': { schema: RecordBankRefund } }, required: true } },
      responses: {
        201: json(SettledRefund, 'The refund, recorded'),
        200: json(SettledRefund, 'Already recorded: nothing changed'),
        ...errors(
          [400, 'Invalid refund (a date after today)'],
          ...who,
          [404, 'No order has this number'],
          [
            409,
            'The order is not paid by bank transfer to the marketplace, the amount is more than it is owed back, or the reference is recorded for another refund',
          ],
        ),
      },
    }),
    async (c) => {
      const answer = await recordBankRefund(c.var.db, requireOperator(c), c.req.valid('json'), { log: c.var.log });
      return c.json(answer, answer.replayed ? 200 : 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/returns/{id}/refund',
      tags,
      summary:
        'Record a return’s refund the operators owe (an order paid by cash on delivery or bank transfer, its refund decided by the seller or an operator) as paid back: by bank transfer (the bank’s reference) or in cash (a receipt, if any), the day, and the amount, which must be what is owed. The part’s refunds due clear in the books, the buyer is mailed, the action logged. The same recording again changes nothing (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: {
        params: RefundIdParam,
        body: { content: { 'application/json': { schema: RecordReturnRefund } }, required: true },
      },
      responses: {
        201: json(SettledRefund, 'The return’s refund, recorded as paid back'),
        200: json(SettledRefund, 'Already recorded: nothing changed'),
        ...errors(
          [400, 'Invalid refund (no bank reference, a date after today)'],
          ...who,
          [404, 'No such return request'],
          [
            409,
            'Paid by card, nothing owed (none decided, or already paid back), not the amount owed, or the reference is recorded for another refund',
          ],
        ),
      },
    }),
    async (c) => {
      const answer = await recordReturnRefund(
        c.var.db,
        requireOperator(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        { log: c.var.log },
      );
      return c.json(answer, answer.replayed ? 200 : 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/refunds/{id}/retry',
      tags,
      summary:
        'Ask the card gateway again for a refund it refused (the same refund id, so a gateway that made it after all does not make it twice). Answers the refund as it then is: refunded, refused again (refund_failed) or, the gateway unreachable, still on its way.',
      middleware: [operatorsOnly] as const,
      request: { params: RefundIdParam },
      responses: {
        200: json(SettledRefund, 'The refund, asked again'),
        ...errors(...who, [404, 'No such refund'], [409, 'The refund is not refused: made already, or on its way']),
      },
    }),
    async (c) =>
      c.json(
        await retryRefund(c.var.db, requireOperator(c), c.req.valid('param').id, {
          payments: c.var.payments,
          log: c.var.log,
        }),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payments/refunds/{id}/bank-transfer',
      tags,
      summary:
        'Record a card refund the gateway refused as sent by the marketplace’s bank instead (the day sent, the bank’s reference): made, the buyer mailed, the action logged. The same reference again for this refund changes nothing (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: {
        params: RefundIdParam,
        body: { content: { 'application/json': { schema: RefundByBankTransfer } }, required: true },
      },
      responses: {
        201: json(SettledRefund, 'The refund, recorded as made'),
        200: json(SettledRefund, 'Already recorded: nothing changed'),
        ...errors(
          [400, 'Invalid refund (a date after today)'],
          ...who,
          [404, 'No such refund'],
          [
            409,
            'The refund is not refused (made already, or on its way), or the reference is recorded for another refund',
          ],
        ),
      },
    }),
    async (c) => {
      const answer = await refundByBankTransfer(
        c.var.db,
        requireOperator(c),
        c.req.valid('param').id,
        c.req.valid('json'),
        { log: c.var.log },
      );
      return c.json(answer, answer.replayed ? 200 : 201);
    },
  );
