/**
 * Issuing a seller's tax documents (issue 29 #3, docs/decisions/045), always in the transaction of
 * their cause: a tax invoice for each part of a new order (`issuePartInvoices`, in placeOrder's),
 * a credit note for a part cancelled (`creditCancelledParts`, at each door a part is cancelled by)
 * and for a return's refund (`creditReturnRefund`). Each takes the next number of its seller's one
 * sequence (`nextNumber`), so numbers are consecutive per seller with no gap and no duplicate,
 * whatever runs at once. Each is issued once per cause (`source`, unique).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderParts, orders, stores, taxDocumentCounters, taxDocuments, users } from '../../db/schema';

/**
 * The next number of the store's sequence. The upsert locks the counter row until the transaction
 * ends: a second order for the same seller waits here, and an order rolled back gives its number
 * back. The first document of a store is 1.
 */
export async function nextNumber(tx: Tx, storeId: string): Promise<number> {
  const [row] = await tx
    .insert(taxDocumentCounters)
    .values({ storeId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: taxDocumentCounters.storeId,
      set: { lastNumber: sql`${taxDocumentCounters.lastNumber} + 1` },
    })
    .returning({ number: taxDocumentCounters.lastNumber });
  return row.number;
}

/**
 * A tax invoice for each part of the order, in the order's transaction: its net (items and
 * shipping), its GCT (the part's own, decision 044) and total; the supplier's name, TRN and GCT
 * registration as they are now; the buyer's name, and a business buyer's TRN and name as its order
 * gave them (decision 049; a credit note copies them from its invoice). Stores are numbered in the order of their ids, so
 * two orders that share sellers take their numbers in the same order and never wait on each other
 * in a circle.
 */
export async function issuePartInvoices(tx: Tx, orderId: string): Promise<void> {
  const parts = await tx
    .select({
      part: orderParts,
      customerName: users.name,
      customerTrn: orders.buyerTrn,
      customerBusinessName: orders.buyerBusinessName,
      store: { name: stores.name, trn: stores.trn, gctRegistered: stores.gctRegistered, gctNumber: stores.gctNumber },
    })
    .from(orderParts)
    .innerJoin(orders, eq(orders.id, orderParts.orderId))
    .innerJoin(users, eq(users.id, orders.buyerId))
    .innerJoin(stores, eq(stores.id, orderParts.storeId))
    .where(eq(orderParts.orderId, orderId));
  parts.sort((x, y) => (x.part.storeId < y.part.storeId ? -1 : x.part.storeId > y.part.storeId ? 1 : 0));
  for (const { part, customerName, customerTrn, customerBusinessName, store } of parts) {
    const gctCents = part.taxCents ?? 0;
    const netCents = part.subtotalCents + part.shippingCents;
    await tx.insert(taxDocuments).values({
      storeId: part.storeId,
      orderId,
      partId: part.id,
      kind: 'invoice',
      number: await nextNumber(tx, part.storeId),
      source: `invoice:${part.id}`,
      supplierName: store.name,
      supplierTrn: store.trn,
      gctRegistered: store.gctRegistered,
      supplierGctNumber: store.gctNumber,
      customerName,
      customerTrn,
      customerBusinessName,
      netCents,
      gctCents,
      totalCents: netCents + gctCents,
      gctBasisPoints: part.taxBasisPoints ?? 0,
    });
  }
}

/** A part's invoice (null for a part of an order placed before tax invoices). */
async function invoiceOf(tx: Tx, partId: string) {
  const [invoice] = await tx
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.source, `invoice:${partId}`));
  return invoice;
}

/** What of an invoice its credit notes have given back so far. */
async function creditedSoFar(tx: Tx, partId: string) {
  const [row] = await tx
    .select({
      net: sql<string>`coalesce(sum(${taxDocuments.netCents}), 0)`,
      gct: sql<string>`coalesce(sum(${taxDocuments.gctCents}), 0)`,
    })
    .from(taxDocuments)
    .where(sql`${taxDocuments.partId} = ${partId} and ${taxDocuments.kind} = 'credit_note'`);
  return { net: Number(row.net), gct: Number(row.gct) };
}

async function insertCredit(
  tx: Tx,
  invoice: typeof taxDocuments.$inferSelect,
  credit: { source: string; reason: string; netCents: number; gctCents: number },
) {
  if (credit.netCents + credit.gctCents <= 0) return;
  // Once per cause, checked before a number is taken: a number taken and not used would be a gap.
  // (Its causes run under their order's lock; a second writer that got past this would fail on the
  // unique source and roll its whole transaction back, number and all.)
  const [issued] = await tx
    .select({ id: taxDocuments.id })
    .from(taxDocuments)
    .where(eq(taxDocuments.source, credit.source));
  if (issued) return;
  await tx.insert(taxDocuments).values({
    ...invoice,
    id: undefined,
    issuedAt: undefined,
    kind: 'credit_note',
    number: await nextNumber(tx, invoice.storeId),
    source: credit.source,
    creditsNumber: invoice.number,
    reason: credit.reason,
    netCents: credit.netCents,
    gctCents: credit.gctCents,
    totalCents: credit.netCents + credit.gctCents,
  });
}

/**
 * A credit note for each part cancelled now, in the cancel's transaction: what its invoice still
 * charges (the whole of it, less any return's credit before). Once per part (`cancel:<part>`).
 */
export async function creditCancelledParts(tx: Tx, partIds: readonly string[]): Promise<void> {
  if (partIds.length === 0) return;
  const cancelled = await tx
    .select({ id: orderParts.id, storeId: orderParts.storeId })
    .from(orderParts)
    .where(inArray(orderParts.id, [...partIds]));
  cancelled.sort((x, y) => (x.storeId < y.storeId ? -1 : x.storeId > y.storeId ? 1 : x.id < y.id ? -1 : 1));
  for (const part of cancelled) {
    const invoice = await invoiceOf(tx, part.id);
    if (!invoice) continue;
    const so = await creditedSoFar(tx, part.id);
    await insertCredit(tx, invoice, {
      source: `cancel:${part.id}`,
      reason: 'Cancelled',
      netCents: invoice.netCents - so.net,
      gctCents: invoice.gctCents - so.gct,
    });
  }
}

/**
 * A credit note for a return's refund, in its decision's transaction (`return:<request>`): the
 * refund is split into GCT and net in the invoice's proportion, round(refund × GCT ÷ total), half
 * up, and never past what the invoice's GCT and net still are.
 */
export async function creditReturnRefund(
  tx: Tx,
  request: { id: string; partId: string; amountCents: number },
): Promise<void> {
  const invoice = await invoiceOf(tx, request.partId);
  if (!invoice || request.amountCents <= 0 || invoice.totalCents <= 0) return;
  const so = await creditedSoFar(tx, request.partId);
  const amount = BigInt(request.amountCents);
  const share = Number(
    (amount * BigInt(invoice.gctCents) * 2n + BigInt(invoice.totalCents)) / (BigInt(invoice.totalCents) * 2n),
  );
  const gctCents = Math.min(share, invoice.gctCents - so.gct);
  const netCents = Math.min(request.amountCents - gctCents, invoice.netCents - so.net);
  await insertCredit(tx, invoice, { source: `return:${request.id}`, reason: 'Items returned', netCents, gctCents });
}
