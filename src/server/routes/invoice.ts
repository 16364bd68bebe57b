import { createRoute, z } from '@hono/zod-openapi';
import { SHOP } from '../../lib/site';
import { requireUser } from '../auth/middleware';
import { privatePdf } from '../http/private-file';
import { createRouter } from '../http/router';
import { renderInvoicePdf } from '../invoices/pdf';
import { renderTaxDocumentPdf } from '../invoices/tax-document-pdf';
import { getInvoice } from '../services/invoices';
import { taxDocumentFor } from '../services/tax-documents/read';
import { errors } from './openapi-helpers';

const OrderIdParam = z.object({ orderId: z.string().min(1).max(200) });
const DocumentIdParam = z.object({ documentId: z.string().min(1).max(200) });

/** Spec §7 "Invoice PDF": the buyer's (or a seller's) invoice as a PDF, never cached by anyone else. */
export const invoiceRoutes = createRouter()
  .openapi(
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
      return privatePdf(c, pdf, { filename: `invoice-${invoice.orderNumber}.pdf`, disposition: 'inline' });
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/tax-documents/{documentId}',
      tags: ['Orders'],
      summary: "A seller's tax invoice or credit note as a PDF (issue 29, decision 045; private, not cached)",
      description:
        "The order's buyer, or the seller whose document it is. Its number is in the seller's one sequence; the order's invoice answer lists them (taxDocuments). Anyone else: 403.",
      request: { params: DocumentIdParam },
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
      const document = await taxDocumentFor(c.var.db, { documentId: c.req.valid('param').documentId, userId: me.id });
      const pdf = await renderTaxDocumentPdf(document, SHOP.name);
      return privatePdf(c, pdf, { filename: `${document.number}.pdf`, disposition: 'inline' });
    },
  );
