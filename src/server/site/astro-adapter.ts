import type { AstroIntegration } from 'astro';

/**
 * The shop's own Astro adapter (docs/decisions/008): the catalogue pages are built as one
 * server bundle that the publisher calls page by page (`render-entry.ts`), so a change renders
 * only the pages it touches; everything else (cart, checkout, account pages) is prerendered.
 */
export function publisherAdapter(): AstroIntegration {
  return {
    name: 'yaad-publisher',
    hooks: {
      'astro:config:done': ({ setAdapter }) =>
        setAdapter({
          name: 'yaad-publisher',
          entrypointResolution: 'auto',
          serverEntrypoint: new URL('./render-entry.ts', import.meta.url),
          supportedAstroFeatures: {
            staticOutput: 'stable',
            hybridOutput: 'stable',
            serverOutput: 'stable',
            sharpImageService: 'stable',
          },
        }),
    },
  };
}
