import { z } from 'zod';
import { parseTrn } from '../tax-details';

/*
 * How a seller's or an operator's field error reads (issue 24, item 10): it names the field by the
 * label its form shows ("Price (US$)", "Courier") and says how to put it right ("… shorten it",
 * "… like 1250.00"), as the register and profile texts do. The contract's schemas build their
 * fields from these, so the API and the forms that check before sending say the same words; each
 * resource keeps its labels beside its schema (STORE_LABELS, PRODUCT_LABELS).
 */

/** What a text field may hold: required unless `min` is 0; `required` says how to fill it in. */
export function labelledText(label: string, max: number, options: { min?: number; required?: string } = {}) {
  const min = options.min ?? 1;
  const missing = options.required ? `${label} is required: ${options.required}` : `${label} is required`;
  return z
    .string({ error: min === 0 ? `${label} must be text` : missing })
    .trim()
    .min(min, min === 1 ? missing : `${label} needs at least ${min} characters`)
    .max(max, `${label} can have at most ${max} characters: shorten it`);
}

/**
 * A TRN as typed ("123 456 789", "123-456-789"), kept as its nine digits by the one rule of
 * src/lib/tax-details.ts (`parseTrn`): a store's (blank is null) and a business buyer's
 * (decision 049; `required` says how to fill it in, and blank is refused with it).
 */
export function trnText(label: string, options: { notText: string; required?: string }) {
  return z
    .string({ error: options.notText })
    .trim()
    .transform((v, ctx) => {
      if (!v) {
        if (!options.required) return null;
        ctx.addIssue({ code: 'custom', message: `${label} is required: ${options.required}` });
        return z.NEVER;
      }
      const digits = parseTrn(v);
      if (digits) return digits;
      ctx.addIssue({ code: 'custom', message: `${label} must be nine digits, like 123-456-789` });
      return z.NEVER;
    });
}

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/**
 * An amount of dollars, 0.00 to 1,000,000.00, in cents at most. `example` is the amount the texts
 * show; `missing`, when given, is said of a field left out (the product editor's price).
 */
export function amount(label: string, example: string, options: { missing?: string; orEmpty?: boolean } = {}) {
  const wrong = `${label} must be an amount like ${example}${options.orEmpty ? ', or empty when not on sale' : ''}`;
  const missing = options.missing;
  return z
    .number({ error: missing ? (issue) => (issue.input === undefined ? missing : wrong) : wrong })
    .min(0, `${label} cannot be below 0.00`)
    .max(1_000_000, `${label} can be at most 1,000,000.00`)
    .refine(twoDecimals, `${label} can have at most two decimals, like ${example}`);
}

/** A count of things (stock): a whole number from 0 to `max`. */
export function wholeNumber(label: string, max: number, options: { example: string; missing?: string }) {
  const wrong = `${label} must be a whole number, like ${options.example}`;
  const missing = options.missing;
  return z
    .number({ error: missing ? (issue) => (issue.input === undefined ? missing : wrong) : wrong })
    .int(wrong)
    .min(0, `${label} cannot be below 0`)
    .max(max, `${label} can be at most ${max.toLocaleString('en-US')}`);
}

/**
 * A number field as typed into a form, for the same schema the API uses: blank is left out (so the
 * schema's "is required" speaks), a number is a number, anything else is kept as typed so the
 * schema refuses it with its own words ("Price (US$) must be an amount like 1250.00").
 */
export function typedNumber(text: string): number | string | undefined {
  const t = text.trim();
  if (t === '') return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : t;
}

/** The first message of each refused field of a parse, keyed by its path ("tags.0"), as the API answers them. */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const issue of error.issues) messages[issue.path.join('.') || '_'] ??= issue.message;
  return messages;
}
