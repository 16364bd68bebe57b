import { and, eq, inArray } from 'drizzle-orm';
import type { OrderStatus, PaymentMethod } from '../../../lib/contract/orders';
import { moneyIn } from '../../../lib/contract/payments';
import { invoicePdfUrl } from '../../../lib/invoice-url';
import { amountsDuePerPart, partTaxes } from '../../../lib/pricing';
import { nameWithVariant } from '../../../lib/variants';
import type { Tx } from '../../db/client';
import { orders, payments, refundParts, refunds, users } from '../../db/schema';
import { enqueueMail, type QueuedMail } from '../../mail/outbox';
import {
  type MailCardPayment,
  type MailDeclinedPayment,
  type MailOrder,
  type MailOrderPart,
  type MailRefund,
  orderCancelledMail,
  orderExpiredUnpaidMail,
  orderPlacedMail,
  partDeliveredMail,
  partShippedMail,
  paymentFailedMail,
  paymentReceivedMail,
  paymentReminderMail,
  refundMadeMail,
  sellerBuyerCancelledMail,
  sellerNewPartMail,
  siteLink,
  trackingChangedMail,
} from '../../mail/templates';
import { type LoadedOrder, loadOrders } from './rows';

/*
 * The mails an order's events send (issue 15), queued in the transaction of the event itself, so an
 * order and its notices commit together or not at all (docs/decisions/013). One call per event:
 *   placed          buyer: the order, per seller, with totals and the invoice; each seller: its part
 *   parts moved     buyer: shipped (courier, tracking), delivered, or cancelled by the seller
 *   buyer cancelled buyer: the cancellation; each seller: the buyer cancelled
 *   paid            buyer: the receipt; each seller: its new part (an order awaiting its payment
 *                   says nothing to its sellers before): a card, or a bank transfer that covers it
 *   card declined   buyer: nothing was charged, Pay now, and how long the items are still held
 *   reminder        buyer: a bank-transfer order still unpaid after its days (once)
 *   expired         buyer: the order was not paid and is cancelled (its sellers never saw it)
 *   refund made     buyer: money went back to the card (a cancelled paid part or order, a late payment),
 *                   or by a bank transfer an operator sent (a transfer's excess, a refused card refund)
 */

function mailOrder(loaded: LoadedOrder): MailOrder & { partsById: Map<string, MailOrderPart> } {
  const { order } = loaded;
  const partsById = new Map<string, MailOrderPart>();
  const due = amountsDuePerPart(
    order.taxCents,
    loaded.parts.map((p) => p.part),
  );
  const taxes = partTaxes(
    order.taxCents,
    loaded.parts.map((p) => p.part),
  );
  for (const [i, { part }] of loaded.parts.entries())
    partsById.set(part.id, {
      partId: part.id,
      storeName: part.storeName,
      method: part.shippingMethod,
      // The courier the seller named when shipping, else the one the buyer chose.
      provider: part.courier ?? part.shippingProvider,
      trackingNumber: part.trackingNumber,
      subtotalCents: part.subtotalCents,
      shippingCents: part.shippingCents,
      tax: { cents: taxes[i], rate: part.taxBasisPoints === null ? null : part.taxBasisPoints / 10_000 },
      bankTransfer: part.bankDetails ? { details: part.bankDetails, amountCents: due[i] } : null,
      cancelReason: part.cancelReason,
      lines: loaded.lines
        .filter((l) => l.partId === part.id)
        .map((l) => ({
          name: nameWithVariant(l.productName, l.variantLabel),
          productId: l.productId,
          quantity: l.quantity,
          unitCents: l.unitPriceCents,
          totalCents: l.lineTotalCents,
        })),
    });
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    buyerName: loaded.buyer.name,
    subtotalCents: order.subtotalCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod as PaymentMethod,
    payTo: order.bankTransferTo
      ? {
          details: order.bankTransferTo,
          dueCents: Math.max(
            order.totalCents -
              loaded.payments
                .filter((p) => p.provider === 'bank' && moneyIn(p.status))
                .reduce((n, p) => n + p.amountCents, 0),
            0,
          ),
          payBy: order.awaitingPaymentUntil,
        }
      : null,
    parts: [...partsById.values()],
    partsById,
  };
}

