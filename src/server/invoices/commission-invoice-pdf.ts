import { formatDollars as money } from '../../lib/money';
import { monthName } from '../../lib/shop-time';
import { formatTaxRate, formatTrn } from '../../lib/tax-details';
import type { CommissionInvoiceDetail } from '../services/tax-documents/commission-invoices';
import { footEveryPage, INK, LINE, MARGIN, MUTED, SURFACE, shopPdf } from './pdf-style';
import { taxAmountsBox, taxDocumentHead } from './tax-pdf-parts';

/**
 * The marketplace's invoice to a seller for a month's commission, as a PDF (issue 29 #4,
 * docs/decisions/048; the shop's look). The marketplace is the supplier, the seller the customer:
 * "Tax Invoice" (when the marketplace is GCT-registered, else "Invoice"), the supplier's name, TRN
 * and GCT registration number, the date, the number in the marketplace's sequence, the customer's
 * name and TRN, what was supplied (commission on sales of the month), the subtotal, the GCT shown
 * separately and the total. A credit note says what it gives back.
 */
export function renderCommissionInvoicePdf(d: CommissionInvoiceDetail): Promise<Buffer> {
  const month = monthName(d.month);
  const { doc, done, width, right } = shopPdf({
    Title: `${d.title} ${d.number}, ${d.customerName}`,
    Author: d.supplierName,
    Subject: `${d.title} ${d.number}: commission on sales of ${month}`,
  });

  let y = taxDocumentHead(doc, width, {
    supplierName: d.supplierName,
    tagline: 'Commission to sellers',
    title: d.title,
    number: d.number,
    issuedAt: d.issuedAt,
    supplierTrn: d.supplierTrn,
    gctRegistered: d.gctRegistered,
    supplierGctNumber: d.supplierGctNumber,
    customer: [d.customerName, d.customerTrn ? `TRN ${formatTrn(d.customerTrn)}` : 'TRN not given'],
  });
  if (d.kind === 'credit_note') {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(`Commission reversed in ${month} beyond what the month charged: credited to you`, MARGIN, y, { width });
    y = doc.y + 10;
  }

  doc.rect(MARGIN, y, width, 18).fill(SURFACE);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  doc.text('DESCRIPTION', MARGIN + 8, y + 5);
  doc.text('AMOUNT', right - 120, y + 5, { width: 112, align: 'right' });
  y += 24;
  const sign = d.kind === 'credit_note' ? '-' : '';
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  doc.text(`Commission on sales of ${month}, after refunds and cancellations`, MARGIN + 8, y, { width: width - 140 });
  const end = doc.y;
  doc.text(`${sign}${money(d.net)}`, right - 120, y, {
    width: 112,
    align: 'right',
  });
  y = Math.max(end, doc.y) + 4;
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor(LINE).lineWidth(0.5).stroke();

  y += 12;
  taxAmountsBox(
    doc,
    { y, right },
    {
      creditNote: d.kind === 'credit_note',
      net: d.net,
      gct: d.gct,
      total: d.total,
      gctLabel: d.gctRegistered ? `GCT (${formatTaxRate(d.gctRate)})` : 'No GCT: marketplace not registered',
    },
  );

  footEveryPage(doc, `${d.title} ${d.number} · ${d.supplierName} to ${d.customerName} · ${month}`, { rule: true });
  return done;
}
