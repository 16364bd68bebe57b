import { z } from 'zod';

/** The publisher's state (docs/decisions/008): what waits, and what the last build and publish did. */
export const RebuildStatus = z
  .object({
    state: z.enum(['idle', 'building', 'publishing', 'failed']),
    /** Whether the instance that answered is the one that publishes. */
    publisher: z.boolean(),
    /** Catalogue changes not yet on the site, and how long the oldest has waited. */
    waiting: z.number().int(),
    oldestAgeMs: z.number().nullable(),
    /** A full build under way: pages rendered of all. */
    progress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
    lastBuild: z
      .object({ codeVersion: z.string(), builtAt: z.string(), durationMs: z.number(), pages: z.number().int() })
      .nullable(),
    lastPublish: z
      .object({
        publishedAt: z.string(),
        durationMs: z.number(),
        /** Pages and search files rendered again. */
        pages: z.number().int(),
        changes: z.number().int(),
      })
      .nullable(),
    lastError: z.string().nullable(),
    /**
     * Products changed or removed since the last full build: the small search index holds them
     * and each publish writes it whole, so its work grows with this number until a full build
     * (`npm run rebuild -- --full`) empties it (docs/decisions/008).
     */
    sinceBuild: z.number().int(),
  })
  .meta({ id: 'RebuildStatus' });
export type RebuildStatus = z.infer<typeof RebuildStatus>;

export const RebuildQuery = z.object({
  full: z.enum(['true', 'false']).optional(),
});
