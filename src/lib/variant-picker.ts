/**
 * The product page's option pickers (issue 30 #2, docs/decisions/053): which values can be chosen,
 * the variant a choice is, and the variant a shared link names. Pure, so the page's build and the
 * browser's script (src/scripts/variant-picker.ts) agree; the exact match is `matchVariant`'s.
 */
import { matchVariant } from './variants';

/** What the picker needs of a variant (a ProductVariant has it). */
export type PickerVariant = { id: string; options: readonly string[]; stock: number };

const asChoice = <V extends PickerVariant>(v: V) => ({ ...v, optionValues: v.options });

/** The one variant the chosen values are (every option named), or null: "Blue and XL" is never a blue M. */
export function variantOf<V extends PickerVariant>(variants: readonly V[], chosen: readonly string[]): V | null {
  const found = matchVariant(variants.map(asChoice), chosen);
  return found ? (variants.find((v) => v.id === found.id) ?? null) : null;
}

/**
 * Whether `value` of option `index` can be chosen with the other options as chosen: a variant with
 * those values and this one exists and is in stock. A value that cannot is shown struck through
 * and is not choosable (a sold-out Size 11 when Black is chosen).
 */
export function isChoosable(
  variants: readonly PickerVariant[],
  chosen: readonly string[],
  index: number,
  value: string,
): boolean {
  const wanted = chosen.map((v, i) => (i === index ? value : v));
  const variant = variantOf(variants, wanted);
  return variant !== null && variant.stock > 0;
}

/** The first variant in the seller's order: the one a page without `?variant=` shows (also without JavaScript). */
export function defaultVariant<V extends PickerVariant>(variants: readonly V[]): V | undefined {
  return variants[0];
}

/** The variant a page address names (`?variant=<id>`), or undefined when it names none of these. */
export function variantFromSearch<V extends PickerVariant>(variants: readonly V[], search: string): V | undefined {
  const id = new URLSearchParams(search).get('variant');
  return id === null ? undefined : variants.find((v) => v.id === id);
}

/** The address of a product page open on a variant: `/product/<id>/?variant=<variant id>` (decision 051). */
export function variantPath(productId: string, variantId: string): string {
  return `/product/${encodeURIComponent(productId)}/?variant=${encodeURIComponent(variantId)}`;
}

/** A page's search part with its variant set, other parameters kept (a campaign's `utm_…`). */
export function searchWithVariant(search: string, variantId: string): string {
  const params = new URLSearchParams(search);
  params.delete('variant');
  const others = params.toString();
  // encodeURIComponent keeps the id's "~" as it is, as variantPath writes it.
  return `?${others ? `${others}&` : ''}variant=${encodeURIComponent(variantId)}`;
}

/**
 * The variant an Add to Cart button's snapshot names (the product page puts `variantId`,
 * `variantLabel` and the variant's price, stock and photos in it: src/scripts/variant-picker.ts),
 * in the shape the cart's `addToCart(product, quantity, variant)` takes; undefined for a product
 * without options. (The cart's third argument is the core branch's, decision 052.)
 */
export function chosenVariantOf(snapshot: {
  variantId?: unknown;
  variantLabel?: unknown;
  price: number;
  stock: number;
  images: string[];
}): { id: string; label: string; price: number; stock: number; images: string[] } | undefined {
  if (typeof snapshot.variantId !== 'string' || snapshot.variantId === '') return undefined;
  return {
    id: snapshot.variantId,
    label: typeof snapshot.variantLabel === 'string' ? snapshot.variantLabel : '',
    price: snapshot.price,
    stock: snapshot.stock,
    images: snapshot.images,
  };
}

/**
 * Whether the shopper changed a choice on the page as built: a radio off its default. The picker's
 * code may arrive after a quick tap (site.ts starts it at once then) and keeps that choice.
 */
export const choiceChangedOnPage = (radios: Iterable<HTMLInputElement>): boolean =>
  [...radios].some((r) => r.checked !== r.defaultChecked);
