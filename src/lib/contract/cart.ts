import { z } from 'zod';
import { Product, ProductStore, ProductVariant } from './catalog';

/** The most units of one product a cart line may ask for; stock is the real limit. */
export const MAX_LINE_QUANTITY = 10_000;
/** The most lines one call may carry (a sync, a validation). */
export const MAX_CART_LINES = 200;

const productId = z
  .string({ error: 'productId is required' })
  .trim()
  .min(1, 'productId is required')
  .max(200, 'productId must be at most 200 characters');
/**
 * The variant a line is (issue 30, docs/decisions/052): optional, so a spec-written client adding
 * `{ productId, quantity }` works unchanged on every product without options (its sole variant);
 * a product with options named without one is refused 400 `variant_required`.
 */
const variantId = z
  .string()
  .trim()
  .min(1, 'variantId must not be empty')
  .max(300, 'variantId must be at most 300 characters')
  .optional();
const positiveQuantity = z
  .number({ error: 'quantity must be a number' })
  .int('quantity must be a whole number')
  .min(1, 'quantity must be at least 1')
  .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`);

/** POST /cart/add: adds to what the cart already holds. */
export const CartAddInput = z
  .object({ productId, variantId, quantity: positiveQuantity.default(1) })
  .meta({ id: 'CartAddInput' });
export type CartAddInput = z.infer<typeof CartAddInput>;

/** PUT /cart/update: sets the line's quantity; 0 or less removes the line (spec §4). */
export const CartUpdateInput = z
  .object({
    productId,
    variantId,
    quantity: z
      .number({ error: 'quantity must be a number' })
      .int('quantity must be a whole number')
      .max(MAX_LINE_QUANTITY, `quantity must be at most ${MAX_LINE_QUANTITY}`),
  })
  .meta({ id: 'CartUpdateInput' });
export type CartUpdateInput = z.infer<typeof CartUpdateInput>;

/** Without `variantId`, every line of the product leaves the cart. */
export const CartRemoveInput = z.object({ productId, variantId }).meta({ id: 'CartRemoveInput' });
export type CartRemoveInput = z.infer<typeof CartRemoveInput>;

/** POST /cart/sync: the guest cart merged into the shopper's cart at login (quantities added, capped at stock). */
export const CartSyncInput = z
  .object({
    items: z
      .array(z.object({ productId, variantId, quantity: positiveQuantity }))
      .max(MAX_CART_LINES, `at most ${MAX_CART_LINES} items`),
  })
  .meta({ id: 'CartSyncInput' });
export type CartSyncInput = z.infer<typeof CartSyncInput>;

/** The product of a cart line (spec §3 "Cart item"): a product, its first image, and its store's contact e-mail. */
export const CartProduct = Product.extend({
  image: z.string().nullable(),
  store: ProductStore.extend({ email: z.string().nullable() }),
}).meta({ id: 'CartProduct' });
export type CartProduct = z.infer<typeof CartProduct>;

/** One line of the server cart (spec §3 "Cart item": the product and a quantity). */
export const CartItem = z
  .object({
    product: CartProduct,
    /** The line's variant: the product's own id for a product without options (docs/decisions/052). */
    variantId: z.string(),
    /**
     * The variant of a product with options (its label "Size 10, Brown", price, stock, photos);
     * null for a product without options, whose product fields are its one variant's.
     */
    variant: ProductVariant.nullable(),
    quantity: z.number().int(),
    /** The unit price (dollars) the shopper last saw for this line; null when unknown. */
    addedPrice: z.number().nullable(),
    /**
     * False when the product can no longer be bought: its seller archived it, or its store is not
     * open (pending, rejected, suspended). The line stays listed, out of `subtotal`; checkout refuses it.
     */
    available: z.boolean(),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItem>;

export const Cart = z
  .object({
    items: z.array(CartItem),
    /** Units, all lines together (the header badge). */
    totalItems: z.number().int(),
    /** US dollars at today's prices, of the lines still available. */
    subtotal: z.number(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

/** POST /cart/sync answers the merged cart, how many units came from the guest cart, and what was capped. */
export const CartSyncResult = Cart.extend({
  merged: z.number().int(),
  /** Spec texts for lines that could not be merged in full ("Insufficient stock for …", "… no longer available"). */
  notices: z.array(z.string()),
}).meta({ id: 'CartSyncResult' });
export type CartSyncResult = z.infer<typeof CartSyncResult>;

/**
 * POST /cart/validate. With `items` (a guest cart): each line is checked against today's stock and,
 * when `price` is given, against today's price. Without `items`: the signed-in shopper's server cart,
 * priced against what they last saw.
 */
export const CartValidateInput = z
  .object({
    items: z
      .array(
        z.object({
          productId,
          variantId,
          quantity: positiveQuantity,
          /** The unit price (dollars) the shopper saw. */
          price: z.number().min(0).max(10_000_000).optional(),
          /** The name the shopper saw, for the message when the product is gone. */
          name: z.string().max(300).optional(),
        }),
      )
      .max(MAX_CART_LINES, `at most ${MAX_CART_LINES} items`)
      .optional(),
  })
  .meta({ id: 'CartValidateInput' });
export type CartValidateInput = z.infer<typeof CartValidateInput>;

/**
 * Why a cart line fails validation, for programs; `error` is the spec §5 text shown to people.
 * `unverifiable`: the product could not be read, so the line was neither passed nor refused.
 */
export const CartLineProblem = z.enum(['unavailable', 'insufficient_stock', 'price_changed', 'unverifiable']);
export type CartLineProblem = z.infer<typeof CartLineProblem>;

export const CartValidationLine = z
  .object({
    productId: z.string(),
    /** The line's variant (the product's id for a product without options). */
    variantId: z.string(),
    /** The product's name, with the variant's label for a product with options: "Leather Desert Boots (Size 10, Brown)". */
    name: z.string(),
    quantity: z.number().int(),
    /** Units in stock today; null when the product is gone or could not be read. */
    available: z.number().int().nullable(),
    /** Today's unit price in dollars; null when unknown. */
    price: z.number().nullable(),
    /** The spec §5 text for this line, when it fails. */
    error: z.string().optional(),
    /** Why it fails, when it does (always together with `error`). */
    reason: CartLineProblem.optional(),
  })
  .meta({ id: 'CartValidationLine' });
export type CartValidationLine = z.infer<typeof CartValidationLine>;

export const CartValidation = z
  .object({ valid: z.boolean(), errors: z.array(z.string()), items: z.array(CartValidationLine) })
  .meta({ id: 'CartValidation' });
export type CartValidation = z.infer<typeof CartValidation>;
