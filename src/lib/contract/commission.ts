import { z } from 'zod';
import { FULL_RATE_BASIS_POINTS } from '../commission';

/*
 * Commission settings (issue 27 #6, docs/decisions/036 and 040): the marketplace's rate as
 * configured (COMMISSION_RATE) and the rates an operator sets for a store, a category, or a store's
 * category. Rates cross the API as whole basis points, as src/lib/commission.ts and the database
 * hold them (10% = 1,000): no float ever reaches a rate.
 */

const BASIS_POINTS_ERROR = `Rate must be whole basis points from 0 (0%) to ${FULL_RATE_BASIS_POINTS.toLocaleString('en-US')} (100%)`;

export const basisPoints = z
  .number({ error: BASIS_POINTS_ERROR })
  .int(BASIS_POINTS_ERROR)
  .min(0, BASIS_POINTS_ERROR)
  .max(FULL_RATE_BASIS_POINTS, BASIS_POINTS_ERROR)
  .meta({ description: 'Whole basis points: 1,000 is 10%' });

const storeId = z
  .string({ error: 'Store must be a store id' })
  .trim()
  .min(1, 'Store must be a store id')
  .max(200, 'Store must be a store id');
const category = z
  .string({ error: 'Category must be a category name' })
  .trim()
  .min(1, 'Category must be a category name')
  .max(100, 'Category must be a category name');

/** Which rate: a store's (any category), a category's (any store), or a store's for one category. */
const named = (v: { storeId?: string; category?: string }) => v.storeId !== undefined || v.category !== undefined;
const NEITHER = { message: 'Choose a store, a category, or both', path: ['storeId'] };

/** DELETE /admin/commission-rates?storeId=…&category=…: the rate to remove. */
export const CommissionRateScope = z
  .object({ storeId: storeId.optional(), category: category.optional() })
  .refine(named, NEITHER)
  .meta({ id: 'CommissionRateScope' });
export type CommissionRateScope = z.infer<typeof CommissionRateScope>;

/** PUT /admin/commission-rates: set (or replace) the rate of a store, a category, or a store's category. */
export const SetCommissionRate = z
  .object({ storeId: storeId.optional(), category: category.optional(), basisPoints })
  .refine(named, NEITHER)
  .meta({ id: 'SetCommissionRate' });
export type SetCommissionRate = z.infer<typeof SetCommissionRate>;

export const CommissionRate = z
  .object({
    /** Null: every store (a category's rate). */
    storeId: z.string().nullable(),
    storeName: z.string().nullable(),
    /** Null: every category (a store's rate). */
    category: z.string().nullable(),
    basisPoints: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: 'CommissionRate' });
export type CommissionRate = z.infer<typeof CommissionRate>;

export const CommissionRates = z
  .object({
    success: z.literal(true),
    /** The marketplace's rate (COMMISSION_RATE) and GCT on commission (0 unless GCT-registered), as configured. */
    marketplace: z.object({ basisPoints: z.number().int(), gctBasisPoints: z.number().int() }),
    /** Every store and category rate: categories first (by name), then stores (by name). */
    rates: z.array(CommissionRate),
    /** The stores a rate may be set for, by name. */
    stores: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: 'CommissionRates' });
export type CommissionRates = z.infer<typeof CommissionRates>;
