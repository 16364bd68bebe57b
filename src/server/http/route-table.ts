/** The API's registered routes as patterns, for the answers given before or instead of a route. */
export type RouteTable = {
  /** The methods some route answers on this path (for a 405 and its Allow header). */
  allowed(path: string): string[];
  /** The name of each path segment that is a route parameter, for a path some route matches. */
  paramNames(path: string): (string | undefined)[] | undefined;
};

type Compiled = { method: string; pattern: RegExp; names: (string | undefined)[] };

/**
 * Built lazily from Hono's route list at the first request, so every route registered anywhere
 * is counted without a second list to keep in step.
 */
export function routeTable(routes: readonly { method: string; path: string }[]): RouteTable {
  let compiled: Compiled[] | undefined;
  const table = () =>
    (compiled ??= routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => {
        const segments = r.path.split('/');
        return {
          method: r.method,
          names: segments.map((seg) => (seg.startsWith(':') ? seg.slice(1).replace(/\{.*$/, '') : undefined)),
          pattern: new RegExp(
            `^${segments
              .map((seg) =>
                seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
              )
              .join('/')}/?$`,
          ),
        };
      }));
  return {
    allowed: (path) =>
      [
        ...new Set(
          table()
            .filter((r) => r.pattern.test(path))
            .map((r) => r.method),
        ),
      ].sort(),
    paramNames: (path) => table().find((r) => r.pattern.test(path))?.names,
  };
}
