/**
 * Order pricing (spec §9), in integer cents, shared by the checkout summary, the order the server
 * writes and the screens, so every total is computed one way.
 *
 * - Each seller's part costs its lines (unit price × quantity) plus its shipping.
 * - Shipping for a part is the selected rate's cost; with no selection yet, the flat
 *   FALLBACK_SHIPPING_CENTS (5.99) per seller. Either is 0 when the seller's subtotal reaches its
 *   free-shipping threshold (the threshold comes from the database; null means never free).
 * - **Tax is charged per seller's part, on its subtotal (not on shipping), rounded once per part**
 *   (docs/decisions/044): each seller is the supplier of its own part and its tax invoice shows
 *   round(part subtotal × rate), half up, computed in integers from the rate in basis points, so
 *   0.07 × 1,250 cents is exactly 87.5 → 88 and never 87.49999. A part that is not taxed (its seller
 *   is not GCT-registered, under TAX_MODE=gct) has 0. The order's tax is the sum of its parts'.
 * - total = Σ(part subtotal + part shipping + part tax), exactly (no other rounding anywhere).
 * - Prices are shown before tax (tax-exclusive) everywhere: the product, the cart's lines and
 *   subtotals; the tax is its own line per seller at checkout, on the order and on invoices.
 * - Orders placed before tax was kept per part (migration 0026) have only the order's tax: their
 *   parts' taxes are that tax split in proportion to the parts' subtotals (`allocateTax`), as those
 *   orders' invoices showed it (`partTaxes`).
 */

/** The spec's 7% (TAX_MODE=spec). Jamaica's standard GCT is 15% (TAX_MODE=gct, the default): src/lib/tax-details.ts. */
export const DEFAULT_TAX_RATE = 0.07;
/** Spec §9: 5.99 per seller when no rate is selected. */
export const FALLBACK_SHIPPING_CENTS = 599;

/** The rate as whole basis points (0.07 → 700); rates are configured with at most 4 decimals. */
export function basisPoints(rate: number): number {
  if (!Number.isFinite(rate) || rate < 0 || rate > 1) throw new RangeError(`tax rate must be between 0 and 1: ${rate}`);
  return Math.round(rate * 10_000);
}

/** round(cents × rate), half up, in integer arithmetic. */
export function taxOn(subtotalCents: number, rate: number): number {
  assertCents(subtotalCents, 'subtotal');
  const bp = basisPoints(rate);
  // In BigInt: the largest cart (2e14 cents) times the basis points is past 2^53, where a float
  // product would no longer be whole and the half-cent rounding would go wrong.
  return Number((BigInt(subtotalCents) * BigInt(bp) + 5_000n) / 10_000n);
}

/** A seller's subtotal qualifies for free shipping when its threshold is set and reached. */
export function qualifiesForFreeShipping(subtotalCents: number, thresholdCents: number | null | undefined): boolean {
  return thresholdCents !== null && thresholdCents !== undefined && subtotalCents >= thresholdCents;
}

export type PartInput = {
  sellerId: string;
  subtotalCents: number;
  /** The selected rate's cost in cents; null or undefined when the shopper has not chosen yet. */
  selectedRateCents?: number | null;
  freeShippingThresholdCents?: number | null;
  /** Whether the part is taxed (`chargesTax` in src/lib/tax-details.ts); true when not said. */
  taxed?: boolean;
};

export type PricedPart = {
  sellerId: string;
  subtotalCents: number;
  shippingCents: number;
  freeShipping: boolean;
  /** round(subtotal × rate) when the part is taxed, else 0. */
  taxCents: number;
  /** The rate charged on the part in basis points (0 when it is not taxed). */
  taxBasisPoints: number;
  /** subtotal + shipping + tax. */
  totalCents: number;
};

export type PricedOrder = {
  parts: PricedPart[];
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
};

/** Prices an order (or a checkout summary) from its sellers' parts. */
export function priceOrder(parts: readonly PartInput[], taxRate: number = DEFAULT_TAX_RATE): PricedOrder {
  let subtotalCents = 0;
  let shippingCents = 0;
  let taxCents = 0;
  const rateBasisPoints = basisPoints(taxRate);
  const priced = parts.map((p): PricedPart => {
    assertCents(p.subtotalCents, 'subtotal');
    if (p.selectedRateCents !== null && p.selectedRateCents !== undefined) assertCents(p.selectedRateCents, 'rate');
    const free = qualifiesForFreeShipping(p.subtotalCents, p.freeShippingThresholdCents);
    const shipping = free ? 0 : (p.selectedRateCents ?? FALLBACK_SHIPPING_CENTS);
    const taxed = p.taxed !== false;
    const tax = taxed ? taxOn(p.subtotalCents, taxRate) : 0;
    subtotalCents += p.subtotalCents;
    shippingCents += shipping;
    taxCents += tax;
    return {
      sellerId: p.sellerId,
      subtotalCents: p.subtotalCents,
      shippingCents: shipping,
      freeShipping: free,
      taxCents: tax,
      taxBasisPoints: taxed ? rateBasisPoints : 0,
      totalCents: p.subtotalCents + shipping + tax,
    };
  });
  return {
    parts: priced,
    subtotalCents,
    shippingCents,
    taxCents,
    totalCents: subtotalCents + shippingCents + taxCents,
  };
}

