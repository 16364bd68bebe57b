import type { CartProduct } from '../../lib/contract/cart';
import type { Product, ProductStore, ProductVariant, SellerStore } from '../../lib/contract/catalog';
import { toDollars } from '../../lib/money';
import { MARKETPLACE_STORE } from '../../lib/seller-defaults';
import { variantLabel } from '../../lib/variants';
import type { products, productVariants, stores } from '../db/schema';

type ProductRow = typeof products.$inferSelect;
type StoreRow = typeof stores.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

export function toProductStore(store: StoreRow | null): ProductStore {
  if (!store) return MARKETPLACE_STORE;
  return {
    id: store.id,
    name: store.name || 'Unknown Store',
    logo: store.logo,
    verified: store.verified,
    location: store.location,
    user_id: store.ownerId,
  };
}

export function toProduct(row: ProductRow, store: StoreRow | null): Product {
  const discounted = row.compareAtCents !== null && row.compareAtCents > row.priceCents;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: toDollars(row.priceCents),
    compareAtPrice: discounted ? toDollars(row.compareAtCents as number) : null,
    discounted,
    images: row.images,
    category: row.category,
    subcategory: row.subcategory,
    stock: row.stock,
    store: toProductStore(store),
    rating: row.rating,
    reviewCount: row.reviewCount,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    salesCount: row.salesCount,
    sku: row.sku,
    options: row.options,
  };
}

/** A variant as the API answers it, labelled with its product's options ("Size 10, Brown"). */
export function toProductVariant(row: VariantRow, options: ProductRow['options']): ProductVariant {
  const discounted = row.compareAtCents !== null && row.compareAtCents > row.priceCents;
  return {
    id: row.id,
    options: row.optionValues,
    label: variantLabel(options, row.optionValues),
    sku: row.sku,
    price: toDollars(row.priceCents),
    compareAtPrice: discounted ? toDollars(row.compareAtCents as number) : null,
    discounted,
    stock: row.stock,
    images: row.images,
  };
}

export function toSellerStore(store: StoreRow, productCount: number): SellerStore {
  return {
    id: store.id,
    name: store.name || 'Unknown Store',
    description: store.description,
    logo: store.logo,
    bannerImage: store.bannerImage,
    socialLinks: {
      facebook: store.facebook,
      instagram: store.instagram,
      twitter: store.twitter,
      website: store.website,
    },
    rating: store.rating,
    reviewCount: store.reviewCount,
    location: store.location,
    parish: store.parish,
    joinDate: store.joinDate,
    verified: store.verified,
    productCount,
    email: store.email,
    phone: store.phone,
  };
}

/** A cart line's product (spec §3 "Cart item"): also its first image and its store's e-mail. */
export function toCartProduct(row: ProductRow, store: StoreRow | null): CartProduct {
  const product = toProduct(row, store);
  return { ...product, image: row.images[0] ?? null, store: { ...product.store, email: store?.email ?? null } };
}
