import type { Currency } from './provider';

/**
 * Gateways carry money as decimal major units ("12.50", or the JSON number 12.5); the shop keeps
 * integer cents. These two are the only crossings, both exact: a gateway amount with a third
 * decimal, an exponent or a sign is not read as money at all (undefined), never rounded into a
 * plausible one.
 */

/** 1250 → "12.50". */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not an amount in cents: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const DECIMAL = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** "12.50", "12.5", "12", 12.5 → 1250; "12.505", "-1", "1e3", 0.30000000000000004, "" → undefined. */
export function decimalToCents(value: unknown): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof text !== 'string') return undefined;
  const match = DECIMAL.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** ISO 4217 numeric codes, as PowerTranz's CurrencyCode carries them. */
export const ISO_NUMERIC: Record<Currency, string> = { USD: '840', JMD: '388' };

export function currencyOfNumeric(code: unknown): Currency | undefined {
  const text = String(code ?? '');
  return (Object.keys(ISO_NUMERIC) as Currency[]).find((c) => ISO_NUMERIC[c] === text);
}
