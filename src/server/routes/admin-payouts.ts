import { createRoute, z } from '@hono/zod-openapi';
import {
  MarkedPayout,
  MarkPayoutFailed,
  MarkPayoutPaid,
  MarkPayoutReturned,
  PayoutIdParam,
  PayoutRunDetail,
  PayoutRunHeaders,
  PayoutRunList,
} from '../../lib/contract/payouts';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { privateCsv } from '../http/private-file';
import { createRouter } from '../http/router';
import {
  listPayoutRuns,
  markPayoutFailed,
  markPayoutPaid,
  markPayoutReturned,
  payoutBankFile,
  payoutRunDetail,
  startPayoutRun,
} from '../services/payouts';
import { errors, json } from './openapi-helpers';

const tags = ['Operator'];
const who = [[401, 'Not signed in'] as [number, string], [403, 'Not an operator'] as [number, string]];

/** Payouts to sellers by bank transfer (issue 27 #4, docs/decisions/039): every call needs role admin. */
export const adminPayoutRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/payout-runs',
      tags,
      summary:
        'Start a payout run: every store with an available balance of at least PAYOUT_MINIMUM and bank details gets a payout of exactly that balance (moved to in transit in the books), its bank details copied onto it. Two runs at once never pay a store twice. With an Idempotency-Key, the same key again answers the run it made (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: { headers: PayoutRunHeaders },
      responses: {
        201: json(PayoutRunDetail, 'The run and its payouts'),
        200: json(PayoutRunDetail, 'The run this Idempotency-Key made: nothing changed'),
        ...errors([400, 'Invalid Idempotency-Key'], ...who, [409, 'No store is due a payout: no run was made']),
      },
    }),
    async (c) => {
      const answer = await startPayoutRun(c.var.db, requireOperator(c), {
        minimumCents: c.var.config.PAYOUT_MINIMUM,
        key: c.req.valid('header')['idempotency-key'],
      });
      c.var.log.info(
        { runId: answer.run.id, payouts: answer.run.payoutCount, replayed: answer.replayed },
        answer.replayed ? 'payout run replayed' : 'payout run started',
      );
      return c.json(answer, answer.replayed ? 200 : 201);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payout-runs',
      tags,
      summary: 'The latest 100 payout runs, newest first: total, payouts, how many are in transit, paid, failed',
      middleware: [operatorsOnly] as const,
      responses: { 200: json(PayoutRunList, 'The runs'), ...errors(...who) },
    }),
    async (c) => {
      requireOperator(c);
      return c.json({ success: true as const, runs: await listPayoutRuns(c.var.db) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payout-runs/{id}',
      tags,
      summary: 'A payout run and its payouts (each store’s amount, bank details as they were, state)',
      middleware: [operatorsOnly] as const,
      request: { params: PayoutIdParam },
      responses: { 200: json(PayoutRunDetail, 'The run'), ...errors(...who, [404, 'No such payout run']) },
    }),
    async (c) => {
      requireOperator(c);
      const { run, payouts } = await payoutRunDetail(c.var.db, c.req.valid('param').id);
      return c.json({ success: true as const, replayed: false, run, payouts }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/payout-runs/{id}/bank-file',
      tags,
      summary:
        'The run’s bank file for a bulk ACH upload, CSV: payee, bank, branch, account, amount (dollars), reference; one line per payout of the run',
      middleware: [operatorsOnly] as const,
      request: { params: PayoutIdParam },
      responses: {
        200: { description: 'The CSV file', content: { 'text/csv': { schema: z.string() } } },
        ...errors(...who, [404, 'No such payout run']),
      },
    }),
    async (c) => {
      requireOperator(c);
      const { csv, createdAt } = await payoutBankFile(c.var.db, c.req.valid('param').id);
      return privateCsv(c, csv, { filename: `payouts-${createdAt.slice(0, 10)}.csv` });
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payouts/{id}/paid',
      tags,
      summary:
        'Mark a payout paid, with the bank’s reference and the day it paid (not after today, not before the run): in transit becomes paid out. The same reference and day again changes nothing (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: {
        params: PayoutIdParam,
        body: { content: { 'application/json': { schema: MarkPayoutPaid } }, required: true },
      },
      responses: {
        200: json(MarkedPayout, 'The payout, marked paid'),
        ...errors(
          [400, 'Invalid reference or date'],
          ...who,
          [404, 'No such payout'],
          [409, 'Already marked paid (otherwise) or failed'],
        ),
      },
    }),
    async (c) =>
      c.json(await markPayoutPaid(c.var.db, requireOperator(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payouts/{id}/failed',
      tags,
      summary:
        'Mark a payout failed, with the reason: its money goes back to the seller’s available balance, for the next run. The same reason again changes nothing (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: {
        params: PayoutIdParam,
        body: { content: { 'application/json': { schema: MarkPayoutFailed } }, required: true },
      },
      responses: {
        200: json(MarkedPayout, 'The payout, marked failed'),
        ...errors(
          [400, 'Invalid reason'],
          ...who,
          [404, 'No such payout'],
          [409, 'Already marked paid, or failed for another reason'],
        ),
      },
    }),
    async (c) =>
      c.json(await markPayoutFailed(c.var.db, requireOperator(c), c.req.valid('param').id, c.req.valid('json')), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/payouts/{id}/returned',
      tags,
      summary:
        'Mark a paid payout returned by the bank, with the bank’s reference of the return and why: its money goes back to the seller’s available balance, for the next run, and the seller is mailed. The same reference and reason again changes nothing (200, replayed).',
      middleware: [operatorsOnly] as const,
      request: {
        params: PayoutIdParam,
        body: { content: { 'application/json': { schema: MarkPayoutReturned } }, required: true },
      },
      responses: {
        200: json(MarkedPayout, 'The payout, marked returned'),
        ...errors(
          [400, 'Invalid reference or reason'],
          ...who,
          [404, 'No such payout'],
          [409, 'Not marked paid (in transit or failed), or already returned otherwise'],
        ),
      },
    }),
    async (c) =>
      c.json(await markPayoutReturned(c.var.db, requireOperator(c), c.req.valid('param').id, c.req.valid('json')), 200),
  );
