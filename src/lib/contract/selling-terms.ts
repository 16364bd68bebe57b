import { z } from 'zod';

/*
 * What selling on Yaad Market costs a seller, as the shop is configured (GET /api/v1/selling-terms,
 * issue 27 #1; docs/decisions/036): read by /sell before a seller applies and by the workspace.
 */
export const SellingTerms = z
  .object({
    success: z.literal(true),
    /** The marketplace's commission on items (not shipping), a fraction: 0.1 is 10%. */
    commissionRate: z.number(),
    /** GCT charged on the commission, a fraction; null when the marketplace is not GCT-registered. */
    gctOnCommissionRate: z.number().nullable(),
    /** Days after delivery before a sale's money is available to be paid out (the return window). */
    returnDays: z.number().int(),
    /** The least available balance paid out, in dollars. */
    payoutMinimum: z.number(),
  })
  .meta({ id: 'SellingTerms' });
export type SellingTerms = z.infer<typeof SellingTerms>;
