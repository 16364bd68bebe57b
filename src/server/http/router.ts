import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env';
import { jsonBodyGuard } from './json-body';
import { validationError } from './validation';

export type { AppEnv, SellerEnv } from './app-env';

/** Whether a route's contract takes a JSON body. */
const takesJson = (route: { request?: { body?: { content?: Record<string, unknown> } } }) =>
  Object.keys(route.request?.body?.content ?? {}).some((type) => /^application\/([\w.-]+\+)?json$/i.test(type));

/**
 * A sub-app whose zod-validated routes also document themselves in /api/v1/openapi.json. A route
 * that takes a JSON body gets jsonBodyGuard after its own middleware (who asks) and before its
 * validator, so no route can parse a body unmeasured.
 */
export function createRouter() {
  const router = new OpenAPIHono<AppEnv>({
    defaultHook: (result) => {
      if (!result.success) throw validationError(result.error);
    },
  });
  const register = router.openapi;
  router.openapi = ((route, handler, hook) => {
    if (!takesJson(route)) return register(route, handler, hook);
    const own = route.middleware === undefined ? [] : [route.middleware].flat();
    return register({ ...route, middleware: [...own, jsonBodyGuard] }, handler, hook);
  }) as typeof register;
  return router;
}
export type Router = ReturnType<typeof createRouter>;
