import { formatDollars as money } from '../../lib/money';
import { formatTaxRate, formatTrn, NO_GCT_NOTE } from '../../lib/tax-details';
import type { TaxDocumentDetail } from '../services/tax-documents/read';
import { BRAND, footEveryPage, INK, LINE, MARGIN, MUTED, pdfDate, SURFACE, shopPdf, titledBlock } from './pdf-style';

/**
 * A seller's tax invoice or credit note as a PDF (issue 29 #3, docs/decisions/045; US Letter, the
 * shop's look). Every field a Jamaican tax invoice must carry: the words "Tax Invoice", the
 * supplier's name, TRN and GCT registration number, the date, the sequential number, the
 * customer's name, a description of what was supplied, the subtotal, the GCT shown separately and
 * the total. A credit note names the invoice it credits and why. An unregistered seller's document
 * is an "Invoice" that says it charges no GCT.
 */
export function renderTaxDocumentPdf(d: TaxDocumentDetail, shopName: string): Promise<Buffer> {
  const { doc, done, width, right } = shopPdf({
    Title: `${d.title} ${d.number}, ${d.storeName}`,
    Author: d.storeName,
    Subject: `${d.title} ${d.number} for order ${d.orderNumber}`,
  });

  doc.rect(0, 0, doc.page.width, 96).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(d.storeName, MARGIN, 30, { width: width * 0.55 });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf').text(`Sold on ${shopName}`, MARGIN, 58);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#ffffff')
    .text(d.title.toUpperCase(), MARGIN, 28, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf');
  doc.text(`No. ${d.number}`, MARGIN, 54, { width, align: 'right' });
  doc.text(`Date ${pdfDate(d.issuedAt)}`, MARGIN, 67, { width, align: 'right' });

  const half = (width - 20) / 2;
  const supplier = [
    d.storeName,
    d.supplierTrn ? `TRN ${formatTrn(d.supplierTrn)}` : 'TRN not given',
    d.gctRegistered ? `GCT registration no. ${d.supplierGctNumber ?? ''}` : 'Not registered for GCT',
  ];
  const customer = [d.customerName, `Order ${d.orderNumber}`];
  const top = 116;
  const leftEnd = titledBlock(doc, { x: MARGIN, top, width: half, fontSize: 10 }, 'Supplier', supplier);
  const rightEnd = titledBlock(doc, { x: MARGIN + half + 20, top, width: half, fontSize: 10 }, 'Customer', customer);
  let y = Math.max(leftEnd, rightEnd) + 10;
  if (d.kind === 'credit_note') {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .fillColor(INK)
      .text(
        `Credits ${d.title === 'Tax Credit Note' ? 'tax invoice' : 'invoice'} ${d.credits}${d.reason ? `: ${d.reason}` : ''}`,
        MARGIN,
        y,
        {
          width,
        },
      );
    y = doc.y + 10;
  }

  // What was supplied: the part's lines and its shipping (a credit note: what it credits of them).
  const cols = {
    item: MARGIN + 8,
    qty: MARGIN + width * 0.58,
    unit: MARGIN + width * 0.68,
    amount: MARGIN + width * 0.82,
  };
  doc.rect(MARGIN, y, width, 18).fill(SURFACE);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  doc.text('DESCRIPTION', cols.item, y + 5);
  doc.text('QTY', cols.qty, y + 5, { width: cols.unit - cols.qty - 8, align: 'right' });
  doc.text('UNIT', cols.unit, y + 5, { width: cols.amount - cols.unit - 8, align: 'right' });
  doc.text('AMOUNT', cols.amount, y + 5, { width: right - cols.amount - 8, align: 'right' });
  y += 24;
  doc.font('Helvetica').fontSize(10).fillColor(INK);
  const line = (description: string, qty: string, unit: string, amount: string) => {
    if (y > doc.page.height - MARGIN - 120) {
      doc.addPage();
      y = MARGIN;
    }
    doc.text(description, cols.item, y, { width: cols.qty - cols.item - 8 });
    const end = doc.y;
    doc.text(qty, cols.qty, y, { width: cols.unit - cols.qty - 8, align: 'right' });
    doc.text(unit, cols.unit, y, { width: cols.amount - cols.unit - 8, align: 'right' });
    doc.text(amount, cols.amount, y, { width: right - cols.amount - 8, align: 'right' });
    y = Math.max(end, doc.y) + 4;
    doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor(LINE).lineWidth(0.5).stroke();
    y += 4;
  };
  for (const l of d.lines) line(l.description, String(l.quantity), money(l.unitPrice), money(l.amount));
  line(d.shipping.description, '', '', money(d.shipping.amount));

  // The amounts of this document: before GCT, the GCT shown separately, the total.
  y += 8;
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
    doc.text(value, boxX + boxW * 0.4, row, { width: boxW * 0.6 - 10, align: 'right' });
    row += bold ? 22 : 18;
  };
  const sign = d.kind === 'credit_note' ? '-' : '';
  amountRow('Subtotal (before GCT)', `${sign}${money(d.net)}`);
  amountRow(d.gctRegistered ? `GCT (${formatTaxRate(d.gctRate)})` : NO_GCT_NOTE, `${sign}${money(d.gct)}`);
  amountRow(d.kind === 'credit_note' ? 'Total credited' : 'Total', `${sign}${money(d.total)}`, true);

  footEveryPage(doc, `${d.title} ${d.number} · ${d.storeName} · order ${d.orderNumber}`, { rule: true });
  return done;
}
