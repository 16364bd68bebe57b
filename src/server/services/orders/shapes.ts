import type {
  Order,
  OrderLine,
  OrderPart,
  OrderStatus,
  PaymentMethod,
  SellerOrder,
} from '../../../lib/contract/orders';
import { type BankTransferPayment, type CardPayment, moneyIn, paidByCard } from '../../../lib/contract/payments';
import { toDollars } from '../../../lib/money';
import { partTaxes } from '../../../lib/pricing';
import { DEFAULT_PROCESSING_TIME } from '../../../lib/seller-defaults';
import type { Seller } from '../sellers';
import type { LineRow, LoadedOrder } from './rows';
import { nextStatuses, orderCancellable, paymentStatusOf } from './status';

/* An order as read (./rows.ts) turned into the API's shapes: the buyer's Order, a seller's SellerOrder. */

function toLine(line: LineRow, sellerId: string): OrderLine {
  return {
    id: line.id,
    productId: line.productId,
    productName: line.productName,
    variantId: line.variantId,
    variantLabel: line.variantLabel,
    productDescription: line.productDescription,
    quantity: line.quantity,
    price: toDollars(line.unitPriceCents),
    lineTotal: toDollars(line.lineTotalCents),
    image: line.image,
    sellerId,
  };
}

/** Each part's tax by its id: its own (decision 044), or on an older order its share of the order's. */
function taxesOf(loaded: LoadedOrder): Map<string, number> {
  const parts = loaded.parts.map((p) => p.part);
  const taxes = partTaxes(loaded.order.taxCents, parts);
  return new Map(parts.map((p, i) => [p.id, taxes[i]]));
}

function toPart(
  { part, store }: LoadedOrder['parts'][number],
  lines: LineRow[],
  taxes: Map<string, number>,
): OrderPart {
  return {
    partId: part.id,
    sellerId: part.storeId,
    storeName: part.storeName,
    location: store?.location ?? null,
    contact: { email: store?.email ?? null, phone: store?.phone ?? null },
    status: part.status as OrderStatus,
    paymentStatus: part.paymentStatus,
    trackingNumber: part.trackingNumber,
    courier: part.courier,
    cancelReason: part.cancelReason,
    shipping: {
      rateId: part.shippingRateId,
      method: part.shippingMethod,
      provider: part.shippingProvider,
      cost: toDollars(part.shippingCents),
      estimatedDays: part.estimatedDays,
    },
    processingTime: store?.processingTime ?? DEFAULT_PROCESSING_TIME,
    bankDetails: part.bankDetails ?? null,
    subtotal: toDollars(part.subtotalCents),
    shippingCost: toDollars(part.shippingCents),
    tax: toDollars(taxes.get(part.id) ?? 0),
    // Null on an order placed before tax was kept per part (every part was taxed then).
    taxRate: part.taxBasisPoints === null ? null : part.taxBasisPoints / 10_000,
    total: toDollars(part.subtotalCents + part.shippingCents),
    items: lines.filter((l) => l.partId === part.id).map((l) => toLine(l, part.storeId)),
    updatedAt: part.updatedAt.toISOString(),
  };
}

/**
 * A card order's payment as the buyer sees it (docs/decisions/029). Expired and cancelled are told
 * apart by the hold: the sweeper cancels only once it has ended, a buyer may cancel before.
 */
export function toCardPayment(loaded: LoadedOrder): CardPayment | null {
  const { order } = loaded;
  if (!paidByCard(order.paymentMethod)) return null;
  const last = loaded.payments.at(-1);
  const holdUntil = order.awaitingPaymentUntil;
  const stage: CardPayment['stage'] =
    order.paymentStatus === 'paid' || holdUntil === null
      ? 'paid'
      : order.status !== 'cancelled'
        ? 'awaiting_payment'
        : holdUntil <= order.updatedAt
          ? 'expired'
          : 'cancelled';
  return {
    stage,
    holdUntil: stage === 'awaiting_payment' && holdUntil ? holdUntil.toISOString() : null,
    lastAttempt: last
      ? {
          id: last.id,
          status: last.status,
          amount: toDollars(last.amountCents),
          currency: last.currency,
          message: last.message,
          createdAt: last.createdAt.toISOString(),
          decidedAt: last.decidedAt?.toISOString() ?? null,
        }
      : null,
    refunds: loaded.refunds.map((r) => ({
      amount: toDollars(r.amountCents),
      status: r.status,
      cause: r.reason,
      method: r.method,
      partIds: r.partIds,
      createdAt: r.createdAt.toISOString(),
      decidedAt: r.decidedAt?.toISOString() ?? null,
    })),
    refunded: toDollars(loaded.refunds.filter((r) => r.status === 'refunded').reduce((n, r) => n + r.amountCents, 0)),
  };
}

