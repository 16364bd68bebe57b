/**
 * What the shop's PDFs (the invoice, the packing slip) share: the palette of the shop's look, the
 * page margin, dates in Jamaica's time, and the titled block of lines ("Ship to", "Billed to").
 */
import type PDFDocument from 'pdfkit';
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
