import { ApiRequestError } from '../../../lib/api';
import type { SellerProduct } from '../../../lib/contract/seller-products';
import { type Draft, fieldOf, type Problems, productBody } from './product-draft';

/** The product editor's decisions that are not drawing: what to send, what an answer means, what to say. */

/** A new category empties the subcategory: the old one belongs to the old category. */
export const withCategory = (d: Draft, category: string): Draft => ({ ...d, category, subcategory: '' });

/** A control's error attributes, when its field has an error (its line's id is `<key>-error`). */
export const invalidAttrs = (problems: Problems, key: string) =>
  problems[key] ? ({ 'aria-invalid': true, 'aria-describedby': `${key}-error` } as const) : {};

/** The price as shoppers will see it, once what is typed is an amount (a preview under the fields). */
export function pricePreview(price: string): number | null {
  return price && /^\d+(\.\d{1,2})?$/.test(price.trim()) ? Number(price) : null;
}

/**
 * Saving: PUT the product being edited (without price and stock when its variants have them), or
 * POST a new one with the status its box chose.
 */
export function saveRequest(product: SellerProduct | null, draft: Draft, perVariant = false) {
  if (product)
    return {
      method: 'put' as const,
      path: `/seller/products/${encodeURIComponent(product.id)}`,
      body: productBody(draft, perVariant),
    };
  const body = productBody(draft);
  return {
    method: 'post' as const,
    path: '/seller/products',
    body: { ...body, status: draft.active ? ('active' as const) : ('archived' as const) },
  };
}

/** The variants' call of a product: its whole grid. */
export const variantsPath = (id: string) => `/seller/products/${encodeURIComponent(id)}/variants`;

/** Whether a save sends the grid: the product has options, or had them (taking them all away). */
export const sendsGrid = (product: SellerProduct | null, optionCount: number) =>
  product !== null && (optionCount > 0 || product.options.length > 0);

/** The saved toast's second line: an active product's change is live within seconds. */
export const savedDetail = (saved: SellerProduct) =>
  saved.status === 'active' ? 'The shop shows the change within seconds.' : undefined;

/** Where a new product is edited next, saying it was just created. */
export const createdAddress = (id: string) => `/dashboard/products/edit/?id=${encodeURIComponent(id)}&created=1`;

/**
 * A refused or failed save: the API's field errors on their fields (`problems`, only when the API
 * named fields), the form's one line when it named none, and the toast's text.
 */
export function saveFailure(err: unknown): { problems?: Problems; formError: string | null; message: string } {
  const mapped: Problems = {};
  const named = err instanceof ApiRequestError && err.errors;
  if (named) for (const [key, message] of Object.entries(named)) mapped[fieldOf(key)] ??= message;
  const message = err instanceof ApiRequestError ? err.message : 'Could not save. Please try again.';
  return {
    ...(named ? { problems: mapped } : {}),
    formError: Object.keys(mapped).length ? null : message,
    message,
  };
}

/** Archive or put back on sale: the call and its toast. */
export const archivePath = (id: string, archived: boolean) =>
  `/seller/products/${encodeURIComponent(id)}/${archived ? 'archive' : 'unarchive'}`;
export const archivedText = (archived: boolean) => (archived ? 'Product archived' : 'Product back on sale');
export const archiveFailed = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Please try again.');

/** The note after creating, by where the product is now. */
export const createdNote = (status: SellerProduct['status']) =>
  status === 'active' ? 'It is in the shop within seconds.' : 'It stays hidden until you unarchive it.';
