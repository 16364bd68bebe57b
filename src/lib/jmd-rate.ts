/**
 * The operator's US$→J$ rate, as the pages and islands were built with it (decision 031).
 * The server validates `JMD_PER_USD` and `JMD_RATE_DATE` (src/server/env.ts) and astro.config.mjs
 * hands them to the build as `PUBLIC_JMD_PER_USD` and `PUBLIC_JMD_RATE_DATE`, which Astro writes
 * into the catalogue bundle and the islands' code alike: a new rate is a full build (the
 * publisher's `codeVersion` counts it), never a page that disagrees with its islands.
 */
import { describeJmdRate, formatJmdApprox, type JmdRate } from './money';

/** The rate when the operator set none: Bank of Jamaica's weighted average near the day it was chosen. */
export const DEFAULT_JMD_PER_USD = '157.00';
export const DEFAULT_JMD_RATE_DATE = '2026-11-27';

/** "157", "157.5", "157.8433": J$ for US$1, at most four decimals, as the Bank of Jamaica quotes it. */
export const JMD_PER_USD_PATTERN = /^\d{1,6}(\.\d{1,4})?$/;

/** The rate's text as ten-thousandths, or undefined when it is not a rate (zero included). */
export function parseJmdPerUsd(text: string): number | undefined {
  const trimmed = text.trim();
  if (!JMD_PER_USD_PATTERN.test(trimmed)) return undefined;
  const [whole, decimals = ''] = trimmed.split('.');
  const value = Number(whole) * 10_000 + Number(decimals.padEnd(4, '0'));
  return value > 0 ? value : undefined;
}

/** A real calendar day written YYYY-MM-DD ("2026-02-30" is not one). */
export function isRateDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The rate from its two texts, each falling back to the default when missing or not valid. */
export function jmdRateOf(perUsd: string | undefined, date: string | undefined): JmdRate {
  return {
    perUsdTenThousandths: parseJmdPerUsd(perUsd ?? '') ?? (parseJmdPerUsd(DEFAULT_JMD_PER_USD) as number),
    date: date && isRateDate(date) ? date.trim() : DEFAULT_JMD_RATE_DATE,
  };
}

/** The rate this build was made with. */
export function shopJmdRate(): JmdRate {
  return jmdRateOf(import.meta.env?.PUBLIC_JMD_PER_USD, import.meta.env?.PUBLIC_JMD_RATE_DATE);
}

/** What stands beside a US$ price: "about J$1,963", at the build's rate unless told another. */
export function aboutJmd(usdCents: number, rate: JmdRate = shopJmdRate()): string {
  return `about ${formatJmdApprox(usdCents, rate)}`;
}

/** Under the J$ amounts: what they are, and that the charge is not. */
export function jmdRateNote(rate: JmdRate = shopJmdRate()): string {
  return `J$ amounts are approximate, at ${describeJmdRate(rate)}. You pay in US$.`;
}
