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

/**
 * How tax is charged (docs/decisions/044): `gct`, Jamaica's rule, GCT only on the parts of
 * GCT-registered sellers (an unregistered seller may not collect it); `spec`, the spec's rule, the
 * same tax on every seller's part.
 */
export const TAX_MODES = ['gct', 'spec'] as const;
export type TaxMode = (typeof TAX_MODES)[number];

/** The rate each mode charges when TAX_RATE is unset: Jamaica's standard GCT, the spec's 7%. */
export const DEFAULT_TAX_RATES: Record<TaxMode, number> = { gct: 0.15, spec: 0.07 };

/** What a shop charges: its mode and its rate (a fraction, at most 4 decimals). */
export type TaxTerms = { mode: TaxMode; rate: number };

/** Whether a seller's part is taxed: every part under the spec's rule, a GCT-registered seller's under Jamaica's. */
export const chargesTax = (mode: TaxMode, gctRegistered: boolean) => mode === 'spec' || gctRegistered;

/** What a part without tax says, per seller, wherever its tax would be. */
export const NO_GCT_NOTE = 'No GCT: seller not registered';

/** A tax rate as people read it: 0.15 → "15%", 0.165 → "16.5%". */
export const formatTaxRate = (rate: number) => `${Math.round(rate * 10_000) / 100}%`;

/**
 * What a seller's part says beside its tax, the one wording of checkout, the order page, invoices
 * and mails: "GCT (15%)" when it is charged, "No GCT: seller not registered" when not; "GCT" on an
 * order placed before tax was kept per part (its rate is not known per part).
 */
export function partTaxLabel(rate: number | null): string {
  if (rate === null) return 'GCT';
  return rate > 0 ? `GCT (${formatTaxRate(rate)})` : NO_GCT_NOTE;
}

/** A tax document's kind: a seller's invoice for its part, or a credit note against one. */
export type TaxDocumentKind = 'invoice' | 'credit_note';

/**
 * A tax document's number as printed: the seller's one sequence (invoices and credit notes alike),
 * six digits, after TI (tax invoice) or CN (credit note): "TI-000041", "CN-000042".
 */
export const taxDocumentNumber = (kind: TaxDocumentKind, n: number) =>
  `${kind === 'invoice' ? 'TI' : 'CN'}-${String(n).padStart(6, '0')}`;

/**
 * What a document is titled: a GCT-registered seller's invoice is a "Tax Invoice"; an unregistered
 * seller may not issue one, so its invoice is an "Invoice" (decision 045); a credit note either way.
 */
export const taxDocumentTitle = (kind: TaxDocumentKind, gctRegistered: boolean) =>
  kind === 'credit_note'
    ? gctRegistered
      ? 'Tax Credit Note'
      : 'Credit Note'
    : gctRegistered
      ? 'Tax Invoice'
      : 'Invoice';

/**
 * The marketplace's invoice or credit note for a month's commission to a seller (decision 048), as
 * printed: its own one sequence, six digits, after CI (commission invoice) or CC (commission credit
 * note): "CI-000007", "CC-000008".
 */
export const commissionDocumentNumber = (kind: TaxDocumentKind, n: number) =>
  `${kind === 'invoice' ? 'CI' : 'CC'}-${String(n).padStart(6, '0')}`;
