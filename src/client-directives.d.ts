import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrate on the shopper's first interaction (src/scripts/client-interaction.ts). */
    'client:interaction'?: boolean;
    /** Hydrate at once, replaying taps that land before React is ready (src/scripts/client-eager.ts). */
    'client:eager'?: boolean;
  }
}
