import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { ApiError } from './errors';
import type { RouteTable } from './route-table';

/**
 * Why a piece of text cannot be taken: a NUL byte (PostgreSQL text cannot hold one) or a lone
 * UTF-16 surrogate (not Unicode; it cannot be stored or sent on as UTF-8). Undefined when fine.
 */
export function badText(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain a NUL character';
  if (!value.isWellFormed()) return 'must be valid Unicode text';
  return undefined;
}

const refuse = (field: string, problem: string) =>
  new ApiError(400, 'validation_failed', `${field}: ${problem}`, { [field]: problem });

function decode(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * One guard for every route: text in the path or the query that is malformed (a broken %
 * escape) or that no column can hold is a 400 naming the field, before any handler or query sees
 * it, rather than a database error (a 500) in whichever handler meets it first. A JSON body's text
 * is checked by the route that reads it, after who asks (json-body.ts).
 */
export function textGuard(routes: RouteTable): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const rawSegments = url.pathname.split('/');
    for (const [i, raw] of rawSegments.entries()) {
      if (!raw.includes('%')) continue;
      const text = decode(raw);
      const problem = text === undefined ? 'has a malformed % escape' : badText(text);
      if (problem) throw refuse(routes.paramNames(url.pathname)?.[i] ?? 'path', problem);
    }
    for (const pair of url.search.slice(1).split('&')) {
      if (!pair) continue;
      const eq = pair.indexOf('=');
      const rawKey = eq < 0 ? pair : pair.slice(0, eq);
      const key = decode(rawKey.replace(/\+/g, ' '));
      if (key === undefined) throw refuse(rawKey, 'has a malformed % escape');
      const keyProblem = badText(key);
      if (keyProblem) throw refuse('query', `has a parameter name that ${keyProblem}`);
      const value = decode((eq < 0 ? '' : pair.slice(eq + 1)).replace(/\+/g, ' '));
      const problem = value === undefined ? 'has a malformed % escape' : badText(value);
      if (problem) throw refuse(key, problem);
    }
    return next();
  };
}
