import { z } from 'zod';

/** Every API error: a human message (shown to shoppers), a stable code, and per-field messages. */
export const ErrorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    errors: z.record(z.string(), z.string()).optional(),
    /** Beside `errors`, the machine-readable reason of each (a refused order: product id → a cart line's reason). */
    reasons: z.record(z.string(), z.string()).optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Query strings carry text; these turn them into checked values with clear messages. */
export const pageParam = z.coerce
  .number()
  .int('page must be a whole number')
  .min(1, 'page must be 1 or more')
  .default(1);
export const limitParam = (max: number, fallback: number) =>
  z.coerce
    .number()
    .int('limit must be a whole number')
    .min(1, 'limit must be 1 or more')
    .max(max, `limit must be at most ${max}`)
    .default(fallback);

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;
