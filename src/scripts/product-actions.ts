/**
 * Cart and favourite buttons on static HTML (product cards, the product page), with no framework:
 * one delegated click listener for the whole document, so cards rendered later (inside islands)
 * work too. Every page loads it (the page's one script, src/scripts/site.ts). The markup contract:
 *
 *   <button data-add-to-cart='{"id":…,"name":…,"price":…,"images":[…],"stock":…,"store":{…}}'
 *           data-quantity-input="quantity">   (optional: the id of a quantity <input>, else 1)
 *   <button data-favorite='{…same snapshot…}' aria-pressed="false">
 *     <span data-favorite-text>Save</span>     (optional: becomes "Saved"; data-on / data-off
 *                                              name other labels)
 *
 * The snapshot is what `productSnapshot` / `toSnapshot` give. Verbs, toasts and cross-tab sync
 * live in the stores (src/lib/stores/cart/, favorites.ts); this file only connects buttons.
 */
import { addToCart } from '../lib/stores/cart';
import { $favoriteIds, toggleFavorite } from '../lib/stores/favorites';
import { parseSnapshot } from '../lib/stores/product-snapshot';
import { chosenVariantOf } from '../lib/variant-picker';

const WIRED = '__yaadProductActions';

function quantityFor(button: HTMLElement, stock: number): number {
  const inputId = button.dataset.quantityInput;
  const input = inputId ? (document.getElementById(inputId) as HTMLInputElement | null) : null;
  const raw = input ? Number.parseInt(input.value, 10) : Number.parseInt(button.dataset.quantity ?? '1', 10);
  const quantity = Number.isFinite(raw) ? raw : 1;
  // Spec §5: on the product page the quantity is clamped between 1 and the stock.
  return Math.max(1, stock > 0 ? Math.min(quantity, stock) : quantity);
}

async function onAdd(button: HTMLButtonElement) {
  const product = parseSnapshot(button.dataset.addToCart);
  if (!product || button.getAttribute('aria-busy') === 'true') return;
  button.setAttribute('aria-busy', 'true');
  try {
    // On a product with options the picker wrote the chosen variant into the snapshot (variant-picker.ts).
    await addToCart(product, quantityFor(button, product.stock), chosenVariantOf(product));
  } finally {
    button.removeAttribute('aria-busy');
  }
}

function onFavorite(button: HTMLButtonElement) {
  const product = parseSnapshot(button.dataset.favorite);
  if (product) toggleFavorite(product);
}

function paint(ids: Set<string>, root: ParentNode = document) {
  for (const button of root.querySelectorAll<HTMLElement>('[data-favorite]')) {
    const id = parseSnapshot(button.dataset.favorite)?.id;
    const saved = id !== undefined && ids.has(id);
    button.setAttribute('aria-pressed', String(saved));
    const text = button.querySelector<HTMLElement>('[data-favorite-text]');
    // Labels: "Save"/"Saved" unless the button names its own (search results: Favorite/Favorited).
    if (text) text.textContent = saved ? (text.dataset.on ?? 'Saved') : (text.dataset.off ?? 'Save');
  }
}

export function wireProductActions() {
  const doc = document as Document & { [WIRED]?: boolean };
  if (doc[WIRED]) return;
  doc[WIRED] = true;

  document.addEventListener('click', (event) => {
    const target = event.target as Element | null;
    const add = target?.closest<HTMLButtonElement>('[data-add-to-cart]');
    if (add && !add.disabled) {
      event.preventDefault();
      void onAdd(add);
      return;
    }
    const favorite = target?.closest<HTMLButtonElement>('[data-favorite]');
    if (favorite) {
      event.preventDefault();
      onFavorite(favorite);
    }
  });

  $favoriteIds.subscribe((ids) => paint(ids));
  // Cards that islands render later get their hearts painted as they appear.
  let scheduled = false;
  const hasHeart = (n: Node) =>
    n instanceof Element && (n.matches('[data-favorite]') || !!n.querySelector('[data-favorite]'));
  new MutationObserver((records) => {
    if (scheduled || !records.some((r) => [...r.addedNodes].some(hasHeart))) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      paint($favoriteIds.get());
    });
  }).observe(document.body, { childList: true, subtree: true });
}

wireProductActions();
