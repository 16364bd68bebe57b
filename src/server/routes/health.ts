import { createRoute } from '@hono/zod-openapi';
import pkg from '../../../package.json' with { type: 'json' };
import { ErrorBody } from '../../lib/contract/common';
import { Health } from '../../lib/contract/health';
import { describeError } from '../http/logger';
import { createRouter } from '../http/router';
import { pingDatabase } from '../services/health';

export const health = createRouter().openapi(
  createRoute({
    method: 'get',
    path: '/',
    tags: ['Operations'],
    summary: 'Is the API up and does the database answer?',
    responses: {
      200: { description: 'Healthy', content: { 'application/json': { schema: Health } } },
      503: { description: 'The database does not answer', content: { 'application/json': { schema: ErrorBody } } },
    },
  }),
  async (c) => {
    const started = performance.now();
    try {
      await pingDatabase(c.var.db);
    } catch (error) {
      c.var.log.error({ error: describeError(error) }, 'health check failed');
      return c.json({ message: 'Database unavailable', code: 'unavailable' }, 503);
    }
    return c.json(
      {
        status: 'ok' as const,
        database: c.var.dbKind,
        databaseLatencyMs: Math.round((performance.now() - started) * 10) / 10,
        version: pkg.version,
        time: new Date().toISOString(),
      },
      200,
    );
  },
);
