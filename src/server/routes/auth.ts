import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  AUTH_TEXT,
  FirebaseLoginInput,
  LoginInput,
  MessageBody,
  REGISTRATION_NAME_HEADER,
  RegisterInput,
  UserEnvelope,
} from '../../lib/contract/auth';
import { FirebaseTokenError } from '../auth/firebase';
import { requestToken, requireUser, setSessionCookie } from '../auth/middleware';
import { dummyHash } from '../auth/password';
import { createSession, revokeSession, SESSION_COOKIE } from '../auth/sessions';
import { ApiError } from '../http/errors';
import { type AppEnv, createRouter } from '../http/router';
import { authenticate, register, signInWithFirebase, toUser } from '../services/accounts';
import { withListedRole } from '../services/operators';
import { errors, json } from './openapi-helpers';

const tags = ['Accounts'];
// Made at start-up, so the first sign-in with an unknown e-mail takes no longer than any other.
void dummyHash();

/**
 * The client's address for the sign-in and sign-up limits. Behind a reverse proxy (TRUST_PROXY=true) it is the
 * last X-Forwarded-For entry, the one the proxy itself saw (earlier entries are whatever the client
 * sent); otherwise the socket's peer. 'unknown' when neither is there (in-process test requests).
 */
async function clientAddress(c: Context<AppEnv>): Promise<string> {
  if (c.var.config.TRUST_PROXY) {
    const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((h) => h.trim());
    const last = hops.at(-1);
    if (last && /^[\da-fA-F:.]{2,45}$/.test(last)) return last;
  }
  try {
    const { getConnInfo } = await import('@hono/node-server/conninfo');
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The name typed on the register screen, sent URI-encoded in a header (spec §7). */
function registrationName(c: Context<AppEnv>): string | undefined {
  const raw = c.req.header(REGISTRATION_NAME_HEADER);
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw).trim() || undefined;
  } catch {
    return undefined;
  }
}

const body = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

export const authRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'post',
      path: '/register',
      tags,
      summary: 'Create a shopper account (built-in e-mail and password provider); sign in afterwards',
      request: body(RegisterInput),
      responses: {
        201: json(UserEnvelope, 'Account created'),
        ...errors(
          [400, 'Missing or invalid field'],
          [409, 'This email is already registered.'],
          [429, 'Too many sign-ups from this address'],
        ),
      },
    }),
    async (c) => {
      const limit = { ip: await clientAddress(c), perAddress: c.var.config.SIGNUPS_PER_ADDRESS };
      const user = await register(c.var.db, c.req.valid('json'), limit);
      return c.json({ user: await withListedRole(c.var.db, c.var.config.ADMIN_EMAILS, user) }, 201);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/login',
      tags,
      summary: 'Sign in with e-mail and password: sets the httpOnly session cookie `token`',
      request: body(LoginInput),
      responses: {
        200: json(UserEnvelope, 'Signed in'),
        ...errors([400, 'Missing field'], [401, 'Invalid email or password.'], [429, 'Too many failed attempts']),
      },
    }),
    async (c) => {
      const { email, password } = c.req.valid('json');
      const user = await withListedRole(
        c.var.db,
        c.var.config.ADMIN_EMAILS,
        await authenticate(c.var.db, email, password, await clientAddress(c)),
      );
      const { token, expiresAt } = await createSession(c.var.db, user.id, c.var.config.SESSION_TTL_DAYS);
      setSessionCookie(c, token, expiresAt);
      return c.json({ user: toUser(user) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/firebase-login',
      tags,
      summary:
        'Exchange a Firebase ID token (e-mail/password or Google) for a session: creates or links the shop user, sets the cookie `token`',
      request: body(FirebaseLoginInput),
      responses: {
        200: json(UserEnvelope, 'Signed in'),
        ...errors(
          [400, 'Missing token, or an identity without an e-mail address'],
          [401, 'Authentication failed (bad signature, audience, issuer or expiry)'],
          [409, 'The e-mail belongs to another account and Firebase has not verified it'],
          [503, 'Firebase sign-in is not configured on this server'],
        ),
      },
    }),
    async (c) => {
      const verify = c.var.firebase;
      if (!verify) throw new ApiError(503, 'unavailable', AUTH_TEXT.firebaseOff);
      const identity = await verify(c.req.valid('json').idToken).catch((error: unknown) => {
        if (!(error instanceof FirebaseTokenError)) throw error;
        c.var.log.info({ reason: error.message }, 'firebase token refused');
        throw new ApiError(401, 'unauthorized', AUTH_TEXT.authFailed);
      });
      const user = await withListedRole(
        c.var.db,
        c.var.config.ADMIN_EMAILS,
        await signInWithFirebase(c.var.db, identity, registrationName(c)),
      );
      const { token, expiresAt } = await createSession(c.var.db, user.id, c.var.config.SESSION_TTL_DAYS);
      setSessionCookie(c, token, expiresAt);
      return c.json({ user: toUser(user) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags,
      summary: 'The signed-in user',
      responses: { 200: json(UserEnvelope, 'The user'), ...errors([401, 'Not signed in']) },
    }),
    (c) => c.json({ user: toUser(requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/logout',
      tags,
      summary: 'Sign out: the session is revoked on the server and the cookie cleared',
      responses: { 200: json(MessageBody, 'Signed out') },
    }),
    async (c) => {
      const token = requestToken(c);
      if (token) await revokeSession(c.var.db, token);
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return c.json({ message: AUTH_TEXT.loggedOut }, 200);
    },
  );
