import type { SellerStatement } from '../../lib/contract/statements';
import { ENTRY_KIND_LABELS } from '../../lib/ledger';
import { formatDollars, toCents, toDollars } from '../../lib/money';
import { monthName, SHOP_TIME_ZONE } from '../../lib/shop-time';
import { BRAND, footEveryPage, INK, LINE, MARGIN, MUTED, pdfDate, SURFACE, shopPdf } from './pdf-style';

/**
 * A seller's monthly statement as a PDF (docs/decisions/041; US Letter, pdfkit's Helvetica, the
 * invoice's look): the store and the month, its balances at the month's start and end with what
 * the month moved, every line of the month (date, order, what it is, which balance, amount), and
 * the month's totals by kind. Long months flow over pages; every page says whose and which month.
 */

const signed = (dollars: number) => (dollars > 0 ? `+${formatDollars(dollars)}` : formatDollars(dollars));
const shortDay = (iso: string) =>
  new Intl.DateTimeFormat('en-JM', { day: 'numeric', month: 'short', timeZone: SHOP_TIME_ZONE }).format(new Date(iso));

export function renderStatementPdf(
  statement: SellerStatement,
  shopName: string,
  issuedAt = new Date(),
): Promise<Buffer> {
  const month = monthName(statement.month);
  const { doc, done, width, right } = shopPdf({
    Title: `Statement, ${month}, ${statement.store.name}`,
    Author: shopName,
    Subject: `${statement.store.name}'s earnings statement for ${month}`,
  });

  const bottomLimit = () => doc.page.height - MARGIN - 20;

  doc.rect(0, 0, doc.page.width, 96).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(statement.store.name, MARGIN, 30, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf').text(`Sold on ${shopName}`, MARGIN, 58);
  doc.font('Helvetica-Bold').fontSize(18).fillColor('#ffffff').text('STATEMENT', MARGIN, 28, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf');
  doc.text(month, MARGIN, 54, { width, align: 'right' });
  doc.text(`Issued ${pdfDate(issuedAt.toISOString())}`, MARGIN, 67, { width, align: 'right' });

  // Balances: opening, the month's movement, closing.
  const balanceCols = [
    { key: 'pending', title: 'PENDING' },
    { key: 'available', title: 'AVAILABLE' },
    { key: 'paidOut', title: 'PAID OUT' },
    { key: 'inTransit', title: 'IN TRANSIT' },
  ] as const;
  const colWidth = (width - 150) / balanceCols.length;
  let y = 116;
  doc.rect(MARGIN, y, width, 18).fill(SURFACE);
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
  doc.text('BALANCE', MARGIN + 8, y + 5);
  balanceCols.forEach((c, i) => {
    doc.text(c.title, MARGIN + 150 + i * colWidth, y + 5, { width: colWidth - 8, align: 'right' });
  });
  y += 24;
  const balanceRow = (
    label: string,
    values: Partial<Record<(typeof balanceCols)[number]['key'], number>>,
    bold = false,
  ) => {
    doc
      .font(bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, MARGIN + 8, y, { width: 140 });
    balanceCols.forEach((c, i) => {
      const v = values[c.key];
      doc.text(v === undefined ? '' : formatDollars(v), MARGIN + 150 + i * colWidth, y, {
        width: colWidth - 8,
        align: 'right',
      });
    });
    y += 18;
  };
  balanceRow(`Opening, 1 ${month}`, statement.opening);
  balanceRow('This month', statement.movement);
  balanceRow('Closing', statement.closing, true);
  doc.moveTo(MARGIN, y).lineTo(right, y).strokeColor(LINE).lineWidth(0.5).stroke();
  doc.y = y + 18;

  // The month's lines.
  const cols = { date: MARGIN + 8, order: MARGIN + 62, what: MARGIN + 150, balance: right - 150, amount: right - 80 };
  const header = () => {
    const top = doc.y;
    doc.rect(MARGIN, top, width, 18).fill(SURFACE);
    doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED);
    doc.text('DATE', cols.date, top + 5);
    doc.text('ORDER', cols.order, top + 5);
    doc.text('DESCRIPTION', cols.what, top + 5);
    doc.text('BALANCE', cols.balance, top + 5);
    doc.text('AMOUNT', cols.amount, top + 5, { width: 72, align: 'right' });
    doc.y = top + 24;
  };
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Entries', MARGIN, doc.y);
  doc.moveDown(0.4);
  if (statement.lines.length === 0) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(`No entries in ${month}.`, MARGIN, doc.y);
    doc.moveDown(1);
  } else header();
  for (const line of statement.lines) {
    doc.font('Helvetica').fontSize(9);
    const whatWidth = cols.balance - cols.what - 8;
    const h = Math.max(doc.heightOfString(line.description, { width: whatWidth }), 11) + 7;
    if (doc.y + h > bottomLimit()) {
      doc.addPage();
      header();
      doc.font('Helvetica').fontSize(9);
    }
    const top = doc.y;
    doc.fillColor(INK).text(shortDay(line.at), cols.date, top, { width: cols.order - cols.date - 4 });
    doc.text(line.orderNumber ?? '', cols.order, top, { width: cols.what - cols.order - 4 });
    doc.text(line.description, cols.what, top, { width: whatWidth });
    doc.text(line.balance === 'pending' ? 'Pending' : 'Available', cols.balance, top, { width: 68 });
    doc.text(signed(line.amount), cols.amount, top, { width: 72, align: 'right' });
    doc
      .moveTo(MARGIN, top + h - 4)
      .lineTo(right, top + h - 4)
      .strokeColor(LINE)
      .lineWidth(0.5)
      .stroke();
    doc.y = top + h;
  }

  // Totals by kind.
  const rows: [string, string][] = statement.totals.map((t) => [ENTRY_KIND_LABELS[t.kind], signed(t.amount)]);
  const net = toCents(statement.movement.pending) + toCents(statement.movement.available);
  rows.push(['Net this month', signed(toDollars(net))]);
  if (doc.y + 30 + rows.length * 16 > bottomLimit()) doc.addPage();
  doc.moveDown(1);
  doc.font('Helvetica-Bold').fontSize(12).fillColor(INK).text('Totals by kind', MARGIN, doc.y);
  doc.moveDown(0.4);
  rows.forEach(([label, amount], i) => {
    const top = doc.y;
    const last = i === rows.length - 1;
    doc
      .font(last ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(10)
      .fillColor(INK);
    doc.text(label, right - 300, top, { width: 200 });
    doc.text(amount, right - 100, top, { width: 100, align: 'right' });
    doc.y = top + 16;
  });

  // Footer and page numbers on every page.
  footEveryPage(doc, `${statement.store.name} · statement ${month}`);
  return done;
}
