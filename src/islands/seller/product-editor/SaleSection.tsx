import { formatDollars } from '../../../lib/money';
import { PRODUCT_LABELS as L } from '../../../lib/product-rules';
import { invalidAttrs, pricePreview } from './editor-logic';
import { Field } from './Field';
import type { Draft, Problems } from './product-draft';

/**
 * How it is sold: price, former price, stock, SKU and tags, with the price as shoppers will see it.
 * A product with options (`perVariant`) has its price and stock per variant, in the Options section.
 */
export function SaleSection({
  draft,
  problems,
  set,
  perVariant = false,
}: {
  draft: Draft;
  problems: Problems;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
  perVariant?: boolean;
}) {
  const invalid = (key: string) => invalidAttrs(problems, key);
  const preview = pricePreview(draft.price);
  return (
    <div className="card grid gap-4 p-4 sm:grid-cols-2 sm:p-5">
      {perVariant ? (
        <p className="text-sm text-muted sm:col-span-2">
          This product has options: set the price and stock of each variant under Options.
        </p>
      ) : (
        <>
          <Field id="price" label={L.price} error={problems.price}>
            <input
              id="price"
              className="input"
              inputMode="decimal"
              value={draft.price}
              required
              onChange={(e) => set('price', e.target.value)}
              {...invalid('price')}
            />
          </Field>
          <Field
            id="compareAtPrice"
            label={L.compareAtPrice}
            hint="Optional: the former price, shown struck through; above the price"
            error={problems.compareAtPrice}
          >
            <input
              id="compareAtPrice"
              className="input"
              inputMode="decimal"
              value={draft.compareAtPrice}
              aria-describedby={problems.compareAtPrice ? 'compareAtPrice-error' : 'compareAtPrice-hint'}
              onChange={(e) => set('compareAtPrice', e.target.value)}
              {...invalid('compareAtPrice')}
            />
          </Field>
          <Field id="stock" label={L.stock} error={problems.stock}>
            <input
              id="stock"
              className="input"
              inputMode="numeric"
              value={draft.stock}
              required
              onChange={(e) => set('stock', e.target.value)}
              {...invalid('stock')}
            />
          </Field>
        </>
      )}
      <Field id="sku" label={L.sku} hint="Your own code, unique in your store" error={problems.sku}>
        <input
          id="sku"
          className="input"
          value={draft.sku}
          maxLength={64}
          required
          autoCapitalize="characters"
          aria-describedby={problems.sku ? 'sku-error' : 'sku-hint'}
          onChange={(e) => set('sku', e.target.value)}
          {...invalid('sku')}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id="tags" label={L.tags} hint="Separated by commas, e.g. coffee, gift" error={problems.tags}>
          <input
            id="tags"
            className="input"
            value={draft.tags}
            aria-describedby={problems.tags ? 'tags-error' : 'tags-hint'}
            onChange={(e) => set('tags', e.target.value)}
            {...invalid('tags')}
          />
        </Field>
      </div>
      {preview !== null && !perVariant && (
        <p className="text-sm text-muted sm:col-span-2">Shoppers see {formatDollars(preview)}.</p>
      )}
    </div>
  );
}
