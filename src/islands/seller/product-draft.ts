import type { FieldProblem } from '../../components/ui/ErrorSummary';
import type { SellerProduct } from '../../lib/contract/seller-products';

/** The seller product form's state (text as typed) and its checks before sending. */

export type Draft = {
  name: string;
  description: string;
  category: string;
  subcategory: string;
  price: string;
  compareAtPrice: string;
  stock: string;
  sku: string;
  tags: string;
  images: string[];
  active: boolean;
};

export type Problems = Record<string, string>;

export const EMPTY: Draft = {
  name: '',
  description: '',
  category: '',
  subcategory: '',
  price: '',
  compareAtPrice: '',
  stock: '0',
  sku: '',
  tags: '',
  images: [],
  active: true,
};

export const draftOf = (p: SellerProduct): Draft => ({
  name: p.name,
  description: p.description,
  category: p.category,
  subcategory: p.subcategory,
  price: p.price.toFixed(2),
  compareAtPrice: p.compareAtPrice === null ? '' : p.compareAtPrice.toFixed(2),
  stock: String(p.stock),
  sku: p.sku,
  tags: p.tags.join(', '),
  images: p.images,
  active: p.status === 'active',
});

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** The form's checks before sending (the server checks again, with the same words where it can). */
export function localProblems(d: Draft): Problems {
  const problems: Problems = {};
  if (!d.name.trim()) problems.name = 'Enter a name';
  if (!d.category) problems.category = 'Choose a category';
  if (!d.subcategory) problems.subcategory = 'Choose a subcategory';
  if (!DOLLARS.test(d.price.trim())) problems.price = 'Enter a price in dollars, e.g. 1250.00';
  if (d.compareAtPrice.trim() && !DOLLARS.test(d.compareAtPrice.trim()))
    problems.compareAtPrice = 'Enter a price in dollars, or leave it empty';
  else if (d.compareAtPrice.trim() && Number(d.compareAtPrice) <= Number(d.price))
    problems.compareAtPrice = 'Must be above the price (leave it empty when not on sale)';
  if (!/^\d+$/.test(d.stock.trim())) problems.stock = 'Enter a whole number, 0 or more';
  if (!d.sku.trim()) problems.sku = 'Enter a SKU';
  else if (!/^[A-Za-z0-9._-]+$/.test(d.sku.trim())) problems.sku = 'Letters, digits, dots, dashes and underscores only';
  return problems;
}

/**
 * The errors still shown after an edit (`before` → `after`), as the shop's forms do it: an error
 * goes as soon as its field is put right, on change (the parish on the checkout's address form,
 * the stars of Rate a seller). Only errors already shown are checked again, so none appears while
 * the seller types; one still wrong says what is wrong now. An error the server gave (a SKU
 * already used) goes when its own field changes, since only the server can check it again.
 */
export function stillWrong(shown: Problems, before: Draft, after: Draft): Problems {
  const was = localProblems(before);
  const now = localProblems(after);
  const left: Problems = {};
  for (const [field, message] of Object.entries(shown)) {
    if (now[field]) left[field] = now[field];
    else if (was[field] !== message && before[field as keyof Draft] === after[field as keyof Draft])
      left[field] = message;
  }
  return left;
}

/** The editor's label of each field (its control's id is the field's key), for the error banner. */
export const PRODUCT_FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  category: 'Category',
  subcategory: 'Subcategory',
  price: 'Price',
  compareAtPrice: 'Compare-at price',
  stock: 'Stock',
  sku: 'SKU',
  tags: 'Tags',
  images: 'Photos',
};

/** Every problem for the error banner, each led by its field's label and linked to its control. */
export const productProblems = (problems: Problems): FieldProblem[] =>
  Object.entries(problems).map(([field, text]) => ({
    text: `${PRODUCT_FIELD_LABELS[field] ?? field}: ${text}`,
    target: field in PRODUCT_FIELD_LABELS ? field : undefined,
  }));