/** Sum of unit price × quantity, in cents. */
export function lineTotal(unitPriceCents: number, quantity: number): number {
  assertCents(unitPriceCents, 'unit price');
  if (!Number.isInteger(quantity) || quantity < 1)
    throw new RangeError(`quantity must be a whole number ≥ 1: ${quantity}`);
  return unitPriceCents * quantity;
}

/**
 * Splits `taxCents` over parts in proportion to their subtotals (largest remainder; ties go to the
 * earlier part), so every share is whole cents and the shares add up to `taxCents` exactly.
 */
export function allocateTax(taxCents: number, subtotals: readonly number[]): number[] {
  assertCents(taxCents, 'tax');
  const total = subtotals.reduce((a, b) => a + b, 0);
  if (subtotals.length === 0) return [];
  if (total === 0) return subtotals.map((_, i) => (i === 0 ? taxCents : 0));
  // In BigInt: tax × subtotal passes 2^53 on a large order, where a float quotient could round
  // up to the next whole cent and the shares would add up to more than the tax.
  const tax = BigInt(taxCents);
  const whole = BigInt(total);
  const exact = subtotals.map((s) => tax * BigInt(s));
  const shares = exact.map((e) => Number(e / whole));
  let left = taxCents - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((e, i) => ({ i, rest: e % whole }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

function assertCents(value: number, what: string) {
  if (!Number.isInteger(value) || value < 0) throw new RangeError(`${what} must be whole cents ≥ 0: ${value}`);
}

/** A part as its tax is read back: its subtotal, and its own tax (null on an order placed before tax was kept per part). */
export type TaxedPart = { subtotalCents: number; taxCents?: number | null };

/**
 * THE read of each part's tax: its own (kept when the order was placed), or, for an order placed
 * before tax was kept per part, the order's tax split over the parts by `allocateTax`.
 */
export function partTaxes(taxCents: number, parts: readonly TaxedPart[]): number[] {
  if (parts.every((p) => p.taxCents !== null && p.taxCents !== undefined))
    return parts.map((p) => p.taxCents as number);
  return allocateTax(
    taxCents,
    parts.map((p) => p.subtotalCents),
  );
}

/**
 * What the buyer pays each seller of an order: its items, its shipping and its tax (`partTaxes`,
 * as the seller's invoice shows it). Parts in the order given; the amounts add up to the total.
 */
export function amountsDuePerPart(
  taxCents: number,
  parts: readonly (TaxedPart & { shippingCents: number })[],
): number[] {
  const taxes = partTaxes(taxCents, parts);
  return parts.map((p, i) => p.subtotalCents + p.shippingCents + taxes[i]);
}

/** What a set of an order's parts costs, what of it was cancelled, and what is asked for. */
export type AmountDue = { totalCents: number; cancelledCents: number; dueCents: number };

/**
 * What the buyer is asked for once parts are cancelled: a cancelled part is not charged, neither
 * its items nor its shipping nor its share of the tax. Each part costs what amountsDuePerPart says
 * (the shares are the order's, whatever is cancelled, so a live part's amount never moves).
 * `parts` are all of the order's parts; those with `counted: false` are left out of the sums (a
 * seller's invoice counts only its own).
 */
export function amountDue(
  taxCents: number,
  parts: readonly (TaxedPart & { shippingCents: number; cancelled: boolean; counted?: boolean })[],
): AmountDue {
  const each = amountsDuePerPart(taxCents, parts);
  let totalCents = 0;
  let cancelledCents = 0;
  for (const [i, part] of parts.entries()) {
    if (part.counted === false) continue;
    totalCents += each[i];
    if (part.cancelled) cancelledCents += each[i];
  }
  return { totalCents, cancelledCents, dueCents: totalCents - cancelledCents };
}

/** A part of an order as its share is computed: what it costs before tax, and where it stands in the order. */
export type SharedPart = TaxedPart & { id: string; storeName: string; shippingCents: number };

/**
 * THE rule for a part's share of what its order was paid (docs/decisions/033): its items, its
 * shipping and its tax (`partTaxes`: its own; on an older order its share of the order's tax by
 * allocateTax over all of the order's parts, cancelled or not, taken in the order's own reading
 * order: store name, then id, as the order page and the invoice list them, so the share is the
 * invoice's). The shares add up to the order's total
 * exactly, in whole cents, and a part's share never changes when another part is cancelled. A
 * cancelled card-paid part is refunded its share; a whole order cancelled, every share.
 */
export function partShares(taxCents: number, parts: readonly SharedPart[]): Map<string, number> {
  const ordered = [...parts].sort((x, y) =>
    x.storeName < y.storeName ? -1 : x.storeName > y.storeName ? 1 : x.id < y.id ? -1 : x.id > y.id ? 1 : 0,
  );
  const due = amountsDuePerPart(taxCents, ordered);
  return new Map(ordered.map((p, i) => [p.id, due[i]]));
}
