import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the shopper's first interaction (src/scripts/client-interaction.ts). */
    'client:interaction'?: boolean;
  }
}
