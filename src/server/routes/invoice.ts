import { createRoute, z } from '@hono/zod-openapi';
import { requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import { renderInvoicePdf } from '../invoices/pdf';
import { getInvoice } from '../services/invoices';
import { errors } from './openapi-helpers';

const OrderIdParam = z.object({ orderId: z.string().min(1).max(200) });

/** Spec §7 "Invoice PDF": the buyer's (or a seller's) invoice as a PDF, never cached by anyone else. */
export const invoiceRoutes = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/invoice-pdf/{orderId}',
    tags: ['Orders'],
    summary: 'The invoice as a PDF (Content-Type application/pdf; private, not cached)',
    description: 'The buyer gets the whole order; a seller of the order gets its own parts. Anyone else: 403.',
    request: { params: OrderIdParam },
    responses: {
      200: {
        description: 'The PDF',
        content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } },
      },
      ...errors([401, 'Authentication required'], [403, 'Access denied to this invoice'], [404, 'Invoice not found']),
    },
  }),
  async (c) => {
    const me = requireUser(c);
    const invoice = await getInvoice(c.var.db, { orderId: c.req.valid('param').orderId, userId: me.id });
    const pdf = await renderInvoicePdf(invoice);
    return c.body(new Uint8Array(pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Length': String(pdf.length),
      'Content-Disposition': `inline; filename="invoice-${invoice.orderNumber}.pdf"`,
      'Cache-Control': 'private, no-store, max-age=0',
      Vary: 'Cookie, Authorization',
    });
  },
);
