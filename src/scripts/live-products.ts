/**
 * Honest data on static pages: after load, every element marked data-live-product gets the
 * current price, stock and rating from the API, so a shopper never acts on a stale build.
 */

import { ratingDisplay, starsCountText, starsLabel, stockBadge, stockText } from '../lib/card-display';
import { aboutJmd } from '../lib/jmd-rate';
import { formatDollars, toCents } from '../lib/money';
import { productIdBatches, productsWithIds } from '../lib/products-by-id';
import { reviewCountText } from '../lib/ratings';

type Live = {
  id: string;
  price: number;
  stock: number;
  rating: number;
  reviewCount: number;
  variants?: { id: string; price: number; stock: number }[];
};

/** Sets text only when it differs: an unchanged page then costs no style or layout work. */
function setText(el: HTMLElement, text: string) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * A rating line, today's average and count: the product page's (src/components/product/RatingSummary.astro)
 * or a card's (data-live-rating="card": src/components/product/Stars.tsx, read aloud from its label);
 * each shows its stars or "No reviews yet".
 */
function applyRating(box: HTMLElement, p: Pick<Live, 'rating' | 'reviewCount'>) {
  const { full, label } = ratingDisplay(p.rating);
  const card = box.dataset.liveRating === 'card';
  box.querySelector('[data-rating-some]')?.classList.toggle('hidden', p.reviewCount === 0);
  box.querySelector('[data-rating-none]')?.classList.toggle('hidden', p.reviewCount > 0);
  const stars = box.querySelector<HTMLElement>('[data-rating-stars]');
  if (stars && stars.style.getPropertyValue('--stars-full') !== String(full))
    stars.style.setProperty('--stars-full', String(full));
  const value = box.querySelector<HTMLElement>('[data-rating-value]');
  if (value) setText(value, label);
  const count = box.querySelector<HTMLElement>('[data-rating-count]');
  if (count) setText(count, card ? starsCountText(p.reviewCount) : reviewCountText(p.reviewCount));
  const name = starsLabel(p.rating, p.reviewCount);
  const labelled = card ? box.querySelector<HTMLElement>('[data-rating-label]') : null;
  if (labelled && labelled.getAttribute('aria-label') !== name) labelled.setAttribute('aria-label', name);
}

/** The rating lines of this product: not those of cards inside its element (none today), which are their own. */
const ratingLines = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLElement>('[data-live-rating]')].filter(
    (box) => box.closest('[data-live-product]') === el,
  );

function apply(el: HTMLElement, p: Live) {
  for (const box of ratingLines(el)) applyRating(box, p);
  // The search index's hidden fields carry data-price too (their text is what Pagefind filters on): never overwritten.
  for (const price of el.querySelectorAll<HTMLElement>('[data-price]:not([data-pagefind-meta])'))
    setText(price, formatDollars(p.price));
  for (const jmd of el.querySelectorAll<HTMLElement>('[data-price-jmd]')) setText(jmd, aboutJmd(toCents(p.price)));
  for (const text of el.querySelectorAll<HTMLElement>('[data-stock-text]')) setText(text, stockText(p.stock));
  const badge = el.querySelector<HTMLElement>('[data-stock-badge]');
  if (badge) {
    const kind = stockBadge(p.stock);
    badge.classList.toggle('hidden', !kind);
    badge.classList.toggle('badge-red', kind === 'out');
    badge.classList.toggle('badge-gold', kind === 'low');
    setText(badge, kind === 'out' ? 'Out of Stock' : 'Low Stock');
  }
  for (const button of el.querySelectorAll<HTMLButtonElement>('[data-add-to-cart]')) {
    if (button.disabled !== p.stock <= 0) button.disabled = p.stock <= 0;
    try {
      const snapshot = JSON.parse(button.dataset.addToCart ?? '{}');
      if (snapshot.price !== p.price || snapshot.stock !== p.stock) {
        button.dataset.addToCart = JSON.stringify({ ...snapshot, price: p.price, stock: p.stock });
      }
    } catch {}
  }
  for (const input of el.querySelectorAll<HTMLInputElement>('[data-quantity] input')) {
    const max = String(Math.max(1, p.stock));
    if (input.max !== max) input.max = max;
    input.dispatchEvent(new Event('yaad:stock'));
  }
}

export async function refreshLiveProducts(root: ParentNode = document) {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-live-product]')];
  for (const batch of productIdBatches(elements.map((el) => el.dataset.liveProduct as string))) {
    try {
      const products = await productsWithIds<Live>(batch);
      const byId = new Map(products.map((p) => [p.id, p]));
      for (const el of elements) {
        const live = byId.get(el.dataset.liveProduct as string);
        // A product page open on a variant (docs/decisions/053) shows that variant's price and stock.
        const variant = live?.variants?.find((v) => v.id === el.dataset.liveVariant);
        if (live) apply(el, variant ? { ...live, price: variant.price, stock: variant.stock } : live);
      }
    } catch {
      // Offline or the API is down: the built values stay, and checkout re-checks everything.
    }
  }
}

// The reviews island says at once when the shopper's own review changed the average.
window.addEventListener('yaad:rating', (event) => {
  const p = (event as CustomEvent<{ id: string; rating: number; reviewCount: number }>).detail;
  for (const el of document.querySelectorAll<HTMLElement>('[data-live-product]')) {
    if (el.dataset.liveProduct !== p.id) continue;
    for (const box of ratingLines(el)) applyRating(box, p);
  }
});

if ('requestIdleCallback' in window) requestIdleCallback(() => void refreshLiveProducts());
else setTimeout(() => void refreshLiveProducts(), 200);
