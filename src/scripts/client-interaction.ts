import type { ClientDirective } from 'astro';

/**
 * `client:interaction`: the island's HTML is built and shown at once, and its JavaScript loads
 * only when the shopper reaches for it (pointer over it, touch, focus, a key), so a page that is
 * only looked at runs no framework. A click that lands before the code is ready is replayed after
 * hydration. When the address carries a query the built HTML does not reflect, it hydrates at once.
 */
const interaction: ClientDirective = (load, _options, el) => {
  let hydrated: Promise<void> | undefined;
  const start = () => {
    hydrated ??= (async () => {
      const hydrate = await load();
      await hydrate();
    })();
    return hydrated;
  };
  if (location.search) void start();
  else
    for (const type of ['pointerover', 'touchstart', 'focusin', 'keydown']) {
      el.addEventListener(type, () => void start(), { once: true, passive: true });
    }
  // Also while hydrating at once: a click before the code is ready would otherwise be lost.
  el.addEventListener(
    'click',
    (event) => {
      const target = event.target as HTMLElement | null;
      const control = target?.closest('button, input, select, label');
      if (!control || target?.closest('a[href]')) return;
      if (el.hasAttribute('ssr')) {
        event.preventDefault();
        event.stopPropagation();
        void start().then(() => requestAnimationFrame(() => (control as HTMLElement).click()));
      }
    },
    { capture: true },
  );
};

export default interaction;
