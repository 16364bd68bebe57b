/**
 * The page's script files wait for its largest paint (docs/decisions/046-scripts-after-the-largest-paint.md).
 * Astro writes each processed `<script>` as `<script type="module" src="…">` where its component
 * is; every such tag of a page is moved into BaseLayout's `<template data-after-paint>`, where the
 * browser loads nothing, and BaseLayout's loader starts them once the largest paint's photo is on
 * screen (or at the shopper's first touch). A page without the template is left as it is.
 *
 * The `client:only` islands wait with them (decision 050): Astro defines that directive in one
 * inline script before the page's first such island, and an island starts only once its directive
 * is defined. Held in the template, the directive is defined when the loader starts, so the
 * islands' files (the seller's workspace: React and the island, 130 KB) no longer share the slow
 * connection and the processor with the page's first paint. In its place stays the one line of it
 * the islands need at once: the `Astro` global they look their directive up in.
 */
import ONLY_DIRECTIVE from 'astro/runtime/client/only.prebuilt.js';

export const AFTER_PAINT_TEMPLATE = '<template data-after-paint></template>';

const SCRIPT_FILE = /<script type="module" src="([^"]+)"><\/script>/g;
const ONLY_DIRECTIVE_SCRIPT = `<script>${ONLY_DIRECTIVE}</script>`;
export const ASTRO_GLOBAL_SCRIPT = '<script>self.Astro||(self.Astro={});</script>';

/** A script Astro built from a component (`/_astro/…`), or serves it in development (`…?astro&type=script…`). */
const isComponentScript = (src: string) => src.startsWith('/_astro/') || src.includes('?astro&type=script');

export function holdScriptFiles(html: string): string {
  if (!html.includes(AFTER_PAINT_TEMPLATE)) return html;
  const held: string[] = [];
  let rest = html.replace(SCRIPT_FILE, (tag, src: string) => {
    if (!isComponentScript(src)) return tag;
    held.push(tag);
    return '';
  });
  if (rest.includes(ONLY_DIRECTIVE_SCRIPT)) {
    rest = rest.replace(ONLY_DIRECTIVE_SCRIPT, ASTRO_GLOBAL_SCRIPT);
    held.push(ONLY_DIRECTIVE_SCRIPT);
  }
  if (!held.length) return html;
  return rest.replace(AFTER_PAINT_TEMPLATE, `<template data-after-paint>${held.join('')}</template>`);
}
