import { z } from 'zod';
import { labelledText, trnText } from './field-messages';
import { singleLine } from './single-line';

/*
 * A business buyer's tax identity (issue 29, docs/decisions/049): a Jamaican tax invoice carries the
 * customer's name and, when the customer is registered, its TRN. Optional at checkout: most buyers
 * are people, and an order without it is as before. Given, it is kept on the order and frozen on
 * each seller's tax invoice and credit note for it.
 */

/** What the checkout's "Business buyer" fields are called, for the form and the API's messages alike. */
export const BUYER_TAX_LABELS = {
  trn: 'Business TRN',
  businessName: 'Business name',
} as const;
const L = BUYER_TAX_LABELS;

/** At most this many characters of a business's name (it is printed in the invoice's customer block). */
export const BUSINESS_NAME_MAX = 120;

/**
 * POST /orders/place's optional `buyerTaxId`: the TRN (nine digits by the store TRN's rule, kept as
 * digits) and the business's name, blank or left out when it is the buyer's own.
 */
export const BuyerTaxIdInput = z
  .object({
    trn: trnText(L.trn, {
      notText: `${L.trn}: enter the business's nine-digit TRN, like 123-456-789`,
      required: "enter the business's nine digits, like 123-456-789",
    }),
    businessName: singleLine(labelledText(L.businessName, BUSINESS_NAME_MAX, { min: 0 }), L.businessName)
      .nullable()
      .optional(),
  })
  .transform((v) => ({ trn: v.trn as string, businessName: v.businessName || null }))
  .meta({ id: 'BuyerTaxIdInput' });
export type BuyerTaxIdFields = z.input<typeof BuyerTaxIdInput>;

/** The business buyer's TRN (nine digits: show it with formatTrn) and name, as the order keeps them. */
export const BuyerTaxId = z.object({ trn: z.string(), businessName: z.string().nullable() }).meta({ id: 'BuyerTaxId' });
export type BuyerTaxId = z.infer<typeof BuyerTaxId>;
