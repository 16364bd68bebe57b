import { findCategory } from '../../../lib/catalog';
import { formatRate, percentToBasisPoints } from '../../../lib/commission';
import type { CommissionRate, SetCommissionRate } from '../../../lib/contract/commission';

/*
 * The commission settings screen's logic (docs/decisions/040): the form an operator fills (a
 * store, a category, or both, and a percentage), checked before it is sent; how a rate reads;
 * the query that removes one. The server checks everything again.
 */

export type RateForm = { storeId: string; category: string; percent: string };
export const EMPTY_FORM: RateForm = { storeId: '', category: '', percent: '' };

export const RATE_FORM_ERRORS = {
  scope: 'Choose a store, a category, or both',
  percent: 'Enter the rate as a percentage from 0 to 100, with at most two decimals, such as 8 or 8.5',
} as const;

/** The PUT body, or the fields' errors (the first field in error is where the focus goes). */
export function checkRateForm(
  form: RateForm,
): { ok: true; body: SetCommissionRate } | { ok: false; errors: Partial<Record<keyof RateForm, string>> } {
  const errors: Partial<Record<keyof RateForm, string>> = {};
  if (!form.storeId && !form.category) errors.storeId = RATE_FORM_ERRORS.scope;
  const basisPoints = percentToBasisPoints(form.percent);
  if (basisPoints === undefined) errors.percent = RATE_FORM_ERRORS.percent;
  if (Object.keys(errors).length > 0 || basisPoints === undefined) return { ok: false, errors };
  const category = form.category ? (findCategory(form.category) ?? form.category) : undefined;
  return {
    ok: true,
    body: { ...(form.storeId ? { storeId: form.storeId } : {}), ...(category ? { category } : {}), basisPoints },
  };
}

/** Whom a rate applies to, as the list reads: "Books, every store", "Blue Mountain Roasters, every category". */
export function rateScope(rate: Pick<CommissionRate, 'storeName' | 'storeId' | 'category'>): string {
  const store = rate.storeName ?? rate.storeId;
  if (store && rate.category) return `${store}, ${rate.category}`;
  return store ? `${store}, every category` : `${rate.category}, every store`;
}

/** What replaces a rate when it is removed. */
export function fallbackOf(rate: Pick<CommissionRate, 'storeId' | 'category'>, marketplaceBasisPoints: number) {
  const marketplace = `the marketplace’s ${formatRate(marketplaceBasisPoints)}`;
  if (rate.storeId && rate.category) return `the store’s rate, else the category’s, else ${marketplace}`;
  if (rate.storeId) return `each category’s rate, else ${marketplace}`;
  return marketplace;
}

/** The DELETE query naming one rate. */
export function removeQuery(rate: Pick<CommissionRate, 'storeId' | 'category'>): string {
  const q = new URLSearchParams();
  if (rate.storeId) q.set('storeId', rate.storeId);
  if (rate.category) q.set('category', rate.category);
  return q.toString();
}