/**
 * A bank-transfer order's one transfer to the marketplace (docs/decisions/034): where to, what is
 * received and still due. Its stages are told apart as a card order's are.
 */
export function toBankTransfer(loaded: LoadedOrder): BankTransferPayment | null {
  const { order } = loaded;
  if (order.paymentMethod !== 'bank_transfer' || !order.bankTransferTo) return null;
  const payBy = order.awaitingPaymentUntil;
  const stage: BankTransferPayment['stage'] =
    order.paymentStatus === 'paid' || payBy === null
      ? 'paid'
      : order.status !== 'cancelled'
        ? 'awaiting_payment'
        : payBy <= order.updatedAt
          ? 'expired'
          : 'cancelled';
  // A transfer partly or wholly sent back still arrived: it counts as received (decision 034's update).
  const transfers = loaded.payments.filter((p) => p.provider === 'bank' && moneyIn(p.status));
  const receivedCents = transfers.reduce((n, p) => n + p.amountCents, 0);
  const excessCents = transfers.reduce((n, p) => n + p.excessCents, 0);
  const refundedCents = transfers.reduce((n, p) => n + p.refundedCents, 0);
  return {
    stage,
    payTo: order.bankTransferTo,
    reference: order.orderNumber,
    amount: toDollars(order.totalCents),
    received: toDollars(receivedCents),
    due: toDollars(stage === 'awaiting_payment' ? Math.max(order.totalCents - receivedCents, 0) : 0),
    excess: toDollars(excessCents),
    refunded: toDollars(refundedCents),
    payBy: stage === 'awaiting_payment' && payBy ? payBy.toISOString() : null,
  };
}

export function toOrder(loaded: LoadedOrder): Order {
  const { order } = loaded;
  const taxes = taxesOf(loaded);
  const sellers = loaded.parts.map((p) => toPart(p, loaded.lines, taxes));
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    cancellable: orderCancellable(sellers.map((s) => s.status)),
    paymentMethod: order.paymentMethod as PaymentMethod,
    paymentStatus: order.paymentStatus,
    cardPayment: toCardPayment(loaded),
    bankTransfer: toBankTransfer(loaded),
    buyer: loaded.buyer,
    sellers,
    items: sellers.flatMap((s) => s.items),
    shippingAddress: order.shippingAddress,
    customerNotes: order.customerNotes,
    buyerTaxId: order.buyerTrn ? { trn: order.buyerTrn, businessName: order.buyerBusinessName } : null,
    subtotal: toDollars(order.subtotalCents),
    shippingCost: toDollars(order.shippingCents),
    tax: toDollars(order.taxCents),
    totalAmount: toDollars(order.totalCents),
    total: toDollars(order.totalCents),
    totalItems: loaded.lines.reduce((n, l) => n + l.quantity, 0),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

export function toSellerOrder(loaded: LoadedOrder, seller: Seller): SellerOrder {
  const own = loaded.parts.filter((p) => p.part.storeId === seller.storeId);
  const taxes = taxesOf(loaded);
  const parts = own.map((p) => toPart(p, loaded.lines, taxes));
  const subtotalCents = own.reduce((n, p) => n + p.part.subtotalCents, 0);
  const shippingCents = own.reduce((n, p) => n + p.part.shippingCents, 0);
  const { order } = loaded;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    paymentMethod: order.paymentMethod as PaymentMethod,
    // The seller sees its own parts' payment, not the others' (nor the whole order's).
    paymentStatus: paymentStatusOf(parts),
    buyer: { name: loaded.buyer.name, email: loaded.buyer.email },
    shippingAddress: order.shippingAddress,
    customerNotes: order.customerNotes,
    parts,
    subtotal: toDollars(subtotalCents),
    shippingCost: toDollars(shippingCents),
    total: toDollars(subtotalCents + shippingCents),
    nextStatuses: Object.fromEntries(parts.map((p) => [p.partId, [...nextStatuses(p.status)]])),
    createdAt: order.createdAt.toISOString(),
    updatedAt: new Date(
      Math.max(order.createdAt.getTime(), ...own.map((p) => p.part.updatedAt.getTime())),
    ).toISOString(),
  };
}
