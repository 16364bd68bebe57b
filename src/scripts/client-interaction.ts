import type { ClientDirective } from 'astro';
import { guardedHydration } from './island-guard';

/**
 * `client:interaction`: the island's HTML is built and shown at once, and its JavaScript loads
 * only when the shopper reaches for it (pointer over it, touch, focus, a key), so a page that is
 * only looked at runs no framework. A tap that lands before React is ready is replayed after
 * (island-guard.ts). When the address carries a query the built HTML does not reflect, it
 * hydrates at once (a product page's chosen variant is not such a query).
 */
const interaction: ClientDirective = (load, _options, el) => {
  const start = guardedHydration(el, load);
  // A product page's `?variant=` is followed by the page's own small script (decision 053), not an island.
  const query = new URLSearchParams(location.search);
  query.delete('variant');
  if (query.size > 0) void start();
  else
    for (const type of ['pointerover', 'touchstart', 'focusin', 'keydown']) {
      el.addEventListener(type, () => void start(), { once: true, passive: true });
    }
};

export default interaction;
