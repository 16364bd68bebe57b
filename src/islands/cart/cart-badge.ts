/**
 * The header's cart badge (spec §2: the total item count, shown above zero), as a plain script on
 * the cart store: every `[data-cart-count]` element shows the count, and its link's accessible
 * name says it ("Cart, 3 items"). Loading this on every page (the page's one script, src/scripts/site.ts) also starts the cart
 * store there, so the badge and the cart follow sign-in and other tabs on any page.
 */
import { $cartCount } from '../../lib/stores/cart';

function paint(count: number) {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-cart-count]')) {
    badge.hidden = count <= 0;
    badge.textContent = count > 0 ? String(count > 99 ? '99+' : count) : '';
    badge.setAttribute('aria-hidden', 'true');
    const link = badge.closest('a');
    if (link) {
      if (count > 0) link.setAttribute('aria-label', `Cart, ${count} ${count === 1 ? 'item' : 'items'}`);
      else link.setAttribute('aria-label', 'Cart');
    }
  }
}

$cartCount.subscribe(paint);
