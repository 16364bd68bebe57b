import { localStore, onOtherTabChange } from './browser-storage';

/**
 * The signed-in hint: a non-secret note in local storage that someone is signed in on this
 * browser, with their first name. The session itself is the httpOnly cookie, which no script
 * can read, so the hint is what lets a static page draw the right header before any call, and
 * what tells the cart which home to use. Only the server decides who is signed in: a stale hint
 * is corrected by the first call that answers 401.
 *
 * The session store writes it (`setSignedInHint`); the cart follows it (`followSignedInHint`);
 * the header reads it with an inline script before first paint, given the key and the event
 * name below through `define:vars`.
 */

export const SIGNED_IN_HINT_KEY = 'yaad-user';
/** Raised on `window` after this tab changes the hint (other tabs see the `storage` event). */
export const SESSION_EVENT = 'yaad:session';

export type SignedInHint = { firstName: string };

/** The hint, or null when none is kept (or it cannot be read). */
export function readSignedInHint(): SignedInHint | null {
  const raw = localStore()?.getItem(SIGNED_IN_HINT_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { firstName?: unknown } | null;
    if (typeof value !== 'object' || value === null) return null;
    return { firstName: typeof value.firstName === 'string' ? value.firstName : '' };
  } catch {
    return null;
  }
}

/** Keeps the hint (a first name) or removes it (null), then tells this tab. */
export function setSignedInHint(firstName: string | null) {
  const store = localStore();
  try {
    if (firstName === null) store?.removeItem(SIGNED_IN_HINT_KEY);
    else store?.setItem(SIGNED_IN_HINT_KEY, JSON.stringify({ firstName } satisfies SignedInHint));
  } catch {}
  globalThis.window?.dispatchEvent(new Event(SESSION_EVENT));
}

/** Who the hint says is signed in (their first name, possibly empty), or null for nobody. */
export const signedInAs = (): string | null => readSignedInHint()?.firstName ?? null;

let followersBusy: Promise<unknown> = Promise.resolve();

/**
 * Calls `follower` now and whenever the hint changes, in this tab or another. What a follower
 * returns is waited for by `hintFollowersSettled` (the cart's merge of a guest cart at sign-in).
 */
export function followSignedInHint(follower: (signedInAs: string | null) => Promise<unknown> | undefined) {
  const check = () => {
    const work = follower(signedInAs());
    if (work) followersBusy = Promise.all([followersBusy, work.catch(() => undefined)]);
  };
  const target = globalThis.window;
  if (!target?.addEventListener) return;
  target.addEventListener(SESSION_EVENT, check);
  onOtherTabChange(SIGNED_IN_HINT_KEY, check);
  check();
}

/** Resolves when the work every follower started for the hint's changes so far is done. */
export const hintFollowersSettled = (): Promise<void> => followersBusy.then(() => undefined);
