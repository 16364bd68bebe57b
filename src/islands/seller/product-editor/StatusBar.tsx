import type { SellerProduct } from '../../../lib/contract/seller-products';
import { createdNote } from './editor-logic';

/** A saved product's status, a link to it in the shop when on sale, and the button to archive or unarchive it. */
export function StatusBar({
  product,
  busy,
  onArchive,
}: {
  product: SellerProduct;
  busy: boolean;
  onArchive: (archived: boolean) => void;
}) {
  const active = product.status === 'active';
  return (
    <div className="card flex flex-wrap items-center gap-3 p-4">
      <span className={`badge ${active ? 'badge-green' : 'badge-grey'}`}>{active ? 'Active' : 'Archived'}</span>
      <span className="text-sm text-muted">
        {active ? 'On sale in the shop' : 'Hidden from the shop; order history kept'}
      </span>
      <span className="ms-auto flex flex-wrap gap-2">
        {active && (
          <a className="btn btn-secondary btn-sm" href={`/product/${product.id}/`}>
            View in shop
          </a>
        )}
        <button
          type="button"
          className={`btn btn-sm ${active ? 'btn-danger' : 'btn-primary'}`}
          disabled={busy}
          onClick={() => onArchive(active)}
        >
          {active ? 'Archive' : 'Unarchive'}
        </button>
      </span>
    </div>
  );
}

/** Shown once after creating (the address says `created`). */
export function CreatedNote({ product }: { product: SellerProduct }) {
  return (
    <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
      Product created. {createdNote(product.status)}
    </p>
  );
}
