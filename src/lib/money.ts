/**
 * Money is integer cents inside; it becomes "US$1,234.50" only at the edge (spec §9). The shop's
 * prices and charges are in US dollars, but a bare "$" reads as Jamaican dollars in Jamaica, so
 * every price names its currency (docs/deviations.md); beside some of them the shopper also sees
 * an approximate Jamaican-dollar amount at the operator's rate (`formatJmdApprox`, decision 031).
 */

/** The currencies a price may be shown in: the shop's own, and Jamaica's. */
export type Currency = 'USD' | 'JMD';

/** How each currency's "$" is written so it cannot be mistaken for the other. */
const SYMBOL: Record<Currency, string> = { USD: 'US$', JMD: 'J$' };

/** 1234567 as "1,234,567" (what Intl's en-US grouping gives, without Intl: see formatCents). */
const grouped = (whole: bigint | number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/**
 * Formats cents as "US$1,234.50" (what Intl's en-US dollars give, with the currency named);
 * anything missing or non-numeric is "US$0.00". `JMD` gives "J$1,234.50" (an exact charge in
 * Jamaican dollars, as the test gateway shows one). By hand: creating an Intl.NumberFormat costs
 * a phone ~150 ms of main thread on the first page load (ICU data), and every static page loads
 * this module.
 */
export function formatCents(cents: number | null | undefined, currency: Currency = 'USD'): string {
  if (typeof cents !== 'number' || !Number.isFinite(cents)) return `${SYMBOL[currency]}0.00`;
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  return `${sign}${SYMBOL[currency]}${grouped(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, '0')}`;
}

/** Dollars (as the API's decimal fields carry them) to cents, rounding half away from zero once. */
export function toCents(dollars: number): number {
  return Math.sign(dollars) * Math.round(Math.abs(dollars) * 100) || 0;
}

/**
 * The API's dollars as shoppers read them ("US$1,234.50"): the one formatter for a price that
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

/**
 * The operator's exchange rate: Jamaican dollars to one US dollar, in ten-thousandths (157.00 is
 * 1,570,000: the Bank of Jamaica quotes four decimals), and the day it was set (YYYY-MM-DD).
 * Read from configuration by `shopJmdRate` (src/lib/jmd-rate.ts).
 */
export type JmdRate = { perUsdTenThousandths: number; date: string };

/**
 * US cents as approximate Jamaican dollars, whole and grouped: "J$1,963" for 1,250 cents at 157
 * (1,962.5 rounds half away from zero). Exact in integers whatever the amount: a price times a
 * rate passes 2^53 long before an order's total would.
 */
export function formatJmdApprox(usdCents: number, rate: JmdRate): string {
  if (!Number.isFinite(usdCents)) return `${SYMBOL.JMD}0`;
  const cents = BigInt(Math.round(Math.abs(usdCents)));
  // cents × (J$ per US$ × 10^4) / 10^6 = whole J$; add half of 10^6 to round half up.
  const jmd = (cents * BigInt(rate.perUsdTenThousandths) + 500_000n) / 1_000_000n;
  return `${usdCents < 0 && jmd > 0n ? '-' : ''}${SYMBOL.JMD}${grouped(jmd)}`;
}

/** The API's dollars as approximate Jamaican dollars ("J$1,963"). */
export function formatDollarsInJmd(dollars: number, rate: JmdRate): string {
  return formatJmdApprox(toCents(dollars), rate);
}

/** The rate as shoppers read it: "J$157.00" (two decimals at least, four at most: as it was set). */
export function formatJmdRate(rate: JmdRate): string {
  const whole = Math.floor(rate.perUsdTenThousandths / 10_000);
  const decimals = String(rate.perUsdTenThousandths % 10_000)
    .padStart(4, '0')
    .replace(/0{1,2}$/, '');
  return `${SYMBOL.JMD}${grouped(whole)}.${decimals.length < 2 ? decimals.padEnd(2, '0') : decimals}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The rate's day as Jamaicans write it: "27 Nov 2026" (the date alone: no time zone can move it). */
export function formatRateDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** What the J$ amounts are: "J$157.00 to US$1 on 27 Nov 2026". */
export function describeJmdRate(rate: JmdRate): string {
  return `${formatJmdRate(rate)} to US$1 on ${formatRateDate(rate.date)}`;
}
