/**
 * Reading a seller's tax documents (issue 29 #3, docs/decisions/045): an order's, as its buyer (every
 * seller's) or one of its sellers (its own) sees them, and one document with what it describes (the
 * part's lines and shipping), for its PDF. Who may read is the order invoice's rule
 * (`invoiceAccess`): anyone else is refused as the invoice refuses them.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { TaxDocumentSummary } from '../../../lib/contract/orders';
import { taxDocumentPdfUrl } from '../../../lib/invoice-url';
import { MESSAGES } from '../../../lib/messages';
import { toDollars } from '../../../lib/money';
import { taxDocumentNumber, taxDocumentTitle } from '../../../lib/tax-details';
import { nameWithVariant } from '../../../lib/variants';
import type { Db } from '../../db/client';
import { orderLines, orderParts, taxDocuments } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { invoiceAccess } from '../orders/invoice-access';

type Row = typeof taxDocuments.$inferSelect;

function summaryOf(d: Row): TaxDocumentSummary {
  return {
    id: d.id,
    kind: d.kind,
    number: taxDocumentNumber(d.kind, d.number),
    title: taxDocumentTitle(d.kind, d.gctRegistered),
    sellerId: d.storeId,
    storeName: d.supplierName,
    credits: d.creditsNumber === null ? null : taxDocumentNumber('invoice', d.creditsNumber),
    issuedAt: d.issuedAt.toISOString(),
    net: toDollars(d.netCents),
    gct: toDollars(d.gctCents),
    total: toDollars(d.totalCents),
    pdfUrl: taxDocumentPdfUrl(d.id),
  };
}

/** The tax documents of an order the caller may read: every seller's for its buyer, its own for a seller. */
export async function orderTaxDocuments(
  db: Db,
  orderId: string,
  scope: { scope: 'buyer' } | { scope: 'seller'; storeId: string },
): Promise<TaxDocumentSummary[]> {
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.orderId, orderId),
        scope.scope === 'seller' ? eq(taxDocuments.storeId, scope.storeId) : undefined,
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.storeId), asc(taxDocuments.number));
  return rows.map(summaryOf);
}

export type TaxDocumentDetail = TaxDocumentSummary & {
  supplierTrn: string | null;
  supplierGctNumber: string | null;
  gctRegistered: boolean;
  gctRate: number;
  customerName: string;
  /** A business buyer's TRN (nine digits) and name, frozen at issue (decision 049); null when not given. */
  customerTrn: string | null;
  customerBusinessName: string | null;
  orderNumber: string;
  reason: string | null;
  /** What was supplied: the part's lines, and its shipping. */
  lines: { description: string; quantity: number; unitPrice: number; amount: number }[];
  shipping: { description: string; amount: number };
};

/** One tax document for its PDF, if the caller is the order's buyer or the document's seller; else 403/404 as the invoice answers. */
export async function taxDocumentFor(
  db: Db,
  principal: { documentId: string; userId: string },
): Promise<TaxDocumentDetail> {
  const [doc] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, principal.documentId));
  if (!doc) throw new ApiError(404, 'not_found', MESSAGES.invoice.notFound);
  const access = await invoiceAccess(db, { orderId: doc.orderId, userId: principal.userId });
  if (access.scope === 'seller' && access.seller.storeId !== doc.storeId)
    throw new ApiError(403, 'forbidden', MESSAGES.invoice.accessDenied);
  const [part] = await db.select().from(orderParts).where(eq(orderParts.id, doc.partId));
  const lines = await db.select().from(orderLines).where(eq(orderLines.partId, doc.partId)).orderBy(asc(orderLines.id));
  return {
    ...summaryOf(doc),
    supplierTrn: doc.supplierTrn,
    supplierGctNumber: doc.supplierGctNumber,
    gctRegistered: doc.gctRegistered,
    gctRate: doc.gctBasisPoints / 10_000,
    customerName: doc.customerName,
    customerTrn: doc.customerTrn,
    customerBusinessName: doc.customerBusinessName,
    orderNumber: access.loaded.order.orderNumber,
    reason: doc.reason,
    lines: lines.map((l) => ({
      description: nameWithVariant(l.productName, l.variantLabel),
      quantity: l.quantity,
      unitPrice: toDollars(l.unitPriceCents),
      amount: toDollars(l.lineTotalCents),
    })),
    shipping: {
      description: `Shipping: ${part.shippingProvider}, ${part.shippingMethod}`,
      amount: toDollars(part.shippingCents),
    },
  };
}
