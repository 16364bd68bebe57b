/** Money is integer cents inside; it becomes "$1,234.50" only at the edge (spec §9). */

const formatter = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats cents as "$1,234.50"; anything missing or non-numeric is "$0.00". */
export function formatCents(cents: number | null | undefined): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '$0.00';
  return formatter.format(Math.round(cents) / 100);
}

/** Dollars (as the API's decimal fields carry them) to cents, rounding half away from zero once. */
export function toCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100) || 0;
}

/** Cents to the API's decimal dollars, exact to the cent. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}
