import PDFDocument from 'pdfkit';
import type { Invoice } from '../../lib/contract/orders';
import { paymentMethodLabel } from '../../lib/contract/orders';
import { formatShipping, formatDollars as money } from '../../lib/money';
import { BRAND, INK, LINE, MARGIN, MUTED, pdfDate, SURFACE, titledBlock } from './pdf-style';

/**
 * The invoice as a PDF (US Letter, pdfkit's built-in Helvetica: nothing to download): the shop
 * and the invoice numbers, who pays and where it goes, one section per seller (its contact, its
 * lines, its shipping), then subtotal, shipping, tax and total, the payment method and the notes.
 * Long orders flow over pages; every page carries the shop's footer and "Page n of m".
 */

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function renderInvoicePdf(invoice: Invoice): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `Invoice ${invoice.invoiceNumber} (order ${invoice.orderNumber})`,
      Author: invoice.shop.name,
      Subject: `Invoice for order ${invoice.orderNumber}`,
      CreationDate: new Date(invoice.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - MARGIN * 2;
  const right = doc.page.width - MARGIN;
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

  // Parties and payment.
  const top = 135;
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
      invoice.paymentStatus === 'paid' ? 'Paid' : 'Not yet paid',
      `Order status: ${capitalise(invoice.status)}`,
    ]),
  ];
  doc.y = Math.max(...bottoms) + 18;

  // One section per seller.
  const cols = {
    item: MARGIN + 8,
    qty: MARGIN + width * 0.6,
    unit: MARGIN + width * 0.7,
    amount: MARGIN + width * 0.85,
  };
  const tableHeader = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, 18).fill(SURFACE);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    doc.text('ITEM', cols.item, y + 5);
    doc.text('QTY', cols.qty, y + 5, { width: 40, align: 'right' });
    doc.text('UNIT PRICE', cols.unit - 10, y + 5, { width: 70, align: 'right' });
    doc.text('AMOUNT', cols.amount, y + 5, { width: right - cols.amount - 8, align: 'right' });
    doc.y = y + 24;
  };

  for (const part of invoice.sellers) {
    ensure(110);
    doc
      .font('Helvetica-Bold')
      .fontSize(12)
      .fillColor(BRAND)
      .text(`Sold and shipped by ${part.storeName}`, MARGIN, doc.y);
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
      const h = Math.max(doc.heightOfString(line.productName, { width: nameWidth }), 12) + 8;
      ensure(h, tableHeader);
      const y = doc.y;
      doc.font('Helvetica').fontSize(10).fillColor(INK).text(line.productName, cols.item, y, { width: nameWidth });
      doc.text(String(line.quantity), cols.qty, y, { width: 40, align: 'right' });
      doc.text(money(line.price), cols.unit - 10, y, { width: 70, align: 'right' });
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
    doc.font('Helvetica-Bold').text(`${part.storeName} subtotal`, cols.item, y, { width: cols.unit - cols.item });
    doc.text(money(part.total), cols.amount, y, { width: right - cols.amount - 8, align: 'right' });
    const extra = [
      `Processing time: ${part.processingTime}`,
      `Status: ${capitalise(part.status)}`,
      part.trackingNumber ? `Tracking number: ${part.trackingNumber}` : '',
      // Where a bank transfer for this part goes (docs/decisions/020).
      part.bankDetails && invoice.paymentStatus !== 'paid'
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
  const reminder =
    invoice.paymentStatus === 'paid'
      ? ''
      : invoice.paymentMethod === 'cash_on_delivery'
        ? 'Cash on delivery: please have each seller’s amount ready for its courier.'
        : invoice.paymentMethod === 'bank_transfer'
          ? `Bank transfer: please quote ${invoice.orderNumber} as the reference.`
          : 'Payment has not been recorded yet.';
  doc.font('Helvetica').fontSize(10);
  const notesHeight = invoice.customerNotes ? doc.heightOfString(invoice.customerNotes, { width: leftW }) + 16 : 0;
  ensure(Math.max(104, notesHeight + 30));
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
  doc.rect(boxX, top2, boxW, 90).fill(SURFACE);
  row('Subtotal', money(invoice.subtotal));
  row('Shipping', money(invoice.shippingCost));
  row(invoice.scope === 'seller' ? 'Tax (your share)' : 'Tax', money(invoice.tax));
  doc
    .moveTo(boxX + 10, y)
    .lineTo(right - 10, y)
    .strokeColor(LINE)
    .lineWidth(1)
    .stroke();
  y += 6;
  row(invoice.scope === 'seller' ? 'Total (your part)' : 'Total', money(invoice.total), true);
  doc.y = Math.max(top2 + 90, left) + 10;

  // Footer and page numbers on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fy = doc.page.height - 40;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(MARGIN, fy - 8)
      .lineTo(right, fy - 8)
      .strokeColor(LINE)
      .lineWidth(0.5)
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(`Thank you for shopping with ${invoice.shop.name}. Questions: ${invoice.shop.email}`, MARGIN, fy, {
      width: width - 80,
      lineBreak: false,
    });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, right - 80, fy, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
