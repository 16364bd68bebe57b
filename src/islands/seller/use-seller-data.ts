import { startTransition, useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiRequestError, api } from '../../lib/api';

/**
 * What a seller screen loads, and the states it passes through: loading, the data, a user who owns
 * no store (403: the screen offers to open one), or a failure (Try Again). Signed out (401) goes to
 * /login and comes back here. `reload` fetches again (after an action, or Try Again).
 */
export type SellerData<T> =
  | { kind: 'loading' }
  | { kind: 'ready'; data: T }
  | { kind: 'notSeller' }
  | { kind: 'notFound' }
  | { kind: 'failed'; message: string };

/**
 * The schema an answer is parsed with, or a function that imports it: a screen's first view then
 * starts without zod and the contract, which load beside the request and are evaluated in a task
 * of their own (a module-level constant, so the fetch is not remade on each render).
 */
export type SchemaSource<T> = z.ZodType<T> | (() => Promise<z.ZodType<T>>);

export function useSellerData<T>(path: string | null, schema: SchemaSource<T>) {
  const [state, setState] = useState<SellerData<T>>({ kind: 'loading' });
  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (path === null) return setState({ kind: 'notFound' });
      try {
        if (typeof schema !== 'function') return setState({ kind: 'ready', data: await api.get(path, schema, signal) });
        const [answer, parser] = await Promise.all([api.get(path, undefined, signal), schema()]);
        // A newer request may have started while the schema was loading: its answer is the one to show.
        if (signal?.aborted) return;
        const data = parser.parse(answer);
        // A transition: React draws the screen in slices, yielding between them, instead of one
        // long task that a tap would wait behind on a slow phone (issue 31).
        startTransition(() => setState({ kind: 'ready', data }));
      } catch (error) {
        if (signal?.aborted) return;
        const status = error instanceof ApiRequestError ? error.status : 0;
        if (status === 401) location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
        else if (status === 403) setState({ kind: 'notSeller' });
        else if (status === 404) setState({ kind: 'notFound' });
        else setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    },
    [path, schema],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { state, setState, reload: () => load() };
}
