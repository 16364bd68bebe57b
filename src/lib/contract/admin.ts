import { z } from 'zod';

export const RebuildStatus = z
  .object({
    state: z.enum(['idle', 'building', 'failed']),
    pending: z.boolean(),
    stale: z.boolean(),
    lastBuild: z
      .object({ catalogVersion: z.string().nullable(), builtAt: z.string(), durationMs: z.number() })
      .nullable(),
    lastError: z.string().nullable(),
  })
  .meta({ id: 'RebuildStatus' });
export type RebuildStatus = z.infer<typeof RebuildStatus>;
