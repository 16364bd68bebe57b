import { inArray } from 'drizzle-orm';
import type { Parish } from '../../../lib/catalog';
import { partCommission } from '../../../lib/commission';
import type { PaymentMethod, PlaceOrderRequest } from '../../../lib/contract/orders';
import { paidByCard } from '../../../lib/contract/payments';
import { MESSAGES } from '../../../lib/messages';
import { lineTotal, type PricedOrder, priceOrder } from '../../../lib/pricing';
import type { BankDetails } from '../../../lib/store-status';
import { chargesTax, type TaxTerms } from '../../../lib/tax-details';
import type { Tx } from '../../db/client';
import { orderLines, orderParts, orders, type ShippingAddressValue, stores } from '../../db/schema';
import { ApiError } from '../../http/errors';
import { clearOrderedFromCart } from '../checkout';
import { type CommissionTerms, commissionRulesFor } from '../ledger/commission-rates';
import { ensureMethodTaken } from '../payment-methods';
import { estimatedDays, ratesToParish } from '../shipping';
import { issuePartInvoices } from '../tax-documents/issue';
import { checkCartLines, insufficient, type Lines, type LockedLine, lockLines, wantedOf } from './locked-lines';
import { newOrderNumber } from './order-number';
import {
  type Buyer,
  byLineId,
  byStoreName,
  type LoadedOrder,
  type OrderRow,
  type RateRow,
  type StoreRow,
} from './rows';
import { moveStock } from './stock';

/*
 * Writing an order inside placeOrder's transaction, one named step after another (the way
 * Medusa's complete-cart workflow reads). Any step that throws rolls the whole order back: a
 * payment method one of the stores does not take (../payment-methods.ts) is refused before
 * anything is written.
 */

/** One seller's share of the order, in the order its first item came. */
type SellerPart = {
  store: StoreRow;
  rate: RateRow;
  lines: LockedLine[];
  subtotalCents: number;
};

/** Writes the order and answers it as read back (no second read after the commit). */
export async function writeOrder(
  tx: Tx,
  buyer: Buyer,
  request: PlaceOrderRequest,
  terms: OrderTerms,
): Promise<LoadedOrder> {
  const locked = await lockLines(tx, buyer.id, wantedOf(request));
  checkCartLines(locked);
  const parts = await chooseRates(tx, groupBySeller(locked.lines), request);
  ensureMethodTaken(
    request.paymentMethod,
    parts.map((p) => p.store),
  );
  const priced = priceParts(parts, terms.tax);
  const order = await insertOrder(tx, buyer.id, request, priced, {
    awaitingPaymentUntil: holdEnd(request.paymentMethod, terms),
    // One transfer to the marketplace's account, kept as the buyer was told it (docs/decisions/034).
    bankTransferTo: request.paymentMethod === 'bank_transfer' ? terms.marketplaceBank : null,
  });
  const commission = {
    ...terms.commission,
    rules: await commissionRulesFor(
      tx,
      parts.map((p) => p.store.id),
    ),
  };
  const written = await insertPartsAndLines(tx, order.id, parts, priced, commission);
  // Each seller's tax invoice for its part, numbered in its own sequence (decision 045).
  await issuePartInvoices(tx, order.id);
  await takeStock(tx, locked.lines);
  await clearOrderedFromCart(
    tx,
    buyer.id,
    [...locked.lines.keys()].sort(),
    parts.map((p) => p.store.id),
  );
  return { order, buyer, ...written, payments: [], refunds: [] };
}

/**
 * What the shop's configuration says of a new order: its tax, how long a card order's stock is held
 * for its payment, how many days a bank transfer may take and the marketplace's account it goes to.
 */
export type OrderTerms = {
  /** How the parts are taxed (TAX_MODE, TAX_RATE: docs/decisions/044). */
  tax: TaxTerms;
  paymentHoldMinutes: number;
  bankTransferDays: number;
  marketplaceBank: BankDetails;
  /** The marketplace's commission and GCT on it, in basis points (src/server/env.ts, `commissionTerms`). */
  commission: { marketplaceBasisPoints: number; gctBasisPoints: number };
  now?: Date;
};

