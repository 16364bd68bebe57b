import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { bearerToken } from '../http/bearer';
import { ApiError } from '../http/errors';
import type { AppEnv } from '../http/router';
import { resolveSession, SESSION_COOKIE, type SessionUser } from './sessions';

/** The session token of a request: the `token` cookie, or an `Authorization: Bearer` header. */
export function requestToken(c: Context<AppEnv>): string | undefined {
  return bearerToken(c.req.header('authorization')) ?? getCookie(c, SESSION_COOKIE);
}

/**
 * Secure in production when the shop is reached over HTTPS: the request itself, or the public
 * address (PUBLIC_SITE_URL) when TLS ends at a proxy in front. A plain-HTTP run on a laptop
 * (`npm start` on http://127.0.0.1) keeps a cookie it can send back.
 */
function secureCookie(c: Context<AppEnv>): boolean {
  const { NODE_ENV, PUBLIC_SITE_URL } = c.var.config;
  if (NODE_ENV !== 'production') return false;
  return new URL(c.req.url).protocol === 'https:' || PUBLIC_SITE_URL?.startsWith('https:') === true;
}

/** Sets the session cookie: httpOnly, SameSite=Lax, Secure in production over HTTPS, path /. */
export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date) {
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: secureCookie(c),
    path: '/',
    expires: expiresAt,
  });
}

/** Puts the signed-in user (if any) on `c.var.user`; renews the cookie when the session rolled. */
export const loadUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = requestToken(c);
  if (token) {
    const found = await resolveSession(c.var.db, token, c.var.config.SESSION_TTL_DAYS);
    if (found) {
      c.set('user', found.user);
      if (found.renewed && !c.req.header('authorization')) setSessionCookie(c, token, found.expiresAt);
    }
  }
  await next();
};

/** 401 unless signed in; returns the user for the handler (any route's context: a seller route's too). */
export function requireUser(c: { var: Pick<AppEnv['Variables'], 'user'> }): SessionUser {
  const user = c.var.user;
  if (!user) throw new ApiError(401, 'unauthorized', 'Authentication required. Please log in.');
  return user;
}
