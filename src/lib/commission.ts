/**
 * What selling costs a seller (issue 27 #1, docs/decisions/036), in integer cents: THE rounding
 * rule for commission and for GCT on commission, and which rate applies to a line.
 *
 * - Rates are whole basis points (10% = 1,000), as the database stores them.
 * - **Commission is on items only**: a line's total (unit price × quantity). Shipping passes to
 *   the seller whole (it pays its courier), and the buyer's tax is the seller's to remit.
 * - A part's commission is rounded ONCE: round(Σ line total × the line's rate ÷ 10,000), half up.
 *   Rounding per line and summing could differ by a cent per line; rounding once cannot.
 * - GCT on commission (a GCT-registered marketplace charges it on its fee) is
 *   round(commission × GCT rate ÷ 10,000), half up, once per part.
 * - In BigInt: 2e14 cents (the largest cart) times 10,000 is past 2^53, where a float product
 *   would no longer be whole and the half-cent would round the wrong way (as `taxOn` in pricing.ts).
 */

/** 100% as basis points. */
export const FULL_RATE_BASIS_POINTS = 10_000;

/** round(amount × bp ÷ 10,000), half up, exact for any cents a cart can hold. */
function shareOf(amountCents: bigint, basisPoints: bigint): number {
  return Number((amountCents * basisPoints + 5_000n) / 10_000n);
}

function assertBasisPoints(bp: number) {
  if (!Number.isInteger(bp) || bp < 0 || bp > FULL_RATE_BASIS_POINTS)
    throw new RangeError(`a rate must be whole basis points from 0 to 10,000: ${bp}`);
}

function assertCents(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`an amount must be whole cents ≥ 0: ${value}`);
}

/** A line of a part as its commission sees it: its total and the rate frozen on it. */
export type CommissionLine = { lineTotalCents: number; basisPoints: number };

/** The commission on a part's items: Σ line total × its rate, rounded once, half up. */
export function commissionOn(lines: readonly CommissionLine[]): number {
  let exact = 0n;
  for (const line of lines) {
    assertCents(line.lineTotalCents);
    assertBasisPoints(line.basisPoints);
    exact += BigInt(line.lineTotalCents) * BigInt(line.basisPoints);
  }
  return shareOf(exact, 1n);
}

/** GCT on a commission at the marketplace's GCT rate (0 when it is not GCT-registered). */
export function gctOnCommission(commissionCents: number, gctBasisPoints: number): number {
  assertCents(commissionCents);
  assertBasisPoints(gctBasisPoints);
  return shareOf(BigInt(commissionCents), BigInt(gctBasisPoints));
}

/** A rate set for a store, a category, or a store's category (null: any). */
export type CommissionRule = { storeId: string | null; category: string | null; basisPoints: number };

/**
 * The rate of a line: the most specific rule wins — the store's rate for this category, else the
 * store's own rate, else the category's rate, else the marketplace's (COMMISSION_RATE). A store's
 * rate is a deal made with that seller, so it beats the category's standard one.
 */
export function rateFor(
  rules: readonly CommissionRule[],
  line: { storeId: string; category: string },
  marketplaceBasisPoints: number,
): number {
  const find = (storeId: string | null, category: string | null) =>
    rules.find((r) => r.storeId === storeId && r.category === category)?.basisPoints;
  return (
    find(line.storeId, line.category) ?? find(line.storeId, null) ?? find(null, line.category) ?? marketplaceBasisPoints
  );
}

/** What a part's sale costs its seller, frozen when the order is placed. */
export type PartCommission = { lineBasisPoints: number[]; commissionCents: number; gctCents: number };

/** The commission of one part (its lines' rates, the amount, the GCT on it) under the rules in force. */
export function partCommission(
  storeId: string,
  lines: readonly { category: string; lineTotalCents: number }[],
  terms: { rules: readonly CommissionRule[]; marketplaceBasisPoints: number; gctBasisPoints: number },
): PartCommission {
  const lineBasisPoints = lines.map((l) =>
    rateFor(terms.rules, { storeId, category: l.category }, terms.marketplaceBasisPoints),
  );
  const commissionCents = commissionOn(
    lines.map((l, i) => ({ lineTotalCents: l.lineTotalCents, basisPoints: lineBasisPoints[i] })),
  );
  return { lineBasisPoints, commissionCents, gctCents: gctOnCommission(commissionCents, terms.gctBasisPoints) };
}

/** A rate as people read it: 1,000 → "10%", 850 → "8.5%", 1,234 → "12.34%". */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
}

/**
 * A percentage as an operator types it ("8", "8.5", "12.34%") as whole basis points, or undefined
 * when it is not one: at most two decimals (a basis point), from 0 to 100. Read from the digits,
 * never through a float product, so "8.29" is 829 exactly.
 */
export function percentToBasisPoints(text: string): number | undefined {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return undefined;
  const bp = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bp <= FULL_RATE_BASIS_POINTS ? bp : undefined;
}
