/**
 * What the API-wide rules must know about a route before Hono reaches it. They run ahead of every
 * route (app.ts: the 1 MB body limit; middleware.ts: mutationGuard's Origin and JSON-only rules),
 * so a route that needs an exception says so where it is declared, with a handler in its own
 * `middleware` list, and the rules find that handler among the registered routes (route-table.ts).
 * A new or renamed route carries its facts with it: there is no list of paths to keep in step.
 * - `file`: the body is a file (multipart/form-data) under the route's own size limit. Declared by
 *   `multipartOnly` (routes/guards.ts), which also refuses any other body there.
 * - `oneClickForm`: `takesOneClickForm`, the newsletter's one-click unsubscribe (RFC 8058).
 * - `gatewayPost`: `takesGatewayPost`, the card gateway's return and callback (decision 029).
 * A public catalogue read needs no fact: its route lists `catalogCache` itself (catalog-cache.ts).
 */
import type { MiddlewareHandler } from 'hono';
import { COMPOSED_HANDLER } from 'hono/utils/constants';
import type { AppEnv } from './app-env';

export type RouteFact = 'file' | 'oneClickForm' | 'gatewayPost';

const declared = new WeakMap<object, RouteFact>();

/** `handler`, noted as declaring `fact` for every route whose middleware lists it. */
export function declaring(fact: RouteFact, handler: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  declared.set(handler, fact);
  return handler;
}

/**
 * The handler a registered route runs, as its route file wrote it: Hono wraps the handlers of a
 * sub-app that has its own onError when mounting it, and keeps the original beside the wrapper.
 */
export function ownHandler(handler: object): object {
  const inner = (handler as Record<string, unknown>)[COMPOSED_HANDLER];
  return typeof inner === 'function' ? ownHandler(inner) : handler;
}

/** The fact a registered handler declares, if any. */
export const factOf = (handler: object): RouteFact | undefined => declared.get(ownHandler(handler));

/**
 * A mailbox provider POSTs the form body `List-Unsubscribe=One-Click` from its own servers,
 * without an Origin. The token in the path is the only authority (no cookie is read), so a
 * cross-site form can do nothing there it could not do by following the link; the body is not read.
 * Nothing to do at the route itself.
 */
export const takesOneClickForm: MiddlewareHandler<AppEnv> = declaring('oneClickForm', (_c, next) => next());

/**
 * The gateway's page posts its form back to the shop from the gateway's own origin, and its server
 * calls with a form or JSON. Nothing in them is believed until the gateway itself confirms it, so
 * they take any origin and any body. Nothing to do at the route itself.
 */
export const takesGatewayPost: MiddlewareHandler<AppEnv> = declaring('gatewayPost', (_c, next) => next());
