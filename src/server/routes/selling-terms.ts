import { createRoute } from '@hono/zod-openapi';
import { SellingTerms } from '../../lib/contract/selling-terms';
import { toDollars } from '../../lib/money';
import { commissionTerms } from '../env';
import { createRouter } from '../http/router';
import { json } from './openapi-helpers';

/*
 * What selling costs, as this shop is configured (issue 27 #1, docs/decisions/036): public, so
 * /sell says it before anyone applies. Store and category rates are the operators' to agree and
 * are not listed here.
 */
export const sellingTermsRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['Selling'],
    summary: 'What selling costs: the commission rate, GCT on commission, when money is paid out, the minimum payout',
    responses: { 200: json(SellingTerms, 'The terms') },
  }),
  (c) => {
    const config = c.var.config;
    const terms = commissionTerms(config);
    return c.json(
      {
        success: true as const,
        commissionRate: terms.marketplaceBasisPoints / 10_000,
        gctOnCommissionRate: config.MARKETPLACE_TRN ? terms.gctBasisPoints / 10_000 : null,
        returnDays: config.RETURN_DAYS,
        payoutMinimum: toDollars(config.PAYOUT_MINIMUM),
      },
      200,
    );
  },
);
