import { createRoute } from '@hono/zod-openapi';
import {
  OperatorPaymentList,
  OperatorPaymentQuery,
  RecordBankTransfer,
  RecordedBankTransfer,
} from '../../lib/contract/payments';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { createRouter } from '../http/router';
import { listOperatorPayments, recordBankTransfer } from '../services/payments';
import { errors, json } from './openapi-helpers';

const tags = ['Operator'];
const who = [[401, 'Not signed in'] as [number, string], [403, 'Not an operator'] as [number, string]];

/** The operators' payments (issue 26 #4 and #7, docs/decisions/034): every call needs role admin. */
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
  );
