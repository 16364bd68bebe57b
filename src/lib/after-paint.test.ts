import ONLY_DIRECTIVE from 'astro/runtime/client/only.prebuilt.js';
import { describe, expect, it } from 'vitest';
import { AFTER_PAINT_TEMPLATE, ASTRO_GLOBAL_SCRIPT, holdScriptFiles } from './after-paint';

const site =
  '<script type="module" src="/_astro/BaseLayout.astro_astro_type_script_index_0_lang.D6qPXuF8.js"></script>';
const hero = '<script type="module" src="/_astro/Hero.astro_astro_type_script_index_0_lang.8wgQUO4w.js"></script>';
const page = (body: string) => `<html><head></head><body>${body}</body></html>`;

describe('holdScriptFiles', () => {
  it('moves every component script file into the template, in page order, and leaves the rest', () => {
    const inline = '<script>document.documentElement.dataset.x = "1"</script>';
    const ld = '<script type="application/ld+json">{"@type":"Product"}</script>';
    const html = holdScriptFiles(
      page(
        `${ld}<main>${hero}<img fetchpriority="high" src="/a.avif"></main>${inline}${site}${AFTER_PAINT_TEMPLATE}<script>loader()</script>`,
      ),
    );
    expect(html).toBe(
      page(
        `${ld}<main><img fetchpriority="high" src="/a.avif"></main>${inline}<template data-after-paint>${hero}${site}</template><script>loader()</script>`,
      ),
    );
  });

  it('holds the development server’s component scripts but not its own client', () => {
    const dev = '<script type="module" src="/src/layouts/BaseLayout.astro?astro&type=script&index=0&lang.ts"></script>';
    const vite = '<script type="module" src="/@vite/client"></script>';
    expect(holdScriptFiles(page(`${vite}${dev}${AFTER_PAINT_TEMPLATE}`))).toBe(
      page(`${vite}<template data-after-paint>${dev}</template>`),
    );
  });

  it('holds the client:only directive, so those islands start with the held files', () => {
    const only = `<script>${ONLY_DIRECTIVE}</script>`;
    const island = '<astro-island client="only" component-url="/_astro/Dashboard.js"></astro-island>';
    const idle = '<script>(()=>{self.Astro.idle=1})();</script>';
    expect(holdScriptFiles(page(`<main>${idle}${only}${island}</main>${site}${AFTER_PAINT_TEMPLATE}`))).toBe(
      page(`<main>${idle}${ASTRO_GLOBAL_SCRIPT}${island}</main><template data-after-paint>${site}${only}</template>`),
    );
    expect(holdScriptFiles(page(`${only}${island}${AFTER_PAINT_TEMPLATE}`))).toBe(
      page(`${ASTRO_GLOBAL_SCRIPT}${island}<template data-after-paint>${only}</template>`),
    );
  });

  it('leaves a page without the template, or without script files, unchanged', () => {
    expect(holdScriptFiles(page(site))).toBe(page(site));
    expect(holdScriptFiles(page(AFTER_PAINT_TEMPLATE))).toBe(page(AFTER_PAINT_TEMPLATE));
  });
});
