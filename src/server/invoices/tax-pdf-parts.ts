import { formatDollars as money } from '../../lib/money';
import { formatTrn } from '../../lib/tax-details';
import { BRAND, INK, MARGIN, pdfDate, SURFACE, titledBlock } from './pdf-style';

/*
 * What every tax document the shop prints has in common (issue 29; decisions 045 and 048): a
 * seller's tax invoice or credit note and the marketplace's invoice for commission alike carry the
 * title, number and date in the band, the supplier's name, TRN and GCT registration beside the
 * customer, and the amounts box (before GCT, the GCT shown separately, the total).
 */

type Doc = PDFKit.PDFDocument;

export type TaxHead = {
  /** The supplier's name, large in the band, and the line under it. */
  supplierName: string;
  tagline: string;
  title: string;
  number: string;
  issuedAt: string;
  supplierTrn: string | null;
  gctRegistered: boolean;
  supplierGctNumber: string | null;
  /** The customer block's lines. */
  customer: string[];
};

/** A business customer's TRN in its block, written as the supplier's is: "Customer TRN: 123-456-789" (decision 049). */
export const customerTrnLine = (trn: string) => `Customer TRN: ${formatTrn(trn)}`;

/** The band and the supplier and customer blocks; answers the y below them. */
export function taxDocumentHead(doc: Doc, width: number, h: TaxHead): number {
  doc.rect(0, 0, doc.page.width, 96).fill(BRAND);
  doc
    .fillColor('#ffffff')
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(h.supplierName, MARGIN, 30, { width: width * 0.55 });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf').text(h.tagline, MARGIN, 58);
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor('#ffffff')
    .text(h.title.toUpperCase(), MARGIN, 28, { width, align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor('#d2efdf');
  doc.text(`No. ${h.number}`, MARGIN, 54, { width, align: 'right' });
  doc.text(`Date ${pdfDate(h.issuedAt)}`, MARGIN, 67, { width, align: 'right' });

  const half = (width - 20) / 2;
  const supplier = [
    h.supplierName,
    h.supplierTrn ? `TRN ${formatTrn(h.supplierTrn)}` : 'TRN not given',
    h.gctRegistered ? `GCT registration no. ${h.supplierGctNumber ?? ''}` : 'Not registered for GCT',
  ];
  const top = 116;
  const leftEnd = titledBlock(doc, { x: MARGIN, top, width: half, fontSize: 10 }, 'Supplier', supplier);
  const rightEnd = titledBlock(doc, { x: MARGIN + half + 20, top, width: half, fontSize: 10 }, 'Customer', h.customer);
  return Math.max(leftEnd, rightEnd) + 10;
}

/** The amounts box at `y`, right-aligned: a credit note's amounts are shown negative. */
export function taxAmountsBox(
  doc: Doc,
  { y, right }: { y: number; right: number },
  a: { creditNote: boolean; net: number; gct: number; total: number; gctLabel: string },
) {
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
  const sign = a.creditNote ? '-' : '';
  amountRow('Subtotal (before GCT)', `${sign}${money(a.net)}`);
  amountRow(a.gctLabel, `${sign}${money(a.gct)}`);
  amountRow(a.creditNote ? 'Total credited' : 'Total', `${sign}${money(a.total)}`, true);
}