/**
 * Where a seller's mail goes: its store's contact address, else the address of the store's owner
 * (read only for stores without one). The rule of ../stores/contact.ts, for all of an order's
 * stores in one query.
 */
async function sellerAddresses(tx: Tx, loaded: LoadedOrder): Promise<Map<string, string>> {
  const owners = loaded.parts.filter((p) => !p.store?.email && p.store?.ownerId).map((p) => p.store?.ownerId as string);
  const ownerRows = owners.length
    ? await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, owners))
    : [];
  const ownerEmail = new Map(ownerRows.map((u) => [u.id, u.email]));
  const out = new Map<string, string>();
  for (const { part, store } of loaded.parts) {
    const email = store?.email || (store?.ownerId ? ownerEmail.get(store.ownerId) : undefined);
    if (email) out.set(part.id, email);
  }
  return out;
}

const shipTo = (loaded: LoadedOrder) => {
  const a = loaded.order.shippingAddress;
  return [a.name, a.street, a.city, a.parish].filter(Boolean).join(', ');
};

async function reload(tx: Tx, orderId: string): Promise<LoadedOrder> {
  const [loaded] = await loadOrders(tx, eq(orders.id, orderId));
  return loaded;
}

/** Each seller's new part, to its store's address. */
async function sellerNewParts(tx: Tx, loaded: LoadedOrder, mail: ReturnType<typeof mailOrder>): Promise<QueuedMail[]> {
  const sellers = await sellerAddresses(tx, loaded);
  const queued: QueuedMail[] = [];
  for (const { part } of loaded.parts) {
    const to = sellers.get(part.id);
    if (to && part.status !== 'cancelled')
      queued.push({ to, ...sellerNewPartMail(mail, mail.partsById.get(part.id) as MailOrderPart, shipTo(loaded)) });
  }
  return queued;
}

/**
 * An order was placed: the buyer's summary, and each seller's new part (one statement). A card
 * order awaiting its payment sends nothing yet: its mails are the payment's (`noticeCardPaid`). A
 * bank-transfer order tells its buyer where to pay; its sellers hear of it when it is paid.
 */
export async function noticeOrderPlaced(tx: Tx, loaded: LoadedOrder): Promise<void> {
  const awaiting = loaded.order.awaitingPaymentUntil !== null;
  if (awaiting && !loaded.order.bankTransferTo) return;
  const mail = mailOrder(loaded);
  await enqueueMail(tx, [
    { to: loaded.buyer.email, ...orderPlacedMail(mail, siteLink(invoicePdfUrl(mail.id))) },
    ...(awaiting ? [] : await sellerNewParts(tx, loaded, mail)),
  ]);
}

/** A bank-transfer order still unpaid after its days: the buyer is reminded once, with what is still due and by when. */
export async function noticePaymentReminder(tx: Tx, orderId: string): Promise<void> {
  const loaded = await reload(tx, orderId);
  await enqueueMail(tx, { to: loaded.buyer.email, ...paymentReminderMail(mailOrder(loaded)) });
}

/** A card order was paid: the buyer's receipt, and only now each seller's new part (docs/decisions/029). */
export async function noticeCardPaid(tx: Tx, orderId: string, payment: MailCardPayment): Promise<void> {
  const loaded = await reload(tx, orderId);
  const mail = mailOrder(loaded);
  await enqueueMail(tx, [
    { to: loaded.buyer.email, ...paymentReceivedMail(mail, payment, siteLink(invoicePdfUrl(mail.id))) },
    ...(await sellerNewParts(tx, loaded, mail)),
  ]);
}

/** The gateway declined a card attempt (docs/decisions/029): the buyer hears it once, with Pay now and the time left. */
export async function noticePaymentFailed(tx: Tx, orderId: string, declined: MailDeclinedPayment): Promise<void> {
  const loaded = await reload(tx, orderId);
  await enqueueMail(tx, { to: loaded.buyer.email, ...paymentFailedMail(mailOrder(loaded), declined) });
}

/**
 * An order's time to pay ended unpaid and it was cancelled: the buyer is told (how long it waited:
 * a card's hold in minutes, a bank transfer's days); its sellers never saw it.
 */
