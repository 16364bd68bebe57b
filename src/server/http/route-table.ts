import { factOf, type RouteFact } from './route-facts';

/** The API's registered routes as patterns, for the answers given before or instead of a route. */
export type RouteTable = {
  /** The methods some route answers on this path (for a 405 and its Allow header). */
  allowed(path: string): string[];
  /** The name of each path segment that is a route parameter, for a path some route matches. */
  paramNames(path: string): (string | undefined)[] | undefined;
  /**
   * Whether a route on exactly this path (whatever its method) declares `fact` in its middleware
   * (route-facts.ts). Exactly: Hono routes `/x/` apart from `/x`, so no exception reaches `/x/`.
   */
  declares(fact: RouteFact, path: string): boolean;
};

type Compiled = {
  method: string;
  /** The path, with or without a trailing slash (a 405 names the methods of either). */
  pattern: RegExp;
  exact: RegExp;
  names: (string | undefined)[];
  fact?: RouteFact;
};

/**
 * Built lazily from Hono's route list at the first request, so every route registered anywhere
 * is counted without a second list to keep in step. Each handler of a route is an entry of its own
 * in that list, so a route's facts are found by its handlers.
 */
export function routeTable(routes: readonly { method: string; path: string; handler: object }[]): RouteTable {
  let compiled: Compiled[] | undefined;
  let withFacts: Compiled[] | undefined;
  const table = () =>
    (compiled ??= routes
      .filter((r) => r.method !== 'ALL')
      .map((r) => {
        const segments = r.path.split('/');
        const source = segments
          .map((seg) =>
            seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
          )
          .join('/');
        return {
          method: r.method,
          names: segments.map((seg) => (seg.startsWith(':') ? seg.slice(1).replace(/\{.*$/, '') : undefined)),
          pattern: new RegExp(`^${source}/?$`),
          exact: new RegExp(`^${source}$`),
          fact: factOf(r.handler),
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
    declares: (fact, path) => {
      // Few routes declare a fact: only theirs are tried on each request that asks.
      withFacts ??= table().filter((r) => r.fact !== undefined);
      return withFacts.some((r) => r.fact === fact && r.exact.test(path));
    },
  };
}
