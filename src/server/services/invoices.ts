import type { Invoice } from '../../lib/contract/orders';
import { toDollars } from '../../lib/money';
import { amountDue, partTaxes } from '../../lib/pricing';
import { SHOP } from '../../lib/site';
import type { Db } from '../db/client';
import { invoiceAccess } from './orders/invoice-access';
import { toOrder } from './orders/shapes';
import { paymentStatusOf } from './orders/status';
import { orderTaxDocuments } from './tax-documents/read';

/**
 * The invoice of an order, for its buyer (the whole order) or for one of its sellers (only that
 * seller's parts, with their share of the order's tax). Anyone else: 403; no such order: 404.
 */
export async function getInvoice(db: Db, principal: { orderId: string; userId: string }): Promise<Invoice> {
  const access = await invoiceAccess(db, principal);
  const loaded = access.loaded;
  const order = toOrder(loaded);
  const taxCents = loaded.order.taxCents;
  // Each part's own tax (decision 044; an older order's share of its tax).
  const shares = partTaxes(
    taxCents,
    loaded.parts.map((p) => p.part),
  );
  // The invoice's parts, in cents as stored: a seller's invoice sums only its own parts, and each
  // figure becomes dollars once, when the answer is written.
  const parts = order.sellers
    .map((part, i) => ({ part, row: loaded.parts[i], taxShareCents: shares[i] }))
    .filter(({ part }) => access.scope === 'buyer' || part.sellerId === access.seller.storeId);
  const sellers = parts.map(({ part, row, taxShareCents }) => ({
    ...part,
    email: row.store?.email ?? null,
    phone: row.store?.phone ?? null,
    tax: toDollars(taxShareCents),
  }));

  // A cancelled part stays on the invoice, marked so, and is not charged (issue 24 #11).
  const due = amountDue(
    taxCents,
    loaded.parts.map(({ part }) => ({
      subtotalCents: part.subtotalCents,
      shippingCents: part.shippingCents,
      taxCents: part.taxCents,
      cancelled: part.status === 'cancelled',
      counted: access.scope === 'buyer' || part.storeId === access.seller.storeId,
    })),
  );

  const sum = (pick: (p: (typeof parts)[number]) => number) => parts.reduce((n, p) => n + pick(p), 0);
  const subtotalCents = access.scope === 'buyer' ? loaded.order.subtotalCents : sum((p) => p.row.part.subtotalCents);
  const shippingCents = access.scope === 'buyer' ? loaded.order.shippingCents : sum((p) => p.row.part.shippingCents);
  const partTaxCents = access.scope === 'buyer' ? taxCents : sum((p) => p.taxShareCents);
  return {
    invoiceNumber: `INV-${order.orderNumber.replace(/^YM-/, '')}`,
    orderId: order.id,
    orderNumber: order.orderNumber,
    scope: access.scope,
    issuedAt: order.createdAt,
    status: order.status,
    shop: {
      name: SHOP.name,
      address: `${SHOP.address.street}, ${SHOP.address.city}, ${SHOP.address.country}`,
      email: SHOP.email,
      phone: SHOP.phone,
    },
    buyer: { name: order.buyer.name, email: order.buyer.email },
    shippingAddress: order.shippingAddress,
    paymentMethod: order.paymentMethod,
    // The buyer's invoice is paid when every part is; a seller's, when its own parts are.
    paymentStatus: access.scope === 'buyer' ? order.paymentStatus : paymentStatusOf(sellers),
    sellers,
    subtotal: toDollars(subtotalCents),
    shippingCost: toDollars(shippingCents),
    tax: toDollars(partTaxCents),
    total: toDollars(subtotalCents + shippingCents + partTaxCents),
    cancelledAmount: toDollars(due.cancelledCents),
    payable: toDollars(due.dueCents),
    // The marketplace takes the transfer for the whole order: only its buyer is asked to pay it.
    payTo: access.scope === 'buyer' ? (loaded.order.bankTransferTo ?? null) : null,
    customerNotes: order.customerNotes,
    // Each seller's tax invoice and credit notes (decision 045): the buyer's receipt lists them all.
    taxDocuments: await orderTaxDocuments(
      db,
      order.id,
      access.scope === 'buyer' ? { scope: 'buyer' } : { scope: 'seller', storeId: access.seller.storeId },
    ),
  };
}
