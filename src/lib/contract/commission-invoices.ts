import { z } from 'zod';

/*
 * The marketplace's invoices to a seller for its commission, one per Jamaican month with commission
 * in it (GET /api/v1/seller/commission-invoices; issue 29 #4, docs/decisions/048). Amounts are
 * dollars; a credit note's are what it gives back (positive).
 */

export const CommissionInvoiceSummary = z
  .object({
    id: z.string(),
    /** The month of the commission, YYYY-MM (Jamaica). */
    month: z.string(),
    kind: z.enum(['invoice', 'credit_note']),
    /** As printed: CI-000007 (an invoice), CC-000008 (a credit note). */
    number: z.string(),
    /** "Tax Invoice" when the marketplace is GCT-registered, else "Invoice"; "Tax Credit Note", "Credit Note". */
    title: z.string(),
    issuedAt: z.string(),
    net: z.number(),
    gct: z.number(),
    total: z.number(),
    /** The PDF, under /api/v1. */
    pdfUrl: z.string(),
  })
  .meta({ id: 'CommissionInvoiceSummary' });
export type CommissionInvoiceSummary = z.infer<typeof CommissionInvoiceSummary>;

export const CommissionInvoiceList = z
  .object({ success: z.literal(true), invoices: z.array(CommissionInvoiceSummary) })
  .meta({ id: 'CommissionInvoiceList' });
export type CommissionInvoiceList = z.infer<typeof CommissionInvoiceList>;

export const CommissionInvoiceParams = z.object({
  id: z.string().min(1).max(200).meta({ example: '0b9c2b4e-8a4f-4a52-9b0e-0c7f4f3c2d11' }),
});

/** The seller's PDF of one invoice for commission, under /api/v1. */
export const commissionInvoicePdfUrl = (id: string) => `/seller/commission-invoices/${encodeURIComponent(id)}`;
