import type { FieldProblem } from '../../../components/ui/ErrorSummary';
import { fieldMessages, typedNumber } from '../../../lib/contract/field-messages';
import { ProductCreate, type SellerProduct } from '../../../lib/contract/seller-products';
import { toCents } from '../../../lib/money';
import { compareAtProblem, PRODUCT_LABELS, parseTags, subcategoryProblem } from '../../../lib/product-rules';

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

/**
 * The body of POST and PUT /seller/products from the form as typed. A number field is sent as a
 * number, or left as typed when it is not one (and left out when blank), so the contract refuses
 * it in its own words ("Price (US$) must be an amount like 1250.00"). A product with options
 * (`perVariant`) sends no price, compare-at or stock: its variants have them (decision 054).
 */
export function productBody(d: Draft, perVariant = false) {
  const body = fullBody(d);
  if (!perVariant) return body;
  const { price: _p, compareAtPrice: _c, stock: _s, ...rest } = body;
  return rest;
}

const fullBody = (d: Draft) => ({
  name: d.name,
  description: d.description,
  category: d.category,
  subcategory: d.subcategory,
  price: typedNumber(d.price),
  compareAtPrice: d.compareAtPrice.trim() ? typedNumber(d.compareAtPrice) : null,
  stock: typedNumber(d.stock),
  sku: d.sku,
  tags: parseTags(d.tags),
  images: d.images,
});

/** An API error's path ("images.1", "tags.0") as the form's field it is about. */
export const fieldOf = (path: string) => path.split('.')[0];

/**
 * The form's checks before sending: the contract's own schema and the product rules of two fields,
 * so the editor shows the very words the API would answer (issue 24, item 10).
 */
export function localProblems(d: Draft): Problems {
  const body = fullBody(d);
  const parsed = ProductCreate.safeParse(body);
  const problems: Problems = {};
  if (!parsed.success)
    for (const [path, message] of Object.entries(fieldMessages(parsed.error))) problems[fieldOf(path)] ??= message;
  if (!problems.category && !problems.subcategory) {
    const sub = subcategoryProblem(d.category, d.subcategory.trim());
    if (sub) problems.subcategory = sub;
  }
  if (!problems.price && !problems.compareAtPrice && typeof body.compareAtPrice === 'number') {
    const compare = compareAtProblem(toCents(body.price as number), toCents(body.compareAtPrice));
    if (compare) problems.compareAtPrice = compare;
  }
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

/**
 * Every problem for the error banner, each linked to its control (a control's id is its field's
 * key). The texts name their fields by their labels already, as the store form's do.
 */
export const productProblems = (problems: Problems): FieldProblem[] =>
  Object.entries(problems).map(([field, text]) => ({
    text,
    target: field in PRODUCT_LABELS ? field : undefined,
  }));
