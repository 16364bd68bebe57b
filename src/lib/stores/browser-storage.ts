/**
 * The browser seams the stores share: local storage (JSON, a corrupt value discarded), the
 * `storage` event other tabs raise, and a BroadcastChannel. Each is absent on the server (Astro's
 * build renders islands there) and in private modes that refuse storage, so every use is guarded.
 */

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function localStore(): StorageLike | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export function sessionStore(): StorageLike | undefined {
  try {
    return globalThis.sessionStorage ?? undefined;
  } catch {
    return undefined;
  }
}

/** Parses a stored JSON value with `accept`; an unreadable or rejected value is removed and gives undefined. */
export function readJson<T>(
  key: string,
  accept: (value: unknown) => T | undefined,
  store = localStore(),
): T | undefined {
  const raw = store?.getItem(key);
  if (raw === null || raw === undefined) return undefined;
  const value = parseJson(raw, accept);
  if (value === undefined) store?.removeItem(key);
  return value;
}

export function parseJson<T>(raw: string, accept: (value: unknown) => T | undefined): T | undefined {
  try {
    return accept(JSON.parse(raw));
  } catch {
    return undefined;
  }
}

/** Stores `value` as JSON; `undefined` removes the key. A full or refused storage is not an error. */
export function writeJson(key: string, value: unknown, store = localStore()) {
  try {
    if (value === undefined) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
  } catch (error) {
    console.warn(`Could not save ${key}`, error);
  }
}

/** Calls `listener` with the new raw value whenever another tab changes `key` (or clears storage). */
export function onOtherTabChange(key: string, listener: (raw: string | null) => void): () => void {
  const target = globalThis.window;
  if (!target?.addEventListener) return () => {};
  const handler = (event: Event) => {
    const e = event as StorageEvent;
    if (e.key === key || e.key === null) listener(e.key === null ? null : e.newValue);
  };
  target.addEventListener('storage', handler);
  return () => target.removeEventListener('storage', handler);
}

/** A named BroadcastChannel, or undefined where there is none. */
export function openChannel(name: string): BroadcastChannel | undefined {
  return typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
}

export const inBrowser = () => typeof window !== 'undefined' && typeof document !== 'undefined';
