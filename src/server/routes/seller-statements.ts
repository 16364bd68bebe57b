import { createRoute, z } from '@hono/zod-openapi';
import {
  SellerStatement,
  StatementMonths,
  StatementParams,
  StatementQuery,
  statementFormatOf,
} from '../../lib/contract/statements';
import { SHOP } from '../../lib/site';
import { PRIVATE_ANSWER, privateCsv, privatePdf } from '../http/private-file';
import { createRouter } from '../http/router';
import { renderStatementPdf } from '../invoices/statement-pdf';
import { sellerStatement, statementCsv, statementMonths } from '../services/ledger';
import { sellersOnly } from './guards';
import { errors, json } from './openapi-helpers';

/*
 * The seller's monthly statements (issue 27 #5, #7; docs/decisions/041): the months its books have
 * entries in, and one Jamaican month's statement as JSON, CSV or PDF. Its own only: 401 signed
 * out, 403 for an account that owns no store, before the input is read; a month not begun or
 * before the store opened is a 404.
 */

const tags = ['Seller earnings'];
const who: [number, string][] = [
  [401, 'Not signed in'],
  [403, 'Not a seller (owns no store)'],
];
/** The statement answers JSON, CSV or PDF by Accept (or `format`): its answers vary with it too. */
const PRIVATE = { ...PRIVATE_ANSWER, Vary: 'Cookie, Authorization, Accept' };

export const sellerStatementRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The Jamaican months the seller’s books have entries in, newest first (YYYY-MM)',
      middleware: [sellersOnly] as const,
      responses: { 200: json(StatementMonths, 'The months'), ...errors(...who) },
    }),
    async (c) => c.json(await statementMonths(c.var.db, c.var.seller), 200),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{month}',
      tags,
      summary:
        'A month’s statement (YYYY-MM, Jamaica time): the opening balance, every entry of the month by order part, the totals by kind and the closing balance; JSON, CSV or PDF',
      description:
        'The format is `?format=json|csv|pdf`, else the Accept header (text/csv, application/pdf), else JSON. Amounts are dollars as the seller reads them (positive is owed to it); opening + the month’s entries = closing, on pending and on available. A month from the one the store opened in to the current one has a statement (empty when it has no entries); any other month is a 404.',
      middleware: [sellersOnly] as const,
      request: { params: StatementParams, query: StatementQuery },
      responses: {
        200: {
          description: 'The statement',
          content: {
            'application/json': { schema: SellerStatement },
            'text/csv': { schema: z.string() },
            'application/pdf': { schema: z.string().openapi({ format: 'binary' }) },
          },
        },
        ...errors([400, 'Invalid month or format'], ...who, [404, 'No statement for that month']),
      },
    }),
    async (c) => {
      const { month } = c.req.valid('param');
      const statement = await sellerStatement(c.var.db, c.var.seller, month);
      const format = statementFormatOf(c.req.valid('query').format, c.req.header('accept'));
      const file = `statement-${month}`;
      if (format === 'csv')
        return privateCsv(c, statementCsv(statement), { filename: `${file}.csv`, vary: PRIVATE.Vary });
      if (format === 'pdf') {
        const pdf = await renderStatementPdf(statement, SHOP.name);
        return privatePdf(c, pdf, { filename: `${file}.pdf`, disposition: 'attachment', vary: PRIVATE.Vary });
      }
      return c.json(statement, 200, PRIVATE);
    },
  );
