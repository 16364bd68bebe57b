/**
 * How the static build reads the catalogue: through the API contract, never the database.
 * In-process by default (`app.request`, no network); over HTTP when CATALOG_API_URL is set
 * (which `npm start` does, pointing at itself, so the embedded database is opened only once).
 */
import type { z } from 'zod';
import { env } from '../server/env';
import { PUBLISHER_AGENT } from '../server/http/publisher-agent';

type InProcess = { request: (url: string, init?: RequestInit) => Response | Promise<Response> };
let inProcess: Promise<InProcess> | undefined;

async function localApi(): Promise<InProcess> {
  inProcess ??= (async () => {
    const { getRuntime } = await import('../server/runtime');
    const { createApi } = await import('../server/app');
    const runtime = await getRuntime();
    return createApi({ database: runtime.database, config: runtime.config, log: runtime.log });
  })();
  return inProcess;
}

/** The catalogue API refused a read: its status tells a missing product (404) from a failure. */
export class CatalogApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Where a long read's time goes (the render worker logs it): waiting for the API, and checking its answers. */
export type ReadTimes = { requestMs: number; parseMs: number };

/** GET an API path ("/products?page=2") and parse the answer with its contract schema. */
export async function catalogGet<T>(path: string, schema: z.ZodType<T>, times?: ReadTimes): Promise<T> {
  const remote = env().CATALOG_API_URL;
  const asked = performance.now();
  const response = remote
    ? await fetch(`${remote.replace(/\/$/, '')}${path}`, { headers: { 'user-agent': PUBLISHER_AGENT } })
    : await (await localApi()).request(`http://build.local/api/v1${path}`, {
        headers: { 'user-agent': PUBLISHER_AGENT },
      });
  if (!response.ok)
    throw new CatalogApiError(
      `Catalogue API ${path} answered ${response.status}: ${await response.text()}`,
      response.status,
    );
  const body = await response.json();
  const received = performance.now();
  const parsed = schema.parse(body);
  if (times) {
    times.requestMs += received - asked;
    times.parseMs += performance.now() - received;
  }
  return parsed;
}

/** Every page of a paginated list endpoint, concatenated. */
export async function catalogGetAll<T, K extends string>(
  path: string,
  key: K,
  schema: z.ZodType<{ [P in K]: T[] } & { pagination: { totalPages: number } }>,
  pageSize = 500,
  times?: ReadTimes,
): Promise<T[]> {
  const out: T[] = [];
  const sep = path.includes('?') ? '&' : '?';
  for (let page = 1; ; page++) {
    const body = await catalogGet(`${path}${sep}page=${page}&limit=${pageSize}`, schema, times);
    out.push(...body[key]);
    if (page >= body.pagination.totalPages) break;
  }
  return out;
}
