/**
 * The token of an e-mailed link (reset, verification, newsletter). Links carry it after `#token=`:
 * a fragment never reaches a server, a log or a Referer header, so only this page reads it.
 */
export function linkToken(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? undefined;
  return token && /^[\w-]{43}$/.test(token) ? token : undefined;
}

/** Takes the token out of the address bar once read, so it is not bookmarked or shared by accident. */
export function forgetLinkToken(): void {
  if (location.hash) history.replaceState(null, '', location.pathname + location.search);
}
