import { createRoute } from '@hono/zod-openapi';
import { eq, sql } from 'drizzle-orm';
import { AUTH_TEXT } from '../../lib/contract/auth';
import { PasswordChange, PasswordResult, PROFILE_TEXT, ProfileResult, ProfileUpdate } from '../../lib/contract/users';
import { requestToken, requireUser } from '../auth/middleware';
import { hashPassword, verifyPassword } from '../auth/password';
import { revokeAllSessions } from '../auth/sessions';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { ApiError } from '../http/errors';
import { createRouter } from '../http/router';
import { toUser } from '../services/accounts';
import { errors, json } from './openapi-helpers';

const tags = ['Users'];
const body = <T>(schema: T) => ({ body: { content: { 'application/json': { schema } }, required: true } });

export const userRoutes = createRouter()
  .openapi(
    createRoute({
      method: 'get',
      path: '/profile',
      tags,
      summary: "The signed-in user's profile",
      responses: { 200: json(ProfileResult, 'The profile'), ...errors([401, 'Not signed in']) },
    }),
    (c) => c.json({ success: true as const, user: toUser(requireUser(c)) }, 200),
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/profile',
      tags,
      summary: 'Change name, e-mail and phone (an empty phone is removed)',
      request: body(ProfileUpdate),
      responses: {
        200: json(ProfileResult, 'Updated'),
        ...errors([400, 'Field errors under name, email, phone'], [401, 'Not signed in'], [409, 'E-mail in use']),
      },
    }),
    async (c) => {
      const me = requireUser(c);
      const input = c.req.valid('json');
      const [taken] = await c.var.db.select({ id: users.id }).from(users).where(eq(users.email, input.email));
      if (taken && taken.id !== me.id)
        throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
      // The look-up above gives the usual answer; two users taking the same address at once both
      // pass it, and the unique index decides: the loser gets the same 409, not a 500.
      const [row] = await c.var.db
        .update(users)
        .set({ name: input.name, email: input.email, phone: input.phone ?? null, updatedAt: sql`now()` })
        .where(eq(users.id, me.id))
        .returning()
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'users_email_key'))
            throw new ApiError(409, 'conflict', AUTH_TEXT.emailTaken, { email: AUTH_TEXT.emailTaken });
          throw error;
        });
      return c.json({ success: true as const, user: toUser(row), message: PROFILE_TEXT.updated }, 200);
    },
  )
  .openapi(
    createRoute({
      method: 'put',
      path: '/change-password',
      tags,
      summary: 'Change the password (the current one is checked); other sessions are signed out',
      request: body(PasswordChange),
      responses: {
        200: json(PasswordResult, 'Changed'),
        ...errors([400, 'Too short or wrong current password'], [401, 'Not signed in']),
      },
    }),
    async (c) => {
      const me = requireUser(c);
      const { currentPassword, newPassword } = c.req.valid('json');
      if (!me.passwordHash) {
        throw new ApiError(400, 'validation_failed', PROFILE_TEXT.noPassword, {
          currentPassword: PROFILE_TEXT.noPassword,
        });
      }
      if (!(await verifyPassword(currentPassword, me.passwordHash))) {
        throw new ApiError(400, 'validation_failed', PROFILE_TEXT.wrongPassword, {
          currentPassword: PROFILE_TEXT.wrongPassword,
        });
      }
      await c.var.db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), updatedAt: sql`now()` })
        .where(eq(users.id, me.id));
      await revokeAllSessions(c.var.db, me.id, requestToken(c));
      return c.json({ success: true as const, message: PROFILE_TEXT.passwordChanged }, 200);
    },
  );
