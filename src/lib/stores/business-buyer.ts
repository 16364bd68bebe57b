import { atom } from 'nanostores';
import { type BuyerTaxId, BuyerTaxIdInput } from '../contract/buyer-tax-id';
import { fieldMessages } from '../contract/field-messages';

/*
 * The checkout's optional "Business buyer" fields (docs/decisions/049): whether the shopper buys for
 * a GCT-registered business, its name and TRN as typed, and what is wrong with them. Checked with
 * the API's own schema (BuyerTaxIdInput) before the order is sent, so the form and the API say the
 * same words; a refusal from the API lands on the same fields.
 */

export type BusinessBuyerDraft = { open: boolean; businessName: string; trn: string };
export type BusinessBuyerErrors = Partial<Record<'trn' | 'businessName', string>>;

export const EMPTY_BUSINESS_BUYER: BusinessBuyerDraft = { open: false, businessName: '', trn: '' };
export const $businessBuyer = atom<BusinessBuyerDraft>(EMPTY_BUSINESS_BUYER);
export const $businessBuyerErrors = atom<BusinessBuyerErrors>({});

/** Changes one field; its error goes until the next check. */
export function editBusinessBuyer(change: Partial<BusinessBuyerDraft>) {
  $businessBuyer.set({ ...$businessBuyer.get(), ...change });
  const errors = { ...$businessBuyerErrors.get() };
  for (const key of Object.keys(change)) delete errors[key as keyof BusinessBuyerErrors];
  if (change.open === false) $businessBuyerErrors.set({});
  else $businessBuyerErrors.set(errors);
}

export type BusinessBuyerCheck =
  | { ok: true; buyerTaxId: BuyerTaxId | undefined }
  | { ok: false; errors: BusinessBuyerErrors };

/** What the order request carries: nothing when the section is closed, else the checked fields. */
export function checkBusinessBuyer(draft: BusinessBuyerDraft): BusinessBuyerCheck {
  if (!draft.open) return { ok: true, buyerTaxId: undefined };
  const parsed = BuyerTaxIdInput.safeParse({ trn: draft.trn, businessName: draft.businessName });
  if (parsed.success) return { ok: true, buyerTaxId: parsed.data };
  return { ok: false, errors: fieldMessages(parsed.error) };
}

/** The API's field errors for `buyerTaxId.*` (a 400's `errors`), keyed as the form's fields; none: null. */
export function businessBuyerErrorsFrom(errors: Record<string, string> | undefined): BusinessBuyerErrors | null {
  const found: BusinessBuyerErrors = {};
  for (const [path, message] of Object.entries(errors ?? {})) {
    const field = /^buyerTaxId\.(trn|businessName)$/.exec(path)?.[1] as keyof BusinessBuyerErrors | undefined;
    if (field) found[field] ??= message;
    else if (path === 'buyerTaxId') found.trn ??= message;
  }
  return Object.keys(found).length ? found : null;
}