/**
 * A card order is paid on the gateway's page before its sellers see it: its stock (taken below, as
 * for every order) is held until then (docs/decisions/029). A bank-transfer order likewise waits
 * for its transfer to the marketplace, for days (docs/decisions/034). Other methods are not held.
 */
function holdEnd(method: PaymentMethod, terms: OrderTerms): Date | null {
  const now = (terms.now ?? new Date()).getTime();
  if (method === 'bank_transfer') return new Date(now + terms.bankTransferDays * 86_400_000);
  if (!paidByCard(method)) return null;
  return new Date(now + terms.paymentHoldMinutes * 60_000);
}

/** Each variant at its own price (docs/decisions/052). */
function groupBySeller(lines: Lines) {
  const groups = new Map<string, Omit<SellerPart, 'store' | 'rate'>>();
  for (const line of lines.values()) {
    const storeId = line.product.storeId as string;
    const group = groups.get(storeId) ?? { lines: [], subtotalCents: 0 };
    group.lines.push(line);
    group.subtotalCents += lineTotal(line.variant.priceCents, line.quantity);
    groups.set(storeId, group);
  }
  return groups;
}

/** Each seller's store and the rate the shopper chose for it, which must serve the address's parish. */
async function chooseRates(
  tx: Tx,
  groups: Map<string, Omit<SellerPart, 'store' | 'rate'>>,
  request: PlaceOrderRequest,
): Promise<SellerPart[]> {
  const storeIds = [...groups.keys()];
  const storeRows = await tx.select().from(stores).where(inArray(stores.id, storeIds));
  const storeById = new Map(storeRows.map((s) => [s.id, s]));
  const address = request.shippingAddress as ShippingAddressValue;
  const rates = await ratesToParish(tx, storeIds, address.parish as Parish);
  const chosen = new Map(request.shippingSelections.map((s) => [s.sellerId, s.shippingRateId]));
  return storeIds.map((storeId) => {
    const rateId = chosen.get(storeId);
    if (!rateId) throw new ApiError(400, 'validation_failed', MESSAGES.checkout.selectionsRequired);
    const rate = rates.get(storeId)?.find((r) => r.id === rateId);
    if (!rate) throw new ApiError(400, 'validation_failed', MESSAGES.checkout.rateUnavailable);
    return {
      ...(groups.get(storeId) as Omit<SellerPart, 'store' | 'rate'>),
      store: storeById.get(storeId) as StoreRow,
      rate,
    };
  });
}

/** Totals from src/lib/pricing only: free shipping per seller, tax per part when its seller charges it. */
function priceParts(parts: SellerPart[], tax: TaxTerms): PricedOrder {
  return priceOrder(
    parts.map((p) => ({
      sellerId: p.store.id,
      subtotalCents: p.subtotalCents,
      selectedRateCents: p.rate.costCents,
      freeShippingThresholdCents: p.store.freeShippingThresholdCents ?? null,
      taxed: chargesTax(tax.mode, p.store.gctRegistered),
    })),
    tax.rate,
  );
}

/** The order row, under a fresh order number (another try on the rare clash). */
async function insertOrder(
  tx: Tx,
  buyerId: string,
  request: PlaceOrderRequest,
  priced: PricedOrder,
  payment: { awaitingPaymentUntil: Date | null; bankTransferTo: BankDetails | null },
) {
  const orderId = crypto.randomUUID();
  let orderRow: OrderRow | undefined;
  for (let attempt = 0; !orderRow; attempt++) {
    if (attempt > 5) throw new Error('could not find a free order number');
    [orderRow] = await tx
      .insert(orders)
      .values({
        id: orderId,
        orderNumber: newOrderNumber(),
        buyerId,
        status: 'pending',
        paymentMethod: request.paymentMethod,
        paymentStatus: 'unpaid',
        shippingAddress: request.shippingAddress as ShippingAddressValue,
        customerNotes: request.customerNotes,
        // Given at checkout by a business buyer (decision 049): its sellers' invoices freeze them next.
        buyerTrn: request.buyerTaxId?.trn ?? null,
        buyerBusinessName: request.buyerTaxId?.businessName ?? null,
        subtotalCents: priced.subtotalCents,
        shippingCents: priced.shippingCents,
        taxCents: priced.taxCents,
        totalCents: priced.totalCents,
        ...payment,
      })
      .onConflictDoNothing({ target: orders.orderNumber })
      .returning();
  }
  return orderRow;
}

