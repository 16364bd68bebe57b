import { createRoute } from '@hono/zod-openapi';
import { CommissionRateScope, CommissionRates, SetCommissionRate } from '../../lib/contract/commission';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { commissionTerms } from '../env';
import { createRouter } from '../http/router';
import { changeCommissionRate, listCommissionRates, removeCommissionRate } from '../services/ledger';
import { errors, json } from './openapi-helpers';

const tags = ['Operator'];
const who = [[401, 'Not signed in'] as [number, string], [403, 'Not an operator'] as [number, string]];

/**
 * Commission settings (issue 27 #6, docs/decisions/040): every call needs role admin. A change
 * applies to orders placed after it; each is in the operator action log.
 */
export const adminCommissionRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/commission-rates',
      tags,
      summary:
        'The marketplace’s commission rate and GCT on commission as configured (COMMISSION_RATE, MARKETPLACE_GCT_RATE), every store and category rate, and the stores a rate may be set for. Rates are whole basis points (1,000 = 10%).',
      middleware: [operatorsOnly] as const,
      responses: { 200: json(CommissionRates, 'The rates'), ...errors(...who) },
    }),
    async (c) => {
      requireOperator(c);
      return c.json(await listCommissionRates(c.var.db, commissionTerms(c.var.config)), 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/commission-rates',
      tags,
      summary:
        'Set or replace the commission rate of a store (every category), a category (every store), or a store’s category, in whole basis points from 0 to 10,000. The most specific rate wins; orders placed before keep the rates frozen on them.',
      middleware: [operatorsOnly] as const,
      request: { body: { content: { 'application/json': { schema: SetCommissionRate } }, required: true } },
      responses: {
        200: json(CommissionRates, 'The rates, with this one'),
        ...errors([400, 'Invalid rate, or neither a store nor a category'], ...who, [404, 'No such store or category']),
      },
    }),
    async (c) =>
      c.json(
        await changeCommissionRate(c.var.db, requireOperator(c), c.req.valid('json'), commissionTerms(c.var.config)),
        200,
      ),
  )
  .openapi(
    createRoute({
      method: 'delete',
      path: '/commission-rates',
      tags,
      summary:
        'Remove the commission rate of a store, a category, or a store’s category: its lines fall back to the next most specific rate (the store’s, the category’s, the marketplace’s), for orders placed from now.',
      middleware: [operatorsOnly] as const,
      request: { query: CommissionRateScope },
      responses: {
        200: json(CommissionRates, 'The rates, without this one'),
        ...errors([400, 'Neither a store nor a category'], ...who, [404, 'No such store, category or rate']),
      },
    }),
    async (c) =>
      c.json(
        await removeCommissionRate(c.var.db, requireOperator(c), c.req.valid('query'), commissionTerms(c.var.config)),
        200,
      ),
  );
