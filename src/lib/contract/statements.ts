import { z } from 'zod';
import { ENTRY_KINDS } from '../ledger';
import { MONTH_PATTERN } from '../shop-time';

/*
 * A seller's monthly statements (GET /api/v1/seller/statements, /seller/statements/{month}; issue
 * 27 #5, #7; docs/decisions/041): the months its books have entries in, and one month's statement —
 * the opening balance, every entry of the month by order part, the totals by kind and the closing
 * balance. Months are Jamaica's calendar months. Amounts are dollars as the seller reads them
 * (positive is owed to the seller), summed in cents.
 */

export { MONTH_PATTERN };

/** A calendar month, YYYY-MM. */
export const StatementMonth = z
  .string()
  .regex(MONTH_PATTERN, 'month must be a month as YYYY-MM, such as 2026-11')
  .meta({ example: '2026-11' });

export const StatementParams = z.object({ month: StatementMonth });

/** The statement's formats: JSON (the default), a CSV table of its lines, a PDF to keep. */
export const STATEMENT_FORMATS = ['json', 'csv', 'pdf'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The format asked for: `?format=` first, else the Accept header (text/csv, application/pdf), else JSON. */
export function statementFormatOf(format: StatementFormat | undefined, accept: string | undefined): StatementFormat {
  if (format) return format;
  const wants = (accept ?? '').toLowerCase();
  if (wants.includes('text/csv')) return 'csv';
  if (wants.includes('application/pdf')) return 'pdf';
  return 'json';
}

export const StatementQuery = z.object({
  format: z
    .enum(STATEMENT_FORMATS, { error: `format must be one of ${STATEMENT_FORMATS.join(', ')}` })
    .optional()
    .meta({
      description: 'json, csv or pdf; without it, the Accept header chooses (text/csv, application/pdf), else JSON',
    }),
});

export const StatementMonths = z
  .object({
    success: z.literal(true),
    /** The months with entries, newest first, YYYY-MM. */
    months: z.array(z.string()),
  })
  .meta({ id: 'StatementMonths' });
export type StatementMonths = z.infer<typeof StatementMonths>;

/** A balance at an instant, in dollars as the seller reads them (negative: owed by the seller). */
export const StatementBalance = z
  .object({
    pending: z.number(),
    available: z.number(),
    /** Confirmed paid to the seller's bank. */
    paidOut: z.number(),
    /** Sent to the seller's bank and not yet confirmed paid. */
    inTransit: z.number(),
  })
  .meta({ id: 'StatementBalance' });
export type StatementBalance = z.infer<typeof StatementBalance>;

export const StatementLine = z
  .object({
    id: z.string(),
    at: z.string(),
    kind: z.enum(ENTRY_KINDS),
    balance: z.enum(['pending', 'available']),
    /** What it is, as the seller reads it: "Sale, order YM-…", "Payout YM… to NCB". */
    description: z.string(),
    amount: z.number(),
    partId: z.string().nullable(),
    orderNumber: z.string().nullable(),
  })
  .meta({ id: 'StatementLine' });
export type StatementLine = z.infer<typeof StatementLine>;

export const SellerStatement = z
  .object({
    success: z.literal(true),
    store: z.object({ id: z.string(), name: z.string() }),
    month: z.string(),
    /** The month's first instant and the next month's (exclusive), ISO. */
    from: z.string(),
    to: z.string(),
    opening: StatementBalance,
    lines: z.array(StatementLine),
    /** The month's entries summed by kind (only kinds it has). */
    totals: z.array(z.object({ kind: z.enum(ENTRY_KINDS), amount: z.number() })),
    /** What the month's entries moved on each balance: opening + movement = closing. */
    movement: z.object({ pending: z.number(), available: z.number() }),
    closing: StatementBalance,
  })
  .meta({ id: 'SellerStatement' });
export type SellerStatement = z.infer<typeof SellerStatement>;
