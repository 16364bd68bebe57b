import { formatDollars as money } from '../../lib/money';
import { monthName } from '../../lib/shop-time';
import { formatTaxRate, formatTrn } from '../../lib/tax-details';
import type { CommissionInvoiceDetail } from '../services/tax-documents/commission-invoices';
import { BRAND, footEveryPage, INK, LINE, MARGIN, MUTED, pdfDate, SURFACE, shopPdf, titledBlock } from './pdf-style';

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

  doc.rect(0, 0, doc.page.width, 96).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(d.supplierName, MARGIN, 30, { width: width * 0.55 });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf').text('Commission to sellers', MARGIN, 58);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#ffffff')
    .text(d.title.toUpperCase(), MARGIN, 28, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf');
  doc.text(`No. ${d.number}`, MARGIN, 54, { width, align: 'right' });
  doc.text(`Date ${pdfDate(d.issuedAt)}`, MARGIN, 67, {
    width,
    align: 'right',
  });

  const half = (width - 20) / 2;
  const supplier = [
    d.supplierName,
    d.supplierTrn ? `TRN ${formatTrn(d.supplierTrn)}` : 'TRN not given',
    d.gctRegistered ? `GCT registration no. ${d.supplierGctNumber ?? ''}` : 'Not registered for GCT',
  ];
  const customer = [d.customerName, d.customerTrn ? `TRN ${formatTrn(d.customerTrn)}` : 'TRN not given'];
  const top = 116;
  const leftEnd = titledBlock(doc, { x: MARGIN, top, width: half, fontSize: 10 }, 'Supplier', supplier);
  const rightEnd = titledBlock(doc, { x: MARGIN + half + 20, top, width: half, fontSize: 10 }, 'Customer', customer);
  let y = Math.max(leftEnd, rightEnd) + 10;
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
  const boxW = 230;
  const boxX = right - boxW;
  doc.rect(boxX, y, boxW, 74).fill(SURFACE);
  let row = y + 8;
  const amountRow = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, boxX + 10, row, { width: boxW * 0.6 });
    doc.text(value, boxX + boxW * 0.4, row, {
      width: boxW * 0.6 - 10,
      align: 'right',
    });
    row += bold ? 22 : 18;
  };
  amountRow('Subtotal (before GCT)', `${sign}${money(d.net)}`);
  amountRow(
    d.gctRegistered ? `GCT (${formatTaxRate(d.gctRate)})` : 'No GCT: marketplace not registered',
    `${sign}${money(d.gct)}`,
  );
  amountRow(d.kind === 'credit_note' ? 'Total credited' : 'Total', `${sign}${money(d.total)}`, true);

  footEveryPage(doc, `${d.title} ${d.number} · ${d.supplierName} to ${d.customerName} · ${month}`, { rule: true });
  return done;
}
