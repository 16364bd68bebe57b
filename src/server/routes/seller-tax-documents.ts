import { createRoute, z } from '@hono/zod-openapi';
import { StatementParams } from '../../lib/contract/statements';
import { shopMonth } from '../../lib/shop-time';
import { ApiError } from '../http/errors';
import { privateCsv } from '../http/private-file';
import { createRouter } from '../http/router';
import { taxDocumentsCsv } from '../services/tax-documents/csv';
import { sellersOnly } from './guards';
import { errors } from './openapi-helpers';

/*
 * A seller's tax invoices and credit notes of a Jamaican month as CSV, for its GCT return (issue 29
 * #5, docs/decisions/045). Its own only: 401 signed out, 403 for an account that owns no store.
 */
export const sellerTaxDocumentRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/{month}',
    tags: ['Seller earnings'],
    summary: 'The month’s tax invoices and credit notes as CSV (YYYY-MM, Jamaica time)',
    description:
      'One row per document, in the order of its number: number, date, kind, customer, order, net, gct, total (dollars; a credit note negative). A month with none is the header alone; a month not begun yet is a 404.',
    middleware: [sellersOnly] as const,
    request: { params: StatementParams },
    responses: {
      200: { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } },
      ...errors(
        [400, 'Invalid month'],
        [401, 'Not signed in'],
        [403, 'Not a seller (owns no store)'],
        [404, 'A month not begun yet'],
      ),
    },
  }),
  async (c) => {
    const { month } = c.req.valid('param');
    if (month > shopMonth(new Date())) throw new ApiError(404, 'not_found', `${month} has not begun yet.`);
    return privateCsv(c, await taxDocumentsCsv(c.var.db, c.var.seller, month), {
      filename: `tax-invoices-${month}.csv`,
    });
  },
);
