import type { ClientDirective } from 'astro';
import { guardedHydration } from './island-guard';

/**
 * `client:interaction`: the island's HTML is built and shown at once, and its JavaScript loads
 * only when the shopper reaches for it (pointer over it, touch, focus, a key), so a page that is
 * only looked at runs no framework. A tap that lands before React is ready is replayed after
 * (island-guard.ts). When the address carries a query the built HTML does not reflect, it
 * hydrates at once.
 */
const interaction: ClientDirective = (load, _options, el) => {
  const start = guardedHydration(el, load);
  if (location.search) void start();
  else
    for (const type of ['pointerover', 'touchstart', 'focusin', 'keydown']) {
      el.addEventListener(type, () => void start(), { once: true, passive: true });
    }
};

export default interaction;
