import { ProductList } from './product-list/ProductList';
import { SellerGate } from './SellerGate';

/** /dashboard/products/: the seller's products with search, filters, bulk edit, archive, duplicate and CSV. */
export default function ProductsPage() {
  return (
    <SellerGate next="/dashboard/products/">
      <ProductList />
    </SellerGate>
  );
}
