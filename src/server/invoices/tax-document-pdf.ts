import { formatDollars as money } from '../../lib/money';
import { formatTaxRate, NO_GCT_NOTE } from '../../lib/tax-details';
import type { TaxDocumentDetail } from '../services/tax-documents/read';
import { footEveryPage, INK, LINE, MARGIN, MUTED, SURFACE, shopPdf } from './pdf-style';
import { customerTrnLine, taxAmountsBox, taxDocumentHead } from './tax-pdf-parts';

/**
 * A seller's tax invoice or credit note as a PDF (issue 29 #3, docs/decisions/045; US Letter, the
 * shop's look). Every field a Jamaican tax invoice must carry: the words "Tax Invoice", the
 * supplier's name, TRN and GCT registration number, the date, the sequential number, the
 * customer's name (and a business buyer's TRN and name, decision 049), a description of what was supplied, the subtotal, the GCT shown separately and
 * the total. A credit note names the invoice it credits and why. An unregistered seller's document
 * is an "Invoice" that says it charges no GCT.
 */
export function renderTaxDocumentPdf(d: TaxDocumentDetail, shopName: string): Promise<Buffer> {
  const { doc, done, width, right } = shopPdf({
    Title: `${d.title} ${d.number}, ${d.storeName}`,
    Author: d.storeName,
    Subject: `${d.title} ${d.number} for order ${d.orderNumber}`,
  });

  let y = taxDocumentHead(doc, width, {
    supplierName: d.storeName,
    tagline: `Sold on ${shopName}`,
    title: d.title,
    number: d.number,
    issuedAt: d.issuedAt,
    supplierTrn: d.supplierTrn,
    gctRegistered: d.gctRegistered,
    supplierGctNumber: d.supplierGctNumber,
    customer: [
      ...(d.customerBusinessName ? [d.customerBusinessName] : []),
      d.customerName,
      ...(d.customerTrn ? [customerTrnLine(d.customerTrn)] : []),
      `Order ${d.orderNumber}`,
    ],
  });
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
  taxAmountsBox(
    doc,
    { y, right },
    {
      creditNote: d.kind === 'credit_note',
      net: d.net,
      gct: d.gct,
      total: d.total,
      gctLabel: d.gctRegistered ? `GCT (${formatTaxRate(d.gctRate)})` : NO_GCT_NOTE,
    },
  );

  footEveryPage(doc, `${d.title} ${d.number} · ${d.storeName} · order ${d.orderNumber}`, { rule: true });
  return done;
}
