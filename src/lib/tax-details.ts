/**
 * A store's tax details (issue 29 #1, docs/decisions/044): its Taxpayer Registration Number (TRN),
 * whether it is registered for General Consumption Tax, and its GCT registration number. One home
 * for how a TRN is read and written, for the API, the forms and the invoices. No zod here: the
 * browser reads it.
 *
 * A TRN is nine digits, written 123-456-789. Tax Administration Jamaica publishes no check-digit
 * rule we could verify, so the check is the form's: nine digits once spaces and dashes are taken
 * out, not all the same digit (000-000-000 is what people type to get past a form), and it is kept
 * as the nine digits.
 */

/** The TRN's nine digits from what a seller typed ("123 456 789", "123-456-789"), or undefined when it is not one. */
export function parseTrn(text: string): string | undefined {
  const digits = text.replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) return undefined;
  if (/^(\d)\1{8}$/.test(digits)) return undefined;
  return digits;
}

/** A TRN as Jamaicans write it: 123-456-789. */
export function formatTrn(digits: string): string {
  return /^\d{9}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : digits;
}

export type TaxDetails = {
  /** Nine digits, or null when the seller has not given it. */
  trn: string | null;
  gctRegistered: boolean;
  /** The GCT registration number; null when not registered. */
  gctNumber: string | null;
};

export const NO_TAX_DETAILS: TaxDetails = { trn: null, gctRegistered: false, gctNumber: null };

/**
 * The tax details as one line, for the change log and the operators' screen:
 * "TRN 123-456-789, GCT-registered (GCT 000123456)", "TRN 123-456-789, not GCT-registered",
 * "no TRN, not GCT-registered".
 */
export function describeTaxDetails(d: TaxDetails): string {
  const trn = d.trn ? `TRN ${formatTrn(d.trn)}` : 'no TRN';
  return d.gctRegistered ? `${trn}, GCT-registered (GCT ${d.gctNumber ?? '?'})` : `${trn}, not GCT-registered`;
}

export const sameTaxDetails = (a: TaxDetails, b: TaxDetails) =>
  a.trn === b.trn && a.gctRegistered === b.gctRegistered && a.gctNumber === b.gctNumber;
