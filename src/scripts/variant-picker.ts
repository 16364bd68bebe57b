/**
 * The product page's option pickers (docs/decisions/053). The page is built showing the default
 * variant with its radios, price and stock, so it works without JavaScript; this file is loaded by
 * site.ts only when the shopper touches a picker or the address names a variant, so the page's
 * script before interaction grows by a few lines only. It makes price, compare-at, stock, photos,
 * the quantity's limit and Add to Cart follow the chosen variant and keeps the variant in the
 * address (`?variant=`, replaceState) so the link can be shared.
 */
import { stockText } from '../lib/card-display';
import { aboutJmd } from '../lib/jmd-rate';
import { formatDollars, toCents } from '../lib/money';
import {
  choiceChangedOnPage,
  isChoosable,
  searchWithVariant,
  variantFromSearch,
  variantOf,
} from '../lib/variant-picker';

/** A variant as the page embeds it (src/components/product/VariantPicker.astro). */
export type EmbeddedVariant = {
  id: string;
  options: string[];
  label: string;
  sku: string;
  price: number;
  compareAtPrice: number | null;
  stock: number;
  images: string[];
  /** Which of the gallery's photo sets is its own (0: the product's). */
  set: number;
};

/** What the page embeds for the picker: the product's photos and its variants. */
export type PickerData = { images: string[]; variants: EmbeddedVariant[] };

function setText(el: Element | null, text: string) {
  if (el && el.textContent !== text) el.textContent = text;
}

export function enhanceVariantPicker(root: HTMLElement): void {
  if (root.dataset.enhanced) return;
  root.dataset.enhanced = 'true';
  const data = JSON.parse(root.querySelector('[data-variant-data]')?.textContent ?? '{}') as PickerData;
  const variants = data.variants ?? [];
  const groups = [...root.querySelectorAll<HTMLFieldSetElement>('fieldset[data-option]')];
  const radiosOf = (group: HTMLFieldSetElement) => [...group.querySelectorAll<HTMLInputElement>('input[type=radio]')];
  const page = root.closest<HTMLElement>('[data-live-product]') ?? document.body;
  const chosenNow = () => groups.map((g) => radiosOf(g).find((r) => r.checked)?.value ?? '');

  const show = (variant: EmbeddedVariant | null, chosen: string[]) => {
    groups.forEach((group, i) => {
      for (const radio of radiosOf(group)) {
        radio.checked = radio.value === chosen[i];
        radio.disabled = !radio.checked && !isChoosable(variants, chosen, i, radio.value);
      }
      setText(group.querySelector('[data-chosen-value]'), chosen[i]);
    });
    if (!variant) return;
    page.dataset.liveVariant = variant.id;
    // Not the search index's hidden fields (SearchIndexFields), which carry data-price too.
    for (const el of page.querySelectorAll('[data-price]:not([hidden])')) setText(el, formatDollars(variant.price));
    for (const el of page.querySelectorAll('[data-price-jmd]')) setText(el, aboutJmd(toCents(variant.price)));
    for (const el of page.querySelectorAll<HTMLElement>('[data-compare-at]')) {
      el.hidden = variant.compareAtPrice === null;
      setText(el.querySelector('[data-compare-at-price]'), formatDollars(variant.compareAtPrice ?? 0));
    }
    for (const el of page.querySelectorAll<HTMLElement>('[data-sale]')) el.hidden = variant.compareAtPrice === null;
    for (const el of page.querySelectorAll<HTMLElement>('[data-stock-text]')) {
      setText(el, stockText(variant.stock));
      el.dataset.stock = String(variant.stock);
    }
    for (const el of page.querySelectorAll('[data-sku]')) setText(el, variant.sku);
    for (const button of page.querySelectorAll<HTMLButtonElement>('[data-add-to-cart]')) {
      const snapshot = JSON.parse(button.dataset.addToCart ?? '{}');
      const images = variant.images.length ? variant.images : data.images;
      button.dataset.addToCart = JSON.stringify({
        ...snapshot,
        variantId: variant.id,
        variantLabel: variant.label,
        price: variant.price,
        stock: variant.stock,
        images,
      });
      button.disabled = variant.stock <= 0;
    }
    for (const input of page.querySelectorAll<HTMLInputElement>('[data-quantity] input')) {
      input.max = String(Math.max(1, variant.stock));
      input.dispatchEvent(new Event('yaad:stock'));
    }
    document
      .querySelector('[data-gallery]')
      ?.dispatchEvent(new CustomEvent('yaad:photos', { detail: String(variant.set) }));
  };

  const choose = (chosen: string[], toAddress: boolean) => {
    const variant = variantOf(variants, chosen);
    show(variant, chosen);
    if (variant && toAddress)
      history.replaceState(history.state, '', `${location.pathname}${searchWithVariant(location.search, variant.id)}`);
  };

  root.addEventListener('change', () => choose(chosenNow(), true));
  // A choice made before this file arrived is kept (and goes into the address); else a shared
  // link opens on its variant.
  const touched = choiceChangedOnPage(groups.flatMap(radiosOf));
  const linked = variantFromSearch(variants, location.search);
  if (!touched && linked) choose([...linked.options], false);
  else choose(chosenNow(), touched);
}
