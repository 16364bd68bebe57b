/**
 * The page's script files wait for its largest paint (docs/decisions/046-scripts-after-the-largest-paint.md).
 * Astro writes each processed `<script>` as `<script type="module" src="…">` where its component
 * is; every such tag of a page is moved into BaseLayout's `<template data-after-paint>`, where the
 * browser loads nothing, and BaseLayout's loader starts them once the largest paint's photo is on
 * screen (or at the shopper's first touch). A page without the template is left as it is.
 */
export const AFTER_PAINT_TEMPLATE = '<template data-after-paint></template>';

const SCRIPT_FILE = /<script type="module" src="([^"]+)"><\/script>/g;

/** A script Astro built from a component (`/_astro/…`), or serves it in development (`…?astro&type=script…`). */
const isComponentScript = (src: string) => src.startsWith('/_astro/') || src.includes('?astro&type=script');

export function holdScriptFiles(html: string): string {
  if (!html.includes(AFTER_PAINT_TEMPLATE)) return html;
  const held: string[] = [];
  const rest = html.replace(SCRIPT_FILE, (tag, src: string) => {
    if (!isComponentScript(src)) return tag;
    held.push(tag);
    return '';
  });
  if (!held.length) return html;
  return rest.replace(AFTER_PAINT_TEMPLATE, `<template data-after-paint>${held.join('')}</template>`);
}
