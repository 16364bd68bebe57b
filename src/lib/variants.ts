/**
 * Products sold in several ways (issue 30, docs/decisions/051): a product has up to
 * MAX_PRODUCT_OPTIONS options (Size, Colour…), each with its values, and each combination on sale
 * is a variant with its own SKU, stock and price. A product without options is one variant whose
 * id is the product's. Pure rules shared by the server, the pages and the islands.
 */

/** An option of a product and its values in the seller's order, e.g. { name: 'Size', values: ['9', '10'] }. */
export type ProductOption = { name: string; values: string[] };

export const MAX_PRODUCT_OPTIONS = 3;
/** Enough for shoe sizes × colours × widths; a grid past it is a catalogue, not a product. */
export const MAX_VARIANTS_PER_PRODUCT = 100;

/** The part of a variant id after the product's: its values, lower-cased, runs of anything else as one dash. */
function valuesSlug(values: readonly string[]): string {
  return values
    .map((v) =>
      v
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .join('-');
}

/**
 * The id a new variant is given: the product's own id for a product without options, else
 * `<product id>~<values>` (readable in a shared `?variant=` link). An id is kept when a value is
 * renamed later, so carts and orders that name it stay valid.
 */
export function variantIdFor(productId: string, values: readonly string[]): string {
  if (values.length === 0) return productId;
  return `${productId}~${valuesSlug(values)}`;
}

/** How a line names its variant: "Size 10, Brown"; empty for a product without options. */
export function variantLabel(options: readonly ProductOption[], values: readonly string[]): string {
  return options
    .map((option, i) => {
      const value = values[i];
      if (value === undefined) return '';
      return option.name.toLowerCase() === 'size' ? `Size ${value}` : value;
    })
    .filter(Boolean)
    .join(', ');
}

/**
 * The one variant whose values are exactly the chosen ones, option by option, or null: "Blue and
 * XL" never matches a blue M and a red XL (Spree's lesson). A choice must name every option.
 */
export function matchVariant<V extends { optionValues: readonly string[] }>(
  variants: readonly V[],
  chosen: readonly string[],
): V | null {
  return (
    variants.find(
      (v) => v.optionValues.length === chosen.length && v.optionValues.every((value, i) => value === chosen[i]),
    ) ?? null
  );
}

/** A line's name with its variant's label, as refusals and documents name it: "Leather Desert Boots (Size 10, Brown)". */
export function nameWithVariant(name: string, label: string): string {
  return label ? `${name} (${label})` : name;
}