/**
 * One part per seller and its lines (product name, price and image as sold), answered in reading
 * order; each line with the commission rate it is sold at and each part with the commission and
 * GCT on it, frozen now (src/lib/commission.ts, docs/decisions/036).
 */
async function insertPartsAndLines(
  tx: Tx,
  orderId: string,
  parts: SellerPart[],
  priced: PricedOrder,
  commission: CommissionTerms,
) {
  const partRows: (typeof orderParts.$inferInsert)[] = [];
  const lineRows: (typeof orderLines.$inferInsert)[] = [];
  const bySeller = new Map(parts.map((p) => [p.store.id, p]));
  for (const pricedPart of priced.parts) {
    const { store, rate, lines } = bySeller.get(pricedPart.sellerId) as SellerPart;
    const partId = crypto.randomUUID();
    const charged = partCommission(
      store.id,
      lines.map(({ product, variant, quantity }) => ({
        category: product.category,
        lineTotalCents: lineTotal(variant.priceCents, quantity),
      })),
      commission,
    );
    partRows.push({
      id: partId,
      orderId,
      storeId: store.id,
      storeName: store.name,
      status: 'pending',
      shippingRateId: rate.id,
      shippingMethod: rate.method,
      shippingProvider: rate.provider,
      shippingCents: pricedPart.shippingCents,
      subtotalCents: pricedPart.subtotalCents,
      estimatedDays: estimatedDays(rate.minDays, rate.maxDays),
      // The marketplace takes the transfer now: no store's account goes with a new order's part.
      bankDetails: null,
      commissionCents: charged.commissionCents,
      commissionGctCents: charged.gctCents,
      taxCents: pricedPart.taxCents,
      taxBasisPoints: pricedPart.taxBasisPoints,
    });
    for (const [n, { product, variant, label, quantity }] of lines.entries()) {
      lineRows.push({
        // Ids that sort in the order the shopper listed the lines.
        id: `${partId}-${String(n + 1).padStart(4, '0')}`,
        orderId,
        partId,
        productId: product.id,
        productName: product.name,
        variantId: variant.id,
        variantLabel: label,
        productDescription: product.description,
        // The variant's own photo when it has one (docs/decisions/051).
        image: variant.images[0] ?? product.images[0] ?? null,
        unitPriceCents: variant.priceCents,
        quantity,
        lineTotalCents: lineTotal(variant.priceCents, quantity),
        commissionBasisPoints: charged.lineBasisPoints[n],
      });
    }
  }
  const written = await tx.insert(orderParts).values(partRows).returning();
  const lines = await tx.insert(orderLines).values(lineRows).returning();
  const stores = new Map(parts.map((p) => [p.store.id, p.store]));
  return {
    parts: written.sort(byStoreName).map((part) => ({ part, store: stores.get(part.storeId) ?? null })),
    lines: lines.sort(byLineId),
  };
}

/** The guarded decrement, per variant: the locks make it certain, the guard keeps it true whatever changes above. */
async function takeStock(tx: Tx, lines: Lines) {
  const wanted = new Map([...lines].map(([id, line]) => [id, line.quantity]));
  const taken = await moveStock(tx, wanted, -1);
  if (taken === wanted.size) return;
  const [first] = [...lines.values()];
  throw insufficient(first.shownName, first.variant.stock);
}
