import { createRoute } from '@hono/zod-openapi';
import { EarningsQuery, SellerEarnings } from '../../lib/contract/earnings';
import { createRouter } from '../http/router';
import { sellerEarnings } from '../services/ledger';
import { sellersOnly } from './guards';
import { errors, json } from './openapi-helpers';

/*
 * What the seller earns (issue 27 #3, #7; docs/decisions/036): its balance (pending, available,
 * paid out) and its ledger entries, newest first. Its own only: 401 signed out, 403 for an account
 * that owns no store, before the query is read.
 */
export const sellerEarningsRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['Seller earnings'],
    summary:
      'The seller’s balance (pending, available, paid out, in transit), the next payout day and its ledger entries by order part, newest first',
    description:
      'Amounts in dollars as the seller reads them: positive is owed to the seller (a sale), negative is taken from it (commission, GCT on commission, the cash its courier collected). Pending money becomes available once its part was delivered and the return window (RETURN_DAYS) has passed; a negative balance is money the seller owes the marketplace, carried over (decision 036).',
    middleware: [sellersOnly] as const,
    request: { query: EarningsQuery },
    responses: {
      200: json(SellerEarnings, 'The balance and a page of entries'),
      ...errors([400, 'Invalid query'], [401, 'Not signed in'], [403, 'Not a seller (owns no store)']),
    },
  }),
  async (c) =>
    c.json(
      await sellerEarnings(c.var.db, c.var.seller, c.req.valid('query'), { payoutDay: c.var.config.PAYOUT_DAY }),
      200,
    ),
);
