import { createRoute, z } from '@hono/zod-openapi';
import { MarketplaceReport, ReportMonthParam, ReportQuery } from '../../lib/contract/reports';
import { SHOP } from '../../lib/site';
import { operatorsOnly, requireOperator } from '../auth/roles';
import { marketplaceSupplier } from '../env';
import { privateCsv } from '../http/private-file';
import { createRouter } from '../http/router';
import { monthlyReport, reportCsv } from '../services/ledger';
import { commissionInvoicesCsv } from '../services/tax-documents/commission-invoices';
import { errors } from './openapi-helpers';

/** The monthly marketplace report (issue 27 #6, docs/decisions/040): operators only. */
export const adminReportRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/reports/{month}',
      tags: ['Operator'],
      summary:
        'The marketplace’s report of a month of Jamaica’s calendar, from its books: sales, commission, GCT on commission, gateway fees (not recorded yet: null), refunds, payouts sent, paid, failed and returned, and what it held for sellers at the month’s end. JSON, or CSV with format=csv.',
      middleware: [operatorsOnly] as const,
      request: { params: ReportMonthParam, query: ReportQuery },
      responses: {
        200: {
          description: 'The report',
          content: {
            'application/json': { schema: MarketplaceReport },
            'text/csv': { schema: z.string() },
          },
        },
        ...errors(
          [400, 'Invalid month or format'],
          [401, 'Not signed in'],
          [403, 'Not an operator'],
          [404, 'The month has not begun yet'],
        ),
      },
    }),
    async (c) => {
      requireOperator(c);
      const { month } = c.req.valid('param');
      const report = await monthlyReport(c.var.db, month);
      if (c.req.valid('query').format === 'csv')
        return privateCsv(c, reportCsv(report), { filename: `marketplace-report-${month}.csv` });
      return c.json(report, 200);
    },
  )
  /** The marketplace's invoices for a month's commission, for its GCT return (issue 29 #5, docs/decisions/048). */
  .openapi(
    createRoute({
      method: 'get',
      path: '/reports/{month}/commission-invoices',
      tags: ['Operator'],
      summary:
        'The marketplace’s invoices to its sellers for a month’s commission, as CSV for its GCT return (number, date, kind, month, seller, seller TRN, net, GCT, total)',
      description:
        'Issues first those due (the month must be over): one per seller with commission in the month after reversals, a credit note where reversals exceed charges (its amounts negative here). In the order of their numbers.',
      middleware: [operatorsOnly] as const,
      request: { params: ReportMonthParam },
      responses: {
        200: { description: 'The CSV', content: { 'text/csv': { schema: z.string() } } },
        ...errors(
          [400, 'Invalid month'],
          [401, 'Not signed in'],
          [403, 'Not an operator'],
          [404, 'The month is not over yet'],
        ),
      },
    }),
    async (c) => {
      requireOperator(c);
      const { month } = c.req.valid('param');
      const csv = await commissionInvoicesCsv(c.var.db, marketplaceSupplier(c.var.config, SHOP.name), month);
      return privateCsv(c, csv, { filename: `commission-invoices-${month}.csv` });
    },
  );
