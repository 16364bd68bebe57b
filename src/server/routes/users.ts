import { createRoute } from '@hono/zod-openapi';
import { MAIL_LINK_TEXT } from '../../lib/contract/auth';
import { PasswordChange, PasswordResult, PROFILE_TEXT, ProfileResult, ProfileUpdate } from '../../lib/contract/users';
import { requestToken, requireUser } from '../auth/middleware';
import { createRouter } from '../http/router';
import { toUser } from '../services/accounts';
import { changePassword, updateProfile } from '../services/profile';
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
      summary:
        'Change name and phone (an empty phone is removed); a new e-mail address is mailed a link and replaces the old one when it is followed (an address another account holds answers the same; its holder is told instead)',
      request: body(ProfileUpdate),
      responses: {
        200: json(ProfileResult, 'Updated'),
        ...errors(
          [400, 'Field errors under name, email, phone'],
          [401, 'Not signed in'],
          [429, 'Too many new addresses asked for, or one address asked for too often; nothing changed'],
        ),
      },
    }),
    async (c) => {
      const { user, pendingEmail } = await updateProfile(c.var.db, requireUser(c).id, c.req.valid('json'));
      const message = pendingEmail ? MAIL_LINK_TEXT.emailChangePending(pendingEmail) : PROFILE_TEXT.updated;
      return c.json({ success: true as const, user, message }, 200);
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
      await changePassword(c.var.db, requireUser(c), c.req.valid('json'), requestToken(c));
      return c.json({ success: true as const, message: PROFILE_TEXT.passwordChanged }, 200);
    },
  );