export async function noticeExpiredUnpaid(tx: Tx, orderId: string, waited: string): Promise<void> {
  const loaded = await reload(tx, orderId);
  await enqueueMail(tx, { to: loaded.buyer.email, ...orderExpiredUnpaidMail(mailOrder(loaded), waited) });
}

/** A card refund was made (docs/decisions/033): the buyer hears how much went back, for what. */
export async function noticeRefundMade(
  tx: Tx,
  orderId: string,
  refund: {
    refundId: string;
    amountCents: number;
    currency: string;
    reference: string;
    cause: MailRefund['cause'];
    /** Absent: through the gateway. */
    method?: MailRefund['method'];
    /** All that was given back of the order so far, when not the refund's own payment's (a refund over several transfers). */
    refundedCents?: number;
  },
): Promise<void> {
  const loaded = await reload(tx, orderId);
  const mail = mailOrder(loaded);
  const partIds = await tx
    .select({ partId: refundParts.partId })
    .from(refundParts)
    .where(eq(refundParts.refundId, refund.refundId));
  const [payment] = await tx
    .select({ refundedCents: payments.refundedCents })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(and(eq(refunds.id, refund.refundId), eq(refunds.orderId, orderId)));
  const parts = partIds.map((p) => mail.partsById.get(p.partId)).filter((p): p is MailOrderPart => Boolean(p));
  await enqueueMail(tx, {
    to: loaded.buyer.email,
    ...refundMadeMail(mail, {
      ...refund,
      method: refund.method ?? 'gateway',
      parts,
      refundedCents: refund.refundedCents ?? payment?.refundedCents ?? refund.amountCents,
    }),
  });
}

/** A seller moved parts to `status`: the buyer hears of a shipment, a delivery or a seller's cancellation. */
export async function noticePartsMoved(tx: Tx, orderId: string, partIds: string[], status: OrderStatus): Promise<void> {
  if (partIds.length === 0 || status === 'pending' || status === 'processing') return;
  const loaded = await reload(tx, orderId);
  const mail = mailOrder(loaded);
  const moved = partIds.map((id) => mail.partsById.get(id)).filter((p): p is MailOrderPart => Boolean(p));
  if (status === 'cancelled') {
    await enqueueMail(tx, { to: loaded.buyer.email, ...orderCancelledMail(mail, moved, 'seller') });
    return;
  }
  for (const part of moved)
    await enqueueMail(tx, {
      to: loaded.buyer.email,
      ...(status === 'shipped' ? partShippedMail(mail, part) : partDeliveredMail(mail, part)),
    });
}

/** Shipped parts whose courier or tracking number their seller corrected: the buyer gets the new details. */
export async function noticeTrackingChanged(tx: Tx, orderId: string, partIds: string[]): Promise<void> {
  if (partIds.length === 0) return;
  const loaded = await reload(tx, orderId);
  const mail = mailOrder(loaded);
  for (const id of partIds) {
    const part = mail.partsById.get(id);
    if (part) await enqueueMail(tx, { to: loaded.buyer.email, ...trackingChangedMail(mail, part) });
  }
}

/** The buyer cancelled the order: the buyer's confirmation, and each seller whose part it stops (one statement). */
export async function noticeBuyerCancelled(tx: Tx, orderId: string, partIds: string[]): Promise<void> {
  if (partIds.length === 0) return;
  const loaded = await reload(tx, orderId);
  const mail = mailOrder(loaded);
  const cancelled = partIds.map((id) => mail.partsById.get(id)).filter((p): p is MailOrderPart => Boolean(p));
  // A card order cancelled before it was paid was never its sellers': they are not told.
  const sellers = loaded.order.awaitingPaymentUntil ? new Map<string, string>() : await sellerAddresses(tx, loaded);
  const queued: QueuedMail[] = [{ to: loaded.buyer.email, ...orderCancelledMail(mail, cancelled, 'buyer') }];
  for (const id of partIds) {
    const to = sellers.get(id);
    const part = mail.partsById.get(id);
    if (to && part) queued.push({ to, ...sellerBuyerCancelledMail(mail, part) });
  }
  await enqueueMail(tx, queued);
}
