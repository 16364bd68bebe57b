import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  DecisionReason,
  OperatorActionList,
  OperatorActionQuery,
  OperatorStore,
  OperatorStoreList,
  OperatorStoreQuery,
  StoreIdParam,
} from '../../lib/contract/stores';
import type { StoreAction } from '../../lib/store-status';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { type AppEnv, createRouter } from '../http/router';
import { listOperatorActions } from '../services/operator-log';
import { decideStore, listStoresForOperator, storeForOperator } from '../services/stores/operator';
import { errors, json } from './openapi-helpers';

const tags = ['Operator'];
const who = [[401, 'Not signed in'] as [number, string], [403, 'Not an operator'] as [number, string]];

const SUMMARIES: Record<StoreAction, string> = {
  approve:
    'Approve a pending store: it becomes active and verified (the Verified Seller badge) and its pages are published',
  reject: 'Reject a pending store, with the reason its owner will read',
  suspend: 'Suspend an active store, with a reason: its pages and products leave the public shop',
  reinstate: 'Reinstate a suspended store: its pages and products are published again',
};

const decisionResponses = (withReason: boolean) => ({
  200: json(OperatorStore, 'The store as it now is'),
  ...errors(
    ...(withReason ? [[400, 'No reason given'] as [number, string]] : []),
    ...who,
    [404, 'Store not found'],
    [409, 'The store’s status does not allow this'],
  ),
});

/** POST /stores/{id}/approve or /reinstate: no body. */
const plainDecision = (action: StoreAction) =>
  createRoute({
    method: 'post',
    path: `/stores/{id}/${action}`,
    tags,
    summary: SUMMARIES[action],
    middleware: [operatorsOnly] as const,
    request: { params: StoreIdParam },
    responses: decisionResponses(false),
  });

/** POST /stores/{id}/reject or /suspend: the reason is required. */
const reasonedDecision = (action: StoreAction) =>
  createRoute({
    method: 'post',
    path: `/stores/{id}/${action}`,
    tags,
    summary: SUMMARIES[action],
    middleware: [operatorsOnly] as const,
    request: {
      params: StoreIdParam,
      body: { content: { 'application/json': { schema: DecisionReason } }, required: true },
    },
    responses: decisionResponses(true),
  });

async function decide(c: Context<AppEnv>, id: string, action: StoreAction, reason?: string) {
  return decideStore(c.var.db, requireOperator(c), id, action, reason);
}

/** The operator side of stores (docs/decisions/015): every call needs role admin. */
export const adminStoreRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/stores',
      tags,
      summary: 'Every store, optionally of one status (pending applications oldest first), with counts by status',
      middleware: [operatorsOnly] as const,
      request: { query: OperatorStoreQuery },
      responses: { 200: json(OperatorStoreList, 'A page of stores'), ...errors([400, 'Invalid query'], ...who) },
    }),
    async (c) => c.json(await listStoresForOperator(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/stores/{id}',
      tags,
      summary: 'One store, whatever its status, with its owner',
      middleware: [operatorsOnly] as const,
      request: { params: StoreIdParam },
      responses: { 200: json(OperatorStore, 'The store'), ...errors(...who, [404, 'Store not found']) },
    }),
    async (c) => c.json(await storeForOperator(c.var.db, c.req.valid('param').id), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/actions',
      tags,
      summary: 'The operators’ action record, newest first: who did what to which store or review, when and why',
      middleware: [operatorsOnly] as const,
      request: { query: OperatorActionQuery },
      responses: { 200: json(OperatorActionList, 'A page of actions'), ...errors([400, 'Invalid query'], ...who) },
    }),
    async (c) => c.json(await listOperatorActions(c.var.db, c.req.valid('query')), 200),
  )
  .openapi(plainDecision('approve'), async (c) => c.json(await decide(c, c.req.valid('param').id, 'approve'), 200))
  .openapi(reasonedDecision('reject'), async (c) =>
    c.json(await decide(c, c.req.valid('param').id, 'reject', c.req.valid('json').reason), 200),
  )
  .openapi(reasonedDecision('suspend'), async (c) =>
    c.json(await decide(c, c.req.valid('param').id, 'suspend', c.req.valid('json').reason), 200),
  )
  .openapi(plainDecision('reinstate'), async (c) => c.json(await decide(c, c.req.valid('param').id, 'reinstate'), 200));
