import { z } from 'zod';

export const Health = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['pglite', 'postgres']),
    databaseLatencyMs: z.number().optional(),
    version: z.string(),
    time: z.string(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof Health>;
