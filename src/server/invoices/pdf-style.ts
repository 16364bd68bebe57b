/**
 * What the shop's PDFs (the invoice, the packing slip, the seller's statement) share: the palette
 * of the shop's look, the page margin, the document itself (US Letter, its pages kept for the
 * footer, its bytes once ended), the footer with "Page n of m", dates in Jamaica's time, and the
 * titled block of lines ("Ship to", "Billed to").
 */
import PDFDocument from 'pdfkit';
import { SHOP_TIME_ZONE } from '../../lib/shop-time';

export const INK = '#17201b';
export const MUTED = '#59635d';
export const BRAND = '#065f35';
export const LINE = '#dde3df';
export const SURFACE = '#f6f8f6';
/** The shop's danger colour and its pale ground (global.css), for what is cancelled. */
export const DANGER = '#b42318';
export const DANGER_SURFACE = '#fef3f2';
export const MARGIN = 50;

/** "23 November 2026", the day in Jamaica. */
export const pdfDate = (iso: string) =>
  new Intl.DateTimeFormat('en-JM', { year: 'numeric', month: 'long', day: 'numeric', timeZone: SHOP_TIME_ZONE }).format(
    new Date(iso),
  );

/** A small upper-case title over lines of text at (x, top), `width` wide; answers where it ends. */
export function titledBlock(
  doc: InstanceType<typeof PDFDocument>,
  at: { x: number; top: number; width: number; fontSize: number },
  title: string,
  lines: string[],
): number {
  doc.font('Helvetica-Bold').fontSize(8).fillColor(MUTED).text(title.toUpperCase(), at.x, at.top, { width: at.width });
  doc.font('Helvetica').fontSize(at.fontSize).fillColor(INK);
  let y = at.top + 14;
  for (const line of lines.filter(Boolean)) {
    doc.text(line, at.x, y, { width: at.width });
    y = doc.y + 1;
  }
  return y;
}

/** A letter-size document with the shop's margins, its pages kept until the end (`footEveryPage`), and its bytes once ended. */
export function shopPdf(info: PDFKit.DocumentInfo) {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, width: doc.page.width - MARGIN * 2, right: doc.page.width - MARGIN };
}

/** On every page, `text` at the foot (over a rule when asked) and "Page n of m" on the right; then ends the document. */
export function footEveryPage(doc: InstanceType<typeof PDFDocument>, text: string, options: { rule?: boolean } = {}) {
  const width = doc.page.width - MARGIN * 2;
  const right = doc.page.width - MARGIN;
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const fy = doc.page.height - 40;
    doc.page.margins.bottom = 0;
    if (options.rule)
      doc
        .moveTo(MARGIN, fy - 8)
        .lineTo(right, fy - 8)
        .strokeColor(LINE)
        .lineWidth(0.5)
        .stroke();
    doc.font('Helvetica').fontSize(8).fillColor(MUTED);
    doc.text(text, MARGIN, fy, { width: width - 80, lineBreak: false });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, right - 80, fy, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
  }
  doc.end();
}
