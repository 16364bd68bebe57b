import { createRoute } from '@hono/zod-openapi';
import type { Context, MiddlewareHandler } from 'hono';
import { RebuildQuery, RebuildStatus } from '../../lib/contract/admin';
import { ErrorBody } from '../../lib/contract/common';
import { bearerToken, safeEqual } from '../http/bearer';
import { ApiError } from '../http/errors';
import { type AppEnv, createRouter } from '../http/router';
import { catalogChanged } from '../services/publish-queue';

const errors = {
  401: { description: 'Missing or wrong REBUILD_TOKEN', content: { 'application/json': { schema: ErrorBody } } },
  503: { description: 'No site builder in this process', content: { 'application/json': { schema: ErrorBody } } },
};

/**
 * The rebuild hook is open only with `Authorization: Bearer $REBUILD_TOKEN`; closed when the token is
 * unset. Route middleware, so the token is checked before the query is read: without it every call
 * answers 401, and a stranger learns nothing from validation (as `operatorsOnly`, auth/roles.ts).
 */
const rebuildTokenOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  const expected = c.var.config.REBUILD_TOKEN;
  const given = bearerToken(c.req.header('authorization'));
  if (!expected || !given || !safeEqual(given, expected))
    throw new ApiError(401, 'unauthorized', 'A valid rebuild token is required');
  await next();
};

/** The site builder of this process; a process that serves only the API has none. */
function builder(c: Context<AppEnv>) {
  const site = c.var.site;
  if (!site)
    throw new ApiError(503, 'unavailable', 'This process does not build the site (run the shop with npm start)');
  return site;
}

const status = (c: Context<AppEnv>) => builder(c).status();

export const admin = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/rebuild',
      tags: ['Operations'],
      summary: 'The publisher: changes waiting and the oldest one’s age, the last full build and the last publish',
      middleware: [rebuildTokenOnly] as const,
      security: [{ bearer: [] }],
      responses: {
        200: { description: 'Status', content: { 'application/json': { schema: RebuildStatus } } },
        ...errors,
      },
    }),
    async (c) => c.json(await status(c), 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/rebuild',
      tags: ['Operations'],
      summary: 'Publish the waiting changes now, or (full=true) rebuild every page; either goes live atomically',
      middleware: [rebuildTokenOnly] as const,
      security: [{ bearer: [] }],
      request: { query: RebuildQuery },
      responses: {
        202: { description: 'Rebuild scheduled', content: { 'application/json': { schema: RebuildStatus } } },
        400: { description: '`full` is not true or false', content: { 'application/json': { schema: ErrorBody } } },
        ...errors,
      },
    }),
    async (c) => {
      const site = builder(c);
      // A full rebuild is a catalogue change like any other (every publisher hears it); "publish
      // now" is an order to this process's publisher alone.
      if (c.req.valid('query').full === 'true') await catalogChanged(c.var.db, 'all', '', 'full rebuild asked for');
      else site.wake();
      return c.json(await status(c), 202);
    },
  );
