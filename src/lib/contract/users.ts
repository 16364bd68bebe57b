import { z } from 'zod';
import { AUTH_TEXT, PASSWORD_MIN, User } from './auth';
import { singleLine } from './single-line';

/** Spec §5 and §8 profile texts. */
export const PROFILE_TEXT = {
  updated: 'Profile updated successfully',
  passwordChanged: 'Password changed successfully',
  passwordsDiffer: 'New passwords do not match',
  passwordShort: 'Password must be at least 6 characters long',
  wrongPassword: 'Current password is incorrect',
  noPassword: 'This account signs in with Google or Firebase and has no password on Yaad Market to change.',
  nameRequired: 'Name is required',
  phoneInvalid: 'Enter a phone number of 7 to 15 digits, e.g. +1 876 555 0142',
  /** Account Preferences, e-mail notifications: what is sent, so there is nothing to switch off (issue 15). */
  mailAlwaysSent:
    'Order and account e-mails are always sent. The newsletter comes only if you sign up for it, with an unsubscribe link in every issue.',
} as const;

/** Name, e-mail and phone are trimmed; an empty phone is left out (spec §5). */
export const ProfileUpdate = z.object({
  name: singleLine(
    z.string({ error: PROFILE_TEXT.nameRequired }).trim().min(1, PROFILE_TEXT.nameRequired).max(120),
    'Full name',
  ),
  email: z
    .string({ error: AUTH_TEXT.badEmail })
    .trim()
    .toLowerCase()
    .max(254, AUTH_TEXT.badEmail)
    .pipe(z.email({ error: AUTH_TEXT.badEmail })),
  phone: singleLine(z.string().trim(), 'Phone number')
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) =>
        v === undefined ||
        (/^\+?[\d\s().-]{7,20}$/.test(v) && v.replace(/\D/g, '').length >= 7 && v.replace(/\D/g, '').length <= 15),
      PROFILE_TEXT.phoneInvalid,
    ),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const PasswordChange = z.object({
  currentPassword: z.string({ error: AUTH_TEXT.fillAll }).min(1, AUTH_TEXT.fillAll).max(200),
  newPassword: z.string({ error: AUTH_TEXT.fillAll }).min(PASSWORD_MIN, PROFILE_TEXT.passwordShort).max(200),
});

export const ProfileResult = z
  .object({ success: z.literal(true), user: User, message: z.string().optional() })
  .meta({ id: 'ProfileResult' });
export const PasswordResult = z
  .object({ success: z.literal(true), message: z.string() })
  .meta({ id: 'PasswordResult' });
