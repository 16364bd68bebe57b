import type { Context } from 'hono';

/** An answer for the one who asked only: never kept by a shared cache, varying with who it is. */
export const PRIVATE_ANSWER = { 'Cache-Control': 'private, no-store, max-age=0', Vary: 'Cookie, Authorization' };

/**
 * A private PDF (an invoice, a tax document, a statement, a packing slip): its type, length and file
 * name, shown in the browser (`inline`) or saved (`attachment`), never kept by a shared cache.
 * `vary` replaces the Vary list where the answer also follows another header (Accept).
 */
export function privatePdf(
  c: Context,
  pdf: Buffer,
  { filename, disposition, vary }: { filename: string; disposition: 'inline' | 'attachment'; vary?: string },
) {
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.length),
    'Content-Disposition': `${disposition}; filename="${filename}"`,
    ...PRIVATE_ANSWER,
    ...(vary ? { Vary: vary } : {}),
  });
}

/**
 * A private CSV (a seller's products, statement or tax documents; an operator's report, bank file
 * or commission invoices): UTF-8, saved under `filename`, never kept by a shared cache.
 * `vary` replaces the Vary list where the answer also follows another header (Accept).
 */
export function privateCsv(c: Context, csv: string, { filename, vary }: { filename: string; vary?: string }) {
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${filename}"`,
    ...PRIVATE_ANSWER,
    ...(vary ? { Vary: vary } : {}),
  });
}
