import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import type { User } from '../../lib/contract/auth';
import type { OwnStore } from '../../lib/contract/stores';
import { refreshSession } from '../../lib/stores/session';

export type OwnStoreState =
  | { kind: 'loading' }
  | { kind: 'signed-out' }
  | { kind: 'none'; user: User }
  | { kind: 'store'; user: User; store: OwnStore }
  | { kind: 'error' };

/** Who is signed in and their store (GET /seller/store), for /sell and /dashboard/store/, and saving a change to it. */
export function useOwnStore() {
  const [state, setState] = useState<OwnStoreState>({ kind: 'loading' });
  const load = useCallback(async () => {
    setState({ kind: 'loading' });
    try {
      const user = await refreshSession();
      if (!user) return setState({ kind: 'signed-out' });
      try {
        setState({ kind: 'store', user, store: await api.get<OwnStore>('/seller/store') });
      } catch (error) {
        // 403: the account owns no store (a shopper), so the screen offers the application.
        if (error instanceof ApiRequestError && error.status === 403) setState({ kind: 'none', user });
        else if (error instanceof ApiRequestError && error.status === 401) setState({ kind: 'signed-out' });
        else throw error;
      }
    } catch {
      setState({ kind: 'error' });
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);
  /** A change to the store (PUT /seller/store, only the fields sent), then the store as the server answers it. */
  const save = useCallback(async (change: Record<string, unknown>) => {
    const store = await api.put<OwnStore>('/seller/store', change);
    setState((s) => (s.kind === 'store' ? { ...s, store } : s));
    return store;
  }, []);
  return { state, setState, reload: load, save };
}
