import type { SellerPartDetail } from '../../lib/contract/seller-orders';
import { nameWithVariant } from '../../lib/variants';
import { BRAND, footEveryPage, INK, LINE, MARGIN, MUTED, pdfDate, SURFACE, shopPdf, titledBlock } from './pdf-style';

/**
 * A seller's packing slip for one order part (US Letter, pdfkit's built-in Helvetica, like the
 * invoice): who it is from and for, where it goes with the phone the courier calls, the courier
 * the buyer chose (and, once shipped, the one carrying it with its tracking number), each item
 * with its SKU and quantity (no prices: the slip travels in the box), and the buyer's notes.
 */

export function renderPackingSlipPdf(part: SellerPartDetail, shopName: string): Promise<Buffer> {
  const { doc, done, width, right } = shopPdf({
    Title: `Packing slip, order ${part.orderNumber}`,
    Author: part.storeName,
    Subject: `Packing slip for order ${part.orderNumber} from ${part.storeName}`,
  });

  doc.rect(0, 0, doc.page.width, 96).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(part.storeName, MARGIN, 30, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf').text(`Sold on ${shopName}`, MARGIN, 58);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#ffffff')
    .text('PACKING SLIP', MARGIN, 28, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf');
  doc.text(`Order ${part.orderNumber}`, MARGIN, 54, { width, align: 'right' });
  doc.text(`Placed ${pdfDate(part.placedAt)}`, MARGIN, 67, { width, align: 'right' });

  const top = 120;
  const col = width / 2;
  const block = (x: number, title: string, lines: string[]) =>
    titledBlock(doc, { x, top, width: col - 12, fontSize: 11 }, title, lines);
  const a = part.shippingAddress;
  const shippedWith = part.courier && part.trackingNumber ? `Shipped with ${part.courier}` : '';
  const bottoms = [
    block(MARGIN, 'Ship to', [
      a.name,
      a.street,
      [a.city, a.zipCode].filter(Boolean).join(' '),
      a.parish === a.state || !a.state ? a.parish : `${a.state}, ${a.parish}`,
      a.country,
      a.phone ? `Tel. ${a.phone}` : '',
    ]),
    block(MARGIN + col, 'Courier', [
      `${part.shipping.provider}, ${part.shipping.method}`,
      part.shipping.estimatedDays ? `Delivery ${part.shipping.estimatedDays}` : '',
      shippedWith,
      part.trackingNumber ? `Tracking number ${part.trackingNumber}` : '',
    ]),
  ];
  doc.y = Math.max(...bottoms) + 20;

  const cols = { sku: MARGIN + 8, item: MARGIN + 130, qty: right - 60 };
  const header = () => {
    const y = doc.y;
    doc.rect(MARGIN, y, width, 18).fill(SURFACE);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    doc.text('SKU', cols.sku, y + 5);
    doc.text('ITEM', cols.item, y + 5);
    doc.text('QTY', cols.qty, y + 5, { width: 52, align: 'right' });
    doc.y = y + 24;
  };
  header();
  for (const item of part.items) {
    doc.font('Helvetica').fontSize(10);
    const nameWidth = cols.qty - cols.item - 12;
    // What to pack: the variant as sold ("Leather Desert Boots (Size 10, Brown)") beside its SKU.
    const name = nameWithVariant(item.productName, item.variantLabel);
    const h = Math.max(doc.heightOfString(name, { width: nameWidth }), 12) + 8;
    if (doc.y + h > doc.page.height - MARGIN - 20) {
      doc.addPage();
      header();
    }
    const y = doc.y;
    doc.fillColor(INK).text(item.sku ?? '—', cols.sku, y, { width: cols.item - cols.sku - 8 });
    doc.text(name, cols.item, y, { width: nameWidth });
    doc.font('Helvetica-Bold').text(String(item.quantity), cols.qty, y, { width: 52, align: 'right' });
    doc
      .moveTo(MARGIN, y + h - 4)
      .lineTo(right, y + h - 4)
      .strokeColor(LINE)
      .lineWidth(0.5)
      .stroke();
    doc.y = y + h;
  }
  const units = part.items.reduce((n, i) => n + i.quantity, 0);
  doc
    .font('Helvetica-Bold')
    .fontSize(10)
    .fillColor(INK)
    .text(`${units} ${units === 1 ? 'item' : 'items'} in total`, MARGIN + 8, doc.y + 4, {
      width: width - 16,
      align: 'right',
    });

  if (part.customerNotes) {
    doc.moveDown(1.2);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text("BUYER'S NOTES", MARGIN, doc.y, { width });
    doc
      .font('Helvetica')
      .fontSize(11)
      .fillColor(INK)
      .text(part.customerNotes, MARGIN, doc.y + 3, { width });
  }

  // Footer and page numbers on every page.
  footEveryPage(doc, `${part.storeName} · order ${part.orderNumber}`);
  return done;
}
