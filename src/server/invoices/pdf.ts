import type { Invoice } from '../../lib/contract/orders';
import { paymentMethodLabel } from '../../lib/contract/orders';
import { formatShipping, formatDollars as money } from '../../lib/money';
import { paymentLabel } from '../../lib/order-display';
import { partTaxLabel } from '../../lib/tax-details';
import { nameWithVariant } from '../../lib/variants';
import {
  BRAND,
  DANGER,
  DANGER_SURFACE,
  footEveryPage,
  INK,
  LINE,
  MARGIN,
  MUTED,
  pdfDate,
  SURFACE,
  shopPdf,
  titledBlock,
} from './pdf-style';

/**
 * The invoice as a PDF (US Letter, pdfkit's built-in Helvetica: nothing to download): the shop
 * and the invoice numbers, who pays and where it goes, one section per seller (its contact, its
 * lines, its shipping), then subtotal, shipping, tax and total, the payment method and the notes.
 * Long orders flow over pages; every page carries the shop's footer and "Page n of m".
 *
 * A cancelled part stays on the invoice, marked cancelled and not charged: the totals show what
 * was ordered, less what was cancelled, and the amount due. When every part on it is cancelled the
 * invoice says so at the top and asks for nothing (no bank details, no reference to quote).
 */

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const { doc, done, width, right } = shopPdf({
    Title: `Invoice ${invoice.invoiceNumber} (order ${invoice.orderNumber})`,
    Author: invoice.shop.name,
    Subject: `Invoice for order ${invoice.orderNumber}`,
    CreationDate: new Date(invoice.issuedAt),
  });

  const cancelled = (part: { status: string }) => part.status === 'cancelled';
  const allCancelled = invoice.sellers.length > 0 && invoice.sellers.every(cancelled);
  const someCancelled = invoice.sellers.some(cancelled);
  const paid = invoice.paymentStatus === 'paid';

  const bottomLimit = () => doc.page.height - MARGIN - 14;
  const ensure = (height: number, onNewPage?: () => void) => {
    if (doc.y + height > bottomLimit()) {
      doc.addPage();
      onNewPage?.();
    }
  };

  // Header band.
  doc.rect(0, 0, doc.page.width, 110).fill(BRAND);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(24).text(invoice.shop.name, MARGIN, 34);
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf');
  doc.text(invoice.shop.address, MARGIN, 64);
  doc.text(`${invoice.shop.email}  ·  ${invoice.shop.phone}`, MARGIN, 77);
  doc.font('Helvetica-Bold').fontSize(20).fillColor('#ffffff').text('INVOICE', MARGIN, 32, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf');
  doc.text(`Invoice ${invoice.invoiceNumber}`, MARGIN, 60, { width, align: 'right' });
  doc.text(`Order ${invoice.orderNumber}`, MARGIN, 73, { width, align: 'right' });
  doc.text(`Date ${pdfDate(invoice.issuedAt)}`, MARGIN, 86, { width, align: 'right' });

  // Nothing to pay: said first, before anything that reads like a bill.
  let top = 135;
  if (allCancelled) {
    const notice =
      invoice.scope === 'seller' && invoice.status !== 'cancelled'
        ? 'Your part of this order was cancelled. Nothing is to be paid for it.'
        : 'This order was cancelled. Nothing is to be paid.';
    doc.rect(MARGIN, 124, width, 34).fill(DANGER_SURFACE);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(DANGER)
      .text('CANCELLED', MARGIN + 12, 135, { lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(notice, MARGIN + 100, 136, { width: width - 112 });
    top = 176;
  }

  // Parties and payment.
  const col = width / 3;
  const block = (x: number, title: string, lines: string[]) =>
    titledBlock(doc, { x, top, width: col - 12, fontSize: 10 }, title, lines);
  const a = invoice.shippingAddress;
  const bottoms = [
    block(MARGIN, 'Billed to', [invoice.buyer.name, invoice.buyer.email]),
    block(MARGIN + col, 'Ship to', [
      a.name,
      a.street,
      [a.city, a.zipCode].filter(Boolean).join(' '),
      a.parish === a.state || !a.state ? a.parish : `${a.state}, ${a.parish}`,
      a.country,
      a.phone ? `Tel. ${a.phone}` : '',
    ]),
    block(MARGIN + col * 2, 'Payment', [
      paymentMethodLabel(invoice.paymentMethod),
      paymentLabel(invoice.paymentStatus, allCancelled),
      `Order status: ${capitalise(invoice.status)}`,
    ]),
  ];
  doc.y = Math.max(...bottoms) + 18;

  // One section per seller.
  // Money columns wide enough for "US$25,000,000.00" on one line (the currency is named: decision 031).
  const cols = {
    item: MARGIN + 8,
    qty: MARGIN + width * 0.5,
    unit: MARGIN + width * 0.62,
    amount: MARGIN + width * 0.8,
  };
  const unitWidth = cols.amount - cols.unit - 8;
  const tableHeader = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, 18).fill(SURFACE);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    doc.text('ITEM', cols.item, y + 5);
    doc.text('QTY', cols.qty, y + 5, { width: 40, align: 'right' });
    doc.text('UNIT PRICE', cols.unit, y + 5, { width: unitWidth, align: 'right' });
    doc.text('AMOUNT', cols.amount, y + 5, { width: right - cols.amount - 8, align: 'right' });
    doc.y = y + 24;
  };

  for (const part of invoice.sellers) {
    ensure(110);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(cancelled(part) ? DANGER : BRAND)
      .text(
        cancelled(part) ? `Cancelled: ordered from ${part.storeName}` : `Sold and shipped by ${part.storeName}`,
        MARGIN,
        doc.y,
      );
    const contact = [part.location, part.email, part.phone].filter(Boolean).join('  ·  ');
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text(contact, MARGIN, doc.y + 2, { width });
    doc.moveDown(0.6);
    tableHeader();
    for (const line of part.items) {
      doc.font('Helvetica').fontSize(10);
      const nameWidth = cols.qty - cols.item - 12;
      // The variant bought, as frozen on the line: "Leather Desert Boots (Size 10, Brown)".
      const name = nameWithVariant(line.productName, line.variantLabel);
      const h = Math.max(doc.heightOfString(name, { width: nameWidth }), 12) + 8;
      ensure(h, tableHeader);
      const y = doc.y;
      doc.font('Helvetica').fontSize(10).fillColor(INK).text(name, cols.item, y, { width: nameWidth });
      doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
      doc.text(money(line.price), cols.unit, y, { width: unitWidth, align: 'right' });
      doc.text(money(line.lineTotal), cols.amount, y, { width: right - cols.amount - 8, align: 'right' });
      doc
        .moveTo(MARGIN, y + h - 4)
        .lineTo(right, y + h - 4)
        .strokeColor(LINE)
        .lineWidth(0.5)
        .stroke();
      doc.y = y + h;
    }
    ensure(50);
    const s = part.shipping;
    const shipLabel = `Shipping: ${s.provider}, ${s.method}${s.estimatedDays ? ` (${s.estimatedDays})` : ''}`;
    let y = doc.y;
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(shipLabel, cols.item, y, { width: cols.unit - cols.item });
    doc.text(formatShipping(part.shippingCost), cols.amount, y, {
      width: right - cols.amount - 8,
      align: 'right',
    });
    y = doc.y + 4;
    const subtotalLabel = `${part.storeName} subtotal${cancelled(part) ? ' (cancelled, not charged)' : ''}`;
    doc.font('Helvetica-Bold').text(subtotalLabel, cols.item, y, { width: cols.unit - cols.item });
    doc.text(money(part.total), cols.amount, y, { width: right - cols.amount - 8, align: 'right' });
    // The seller's own GCT on its items (decision 044), or that it charges none.
    y = doc.y + 2;
    doc.font('Helvetica').text(partTaxLabel(part.taxRate), cols.item, y, { width: cols.unit - cols.item });
    doc.text(money(part.tax), cols.amount, y, { width: right - cols.amount - 8, align: 'right' });
    const extra = [
      `Processing time: ${part.processingTime}`,
      `Status: ${capitalise(part.status)}`,
      part.trackingNumber ? `Tracking number: ${part.trackingNumber}` : '',
      cancelled(part) && part.cancelReason ? `Reason: ${part.cancelReason}` : '',
      // Where a bank transfer for this part goes (docs/decisions/020): only while it is due.
      part.bankDetails && !cancelled(part) && part.paymentStatus !== 'paid'
        ? `Pay by bank transfer to ${part.bankDetails.accountName}, ${part.bankDetails.bankName} (${part.bankDetails.branch}), account ${part.bankDetails.accountNumber}`
        : '',
    ]
      .filter(Boolean)
      .join('  ·  ');
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(extra, cols.item, doc.y + 3, { width: width - 16 });
    doc.y += 18;
  }

  // Totals on the right; the notes and the payment reminder beside them on the left.
  const boxX = MARGIN + width * 0.55;
  const boxW = right - boxX;
  const leftW = width * 0.5;
  const reminder = allCancelled
    ? ''
    : paid
      ? ''
      : invoice.paymentMethod === 'cash_on_delivery'
        ? 'Cash on delivery: please have each seller’s amount ready for its courier.'
        : invoice.payTo
          ? `Bank transfer to ${invoice.payTo.accountName}, ${invoice.payTo.bankName} (${invoice.payTo.branch}), account ${invoice.payTo.accountNumber}: please quote ${invoice.orderNumber} as the reference.`
          : invoice.paymentMethod === 'bank_transfer'
            ? `Bank transfer: please quote ${invoice.orderNumber} as the reference.`
            : 'Payment has not been recorded yet.';
  doc.font('Helvetica').fontSize(10);
  const notesHeight = invoice.customerNotes ? doc.heightOfString(invoice.customerNotes, { width: leftW }) + 16 : 0;
  ensure(Math.max(someCancelled ? 140 : 104, notesHeight + 30));
  const top2 = doc.y + 4;
  let left = top2;
  if (invoice.customerNotes) {
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text('ORDER NOTES', MARGIN, left, { width: leftW });
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(INK)
      .text(invoice.customerNotes, MARGIN, doc.y + 3, { width: leftW });
    left = doc.y + 10;
  }
  if (reminder) {
    doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(reminder, MARGIN, left, { width: leftW });
    left = doc.y;
  }
  let y = top2 + 6;
  const row = (label: string, value: string, bold = false) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(bold ? 12 : 10)
      .fillColor(INK);
    doc.text(label, boxX + 10, y, { width: boxW * 0.55 });
    doc.text(value, boxX + boxW * 0.45, y, { width: boxW * 0.55 - 10, align: 'right' });
    y += bold ? 20 : 16;
  };
  // With a cancelled part: what was ordered, less what was cancelled, and the amount due (or paid).
  const boxH = someCancelled ? 126 : 90;
  doc.rect(boxX, top2, boxW, boxH).fill(SURFACE);
  row('Subtotal', money(invoice.subtotal));
  row('Shipping', money(invoice.shippingCost));
  row(invoice.scope === 'seller' ? 'GCT (your part)' : 'GCT', money(invoice.tax));
  const rule = () => {
    doc
      .moveTo(boxX + 10, y)
      .lineTo(right - 10, y)
      .strokeColor(LINE)
      .lineWidth(1)
      .stroke();
    y += 6;
  };
  rule();
  const totalLabel = invoice.scope === 'seller' ? 'Total (your part)' : 'Total';
  if (someCancelled) {
    row(totalLabel, money(invoice.total));
    row('Cancelled, not charged', `-${money(invoice.cancelledAmount)}`);
    rule();
    row(paid && !allCancelled ? 'Amount paid' : 'Amount due', money(invoice.payable), true);
  } else row(totalLabel, money(invoice.total), true);
  doc.y = Math.max(top2 + boxH, left) + 10;

  // Each seller's own tax invoice and credit notes (decision 045): the documents to file, by number.
  if (invoice.taxDocuments.length > 0) {
    // On this page when it fits above the footer (a title and a 9 pt line per document), else on the next.
    const needed = 6 + 12 + invoice.taxDocuments.length * 12;
    if (doc.y + needed > doc.page.height - MARGIN) doc.addPage();
    const lines = invoice.taxDocuments.map(
      (d) =>
        `${d.storeName}: ${d.title} ${d.number}${d.credits ? ` (credits ${d.credits})` : ''}, ${money(d.total)}${d.gct > 0 ? ` incl. GCT ${money(d.gct)}` : ''}`,
    );
    let at = doc.y + 6;
    doc
      .font('Helvetica-Bold')
      .fontSize(8)
      .fillColor(MUTED)
      .text("SELLERS' TAX DOCUMENTS", MARGIN, at, { width, lineBreak: false });
    doc.font('Helvetica').fontSize(9).fillColor(INK);
    for (const line of lines) {
      at += 12;
      doc.text(line, MARGIN, at, { width, lineBreak: false });
    }
  }

  // Footer and page numbers on every page.
  footEveryPage(doc, `Thank you for shopping with ${invoice.shop.name}. Questions: ${invoice.shop.email}`, {
    rule: true,
  });
  return done;
}
