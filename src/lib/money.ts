/** Money is integer cents inside; it becomes "$1,234.50" only at the edge (spec §9). */

/**
 * Formats cents as "$1,234.50" (what Intl's en-US dollars give); anything missing or non-numeric
 * is "$0.00". By hand: creating an Intl.NumberFormat costs a phone ~150 ms of main thread on the
 * first page load (ICU data), and every static page loads this module.
 */
export function formatCents(cents: number | null | undefined): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return '$0.00';
  const whole = Math.round(Math.abs(cents));
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** Dollars (as the API's decimal fields carry them) to cents, rounding half away from zero once. */
export function toCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100) || 0;
}

/**
 * The API's dollars as shoppers read them ("$1,234.50"): the one formatter for a price that
 * arrives as dollars (React screens use `<Price>`, which calls it).
 */
export function formatDollars(dollars: number | null | undefined): string {
  return formatCents(typeof dollars === 'number' ? toCents(dollars) : dollars);
}

/** What a shipping charge reads when nothing is charged for it. */
export const FREE_SHIPPING_LABEL = 'Free';

/**
 * A shipping charge as shown: "Free" when `free` (a rate knows whether its seller's threshold was
 * reached), by default when it charges nothing; otherwise its price.
 */
export function formatShipping(dollars: number, free: boolean = toCents(dollars) === 0): string {
  return free ? FREE_SHIPPING_LABEL : formatDollars(dollars);
}

/** Cents to the API's decimal dollars, exact to the cent. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}
