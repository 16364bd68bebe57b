/**
 * Where a shopper sent to log in goes back to afterwards (`/login?next=…`), kept through sign-up,
 * and why they were sent: one home for the rule, used by the login and register forms.
 */

/** The `next` of an address's query when it is a path on this site (never another origin). */
export function nextPage(search: string): string | undefined {
  const next = new URLSearchParams(search).get('next');
  return next?.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : undefined;
}

/** `path` with the same `next` carried on, plus any extra query parameters. */
export function withNext(path: string, next: string | undefined, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams(extra);
  if (next) q.set('next', next);
  const query = q.toString();
  return query ? `${path}?${query}` : path;
}

/** What the login page says to a shopper sent there from `next`. */
export function loginReason(next: string | undefined): string | undefined {
  if (!next) return undefined;
  if (next.startsWith('/checkout')) return 'Log in to check out. Your cart is kept, and you come back to checkout.';
  if (next.startsWith('/order')) return 'Log in to see your order. You come back to it after.';
  return 'Please log in to continue. You come back to this page after.';
}
