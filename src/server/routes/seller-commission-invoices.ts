import { createRoute, z } from '@hono/zod-openapi';
import { CommissionInvoiceList, CommissionInvoiceParams } from '../../lib/contract/commission-invoices';
import { SHOP } from '../../lib/site';
import { marketplaceSupplier } from '../env';
import { PRIVATE_ANSWER, privatePdf } from '../http/private-file';
import { createRouter } from '../http/router';
import { renderCommissionInvoicePdf } from '../invoices/commission-invoice-pdf';
import { sellerCommissionInvoice, sellerCommissionInvoices } from '../services/tax-documents/commission-invoices';
import { sellersOnly } from './guards';
import { errors, json } from './openapi-helpers';

/*
 * The marketplace's invoices to the seller for its commission, one per Jamaican month with
 * commission in it once the month is over (issue 29 #4, docs/decisions/048): the list (issuing
 * those due) and each as a PDF. Its own only: 401 signed out, 403 for an account that owns no
 * store, 404 for another seller's invoice.
 */

const tags = ['Seller earnings'];
const who: [number, string][] = [
  [401, 'Not signed in'],
  [403, 'Not a seller (owns no store)'],
];

export const sellerCommissionInvoiceRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The marketplace’s invoices to the seller for its commission, one per month over, newest first',
      description:
        'Issues first any due: each Jamaican month over with commission in it (after reversals) gets an invoice, or a credit note when its reversals exceed its charges, numbered in the marketplace’s sequence. Issuing again answers the same invoices.',
      middleware: [sellersOnly] as const,
      responses: {
        200: json(CommissionInvoiceList, 'The invoices'),
        ...errors(...who),
      },
    }),
    async (c) =>
      c.json(
        {
          success: true as const,
          invoices: await sellerCommissionInvoices(
            c.var.db,
            c.var.seller,
            marketplaceSupplier(c.var.config, SHOP.name),
          ),
        },
        200,
        PRIVATE_ANSWER,
      ),
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/{id}',
      tags,
      summary: 'One of the marketplace’s invoices to the seller for commission, as a PDF',
      middleware: [sellersOnly] as const,
      request: { params: CommissionInvoiceParams },
      responses: {
        200: {
          description: 'The PDF',
          content: {
            'application/pdf': {
              schema: z.string().openapi({ format: 'binary' }),
            },
          },
        },
        ...errors([400, 'Invalid id'], ...who, [404, 'No such invoice of the seller’s']),
      },
    }),
    async (c) => {
      const invoice = await sellerCommissionInvoice(c.var.db, c.var.seller, c.req.valid('param').id);
      const pdf = await renderCommissionInvoicePdf(invoice);
      return privatePdf(c, pdf, { filename: `${invoice.number}.pdf`, disposition: 'attachment' });
    },
  );
