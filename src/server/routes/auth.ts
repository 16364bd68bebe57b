import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie } from 'hono/cookie';
import {
  AUTH_TEXT,
  FirebaseLoginInput,
  ForgotPasswordInput,
  LoginInput,
  MAIL_LINK_TEXT,
  MessageBody,
  REGISTRATION_NAME_HEADER,
  RegisterInput,
  ResetPasswordInput,
  UserEnvelope,
  VerifyEmailInput,
} from '../../lib/contract/auth';
import { FirebaseTokenError } from '../auth/firebase';
import { requestToken, requireUser, setSessionCookie } from '../auth/middleware';
import { dummyHash } from '../auth/password';
import { createSession, revokeSession, SESSION_COOKIE } from '../auth/sessions';
import { clientAddress } from '../http/client-address';
import { ApiError } from '../http/errors';
import { type AppEnv, createRouter } from '../http/router';
import { authenticate, register, signInWithFirebase, toUser } from '../services/accounts';
import { resendVerification, verifyEmail } from '../services/email-verification';
import { withListedRole } from '../services/operators';
import { requestPasswordReset, resetPassword } from '../services/password-reset';
import { errors, json } from './openapi-helpers';

const tags = ['Accounts'];
// Made at start-up, so the first sign-in with an unknown e-mail takes no longer than any other.
void dummyHash();

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
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      tags,
      summary:
        'Mail a password reset link (single use, for PASSWORD_RESET_SECONDS: 30 minutes by default) when an account uses the address; the same answer either way',
      request: body(ForgotPasswordInput),
      responses: {
        200: json(MessageBody, 'The same answer whether or not an account uses the address'),
        ...errors([400, 'Not an e-mail address'], [429, 'Too many reset mails for this address or from this client']),
      },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      const lifetime = await requestPasswordReset(
        c.var.db,
        email,
        await clientAddress(c),
        c.var.config.PASSWORD_RESET_SECONDS,
      );
      return c.json({ message: MAIL_LINK_TEXT.resetRequested(lifetime) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      tags,
      summary:
        'Set a new password with the token of a reset link: every session of the account ends, and this client is signed in',
      request: body(ResetPasswordInput),
      responses: {
        200: json(UserEnvelope, 'Password changed, signed in'),
        ...errors([400, 'Password too short, or the link expired, was used or was replaced by a newer one']),
      },
    }),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const user = await resetPassword(c.var.db, token, password);
      const session = await createSession(c.var.db, user.id, c.var.config.SESSION_TTL_DAYS);
      setSessionCookie(c, session.token, session.expiresAt);
      return c.json({ user: toUser(user) }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/verify-email',
      tags,
      summary: "Follow a verification link: the address is verified (or a new address replaces the account's)",
      request: body(VerifyEmailInput),
      responses: {
        200: json(UserEnvelope, 'Verified'),
        ...errors([400, 'Expired, used or unknown link'], [409, 'The new address was taken meanwhile']),
      },
    }),
    async (c) => c.json({ user: toUser(await verifyEmail(c.var.db, c.req.valid('json').token)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'post',
      path: '/resend-verification',
      tags,
      summary: 'Mail a new verification link to the address waiting for verification (rate-limited)',
      responses: {
        200: json(MessageBody, 'Sent'),
        ...errors([401, 'Not signed in'], [409, 'Already verified'], [429, 'Too many in a short time']),
      },
    }),
    async (c) => {
      await resendVerification(c.var.db, requireUser(c));
      return c.json({ message: MAIL_LINK_TEXT.verifySent }, 200);
    },
  );
