import type { SellerProduct } from '../../../lib/contract/seller-products';
import { resolveImage } from '../../../lib/images';
import { formatDollars } from '../../../lib/money';
import { LOW_STOCK } from '../../../lib/product-rules';
import { archiveAction, type RowAction } from './row-actions';

function StockBadge({ stock }: { stock: number }) {
  if (stock === 0) return <span className="badge badge-red">Out of stock</span>;
  if (stock <= LOW_STOCK) return <span className="badge badge-gold">Low: {stock}</span>;
  return <span className="text-sm">{stock} in stock</span>;
}

/** A product with options: "4 variants", opened to each one's stock (issue 30 #4). */
function VariantStock({ product: p }: { product: SellerProduct }) {
  const variants = p.variants ?? [];
  return (
    <details className="basis-full text-sm">
      <summary className="cursor-pointer text-brand-700">
        {variants.length} {variants.length === 1 ? 'variant' : 'variants'}
        <span className="sr-only"> of {p.name}</span>: stock of each
      </summary>
      <ul className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-2 lg:grid-cols-3">
        {variants.map((v) => (
          <li key={v.id} className="flex items-center justify-between gap-2">
            <span className="min-w-0 truncate">
              {v.label} <span className="text-xs text-muted">· {formatDollars(v.price)}</span>
            </span>
            <StockBadge stock={v.stock} />
          </li>
        ))}
      </ul>
    </details>
  );
}

/** One product of the list: its tick box, photo, name, price, stock, status and its buttons. */
export function ProductRow({
  product: p,
  chosen,
  onToggle,
  disabled,
  onAct,
}: {
  product: SellerProduct;
  chosen: boolean;
  onToggle: () => void;
  /** While any action or the bulk edit runs. */
  disabled: boolean;
  onAct: (action: RowAction) => void;
}) {
  const editLink = `/dashboard/products/edit/?id=${encodeURIComponent(p.id)}`;
  return (
    <li className="card flex flex-wrap items-center gap-3 p-3">
      <input
        type="checkbox"
        className="h-5 w-5 shrink-0 accent-brand-700"
        checked={chosen}
        onChange={onToggle}
        aria-label={`Select ${p.name}`}
      />
      <img
        src={resolveImage(p.images[0])}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        className="h-14 w-14 shrink-0 rounded-lg bg-surface object-cover"
      />
      <div className="min-w-0 flex-1 basis-40">
        <a href={editLink} className="font-medium hover:underline">
          {p.name}
        </a>
        <p className="text-xs text-muted">
          SKU {p.sku} · {p.category} › {p.subcategory}
        </p>
      </div>
      <div className="flex basis-full flex-wrap items-center gap-x-4 gap-y-1 sm:basis-auto">
        <span className="font-semibold">
          {p.options.length > 0 && <span className="font-normal text-muted">from </span>}
          {formatDollars(p.price)}
        </span>
        <StockBadge stock={p.stock} />
        <span className={`badge ${p.status === 'active' ? 'badge-green' : 'badge-grey'}`}>
          {p.status === 'active' ? 'Active' : 'Archived'}
        </span>
      </div>
      <div className="flex basis-full flex-wrap gap-1 sm:ms-auto sm:basis-auto">
        <a href={editLink} className="btn btn-ghost btn-sm">
          Edit<span className="sr-only"> {p.name}</span>
        </a>
        <button type="button" className="btn btn-ghost btn-sm" disabled={disabled} onClick={() => onAct('duplicate')}>
          Duplicate<span className="sr-only"> {p.name}</span>
        </button>
        <button
          type="button"
          className={`btn btn-ghost btn-sm ${p.status === 'active' ? 'text-danger' : ''}`}
          disabled={disabled}
          onClick={() => onAct(archiveAction(p.status))}
        >
          {p.status === 'active' ? 'Archive' : 'Unarchive'}
          <span className="sr-only"> {p.name}</span>
        </button>
      </div>
      {p.options.length > 0 && <VariantStock product={p} />}
    </li>
  );
}
