import type { SellerProduct } from '../../../lib/contract/seller-products';
import { toDollars } from '../../../lib/money';
import type { products, stores } from '../../db/schema';
import { toProduct } from '../catalog-shapes';

export type ProductRow = typeof products.$inferSelect;
type StoreRow = typeof stores.$inferSelect;

export function toSellerProduct(row: ProductRow, store: StoreRow | null): SellerProduct {
  return {
    ...toProduct(row, store),
    // The seller sees its compare-at price as set, even when it is not (or no longer) a discount.
    compareAtPrice: row.compareAtCents === null ? null : toDollars(row.compareAtCents),
    status: row.archivedAt ? 'archived' : 'active',
    archivedAt: row.archivedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
