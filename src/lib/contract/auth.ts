import { z } from 'zod';
import { singleLine } from './single-line';

/** Spec §5 and §8 texts for sign-up and sign-in, in one place for the server and the forms. */
export const AUTH_TEXT = {
  fillAll: 'Please fill in all fields',
  passwordsDiffer: 'Passwords do not match',
  passwordShort: 'Password must be at least 6 characters.',
  badEmail: 'Please enter a valid email address.',
  emailTaken: 'This email is already registered.',
  invalidLogin: 'Invalid email or password.',
  loginEmailFormat: 'Invalid email format.',
  tooManyAttempts: 'Too many failed attempts. Try again later.',
  tooManySignUps: 'Too many new accounts from this address. Try again later.',
  registered: 'Account created!',
  loggedOut: 'Logged out',
  authFailed: 'Authentication failed',
  firebaseOff: 'Firebase is not properly configured',
  emailNeeded: 'This sign-in has no e-mail address. Use an account with an e-mail address.',
} as const;

export const PASSWORD_MIN = 6;

const email = z
  .string({ error: AUTH_TEXT.fillAll })
  .trim()
  .toLowerCase()
  .min(1, AUTH_TEXT.fillAll)
  .max(254, AUTH_TEXT.badEmail)
  .pipe(z.email({ error: AUTH_TEXT.badEmail }));

export const RegisterInput = z.object({
  name: singleLine(
    z
      .string({ error: AUTH_TEXT.fillAll })
      .trim()
      .min(1, AUTH_TEXT.fillAll)
      .max(120, 'Name must be at most 120 characters'),
    'Full name',
  ),
  email,
  password: z
    .string({ error: AUTH_TEXT.fillAll })
    .min(1, AUTH_TEXT.fillAll)
    .min(PASSWORD_MIN, AUTH_TEXT.passwordShort)
    .max(200),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

export const LoginInput = z.object({
  email: z
    .string({ error: AUTH_TEXT.fillAll })
    .trim()
    .toLowerCase()
    .min(1, AUTH_TEXT.fillAll)
    .max(254, AUTH_TEXT.loginEmailFormat)
    .pipe(z.email({ error: AUTH_TEXT.loginEmailFormat })),
  password: z.string({ error: AUTH_TEXT.fillAll }).min(1, AUTH_TEXT.fillAll).max(200),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const User = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(['buyer', 'seller', 'admin']),
    phone: z.string().nullable(),
    verified: z.boolean(),
    emailVerified: z.boolean(),
    profilePicture: z.string().nullable(),
    /** A new address waiting for its verification link to be followed (it then replaces `email`). */
    pendingEmail: z.string().optional(),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof User>;

export const UserEnvelope = z.object({ user: User }).meta({ id: 'UserEnvelope' });
export const MessageBody = z.object({ message: z.string() }).meta({ id: 'Message' });

/** POST /auth/firebase-login: a Firebase ID token to exchange for a shop session. */
export const FirebaseLoginInput = z.object({
  idToken: z.string({ error: AUTH_TEXT.authFailed }).min(20, AUTH_TEXT.authFailed).max(8192, AUTH_TEXT.authFailed),
});
export type FirebaseLoginInput = z.infer<typeof FirebaseLoginInput>;

/** The optional header with the name typed on the register screen (URI-encoded), for a new account. */
export const REGISTRATION_NAME_HEADER = 'x-registration-name';

/** Texts of the e-mailed links: password reset and address verification (issue 15). */
export const MAIL_LINK_TEXT = {
  /** `lifetime`: the link's, in words ("30 minutes", from PASSWORD_RESET_SECONDS). */
  resetRequested: (lifetime: string) =>
    `If an account uses that address, we have sent it a link to choose a new password. The link works for ${lifetime}.`,
  resetInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetDone: 'Your password is changed, and every other device is signed out.',
  tooManyMails: 'Too many requests. Please wait a few minutes and try again.',
  verifySent: 'We sent you a new verification link. It works for 3 days.',
  verified: 'Your e-mail address is verified. Thank you!',
  verifyInvalid: 'This verification link has expired or was already used. Send a new one from your profile.',
  alreadyVerified: 'Your e-mail address is already verified.',
  emailChangePending: (email: string) => `We sent a link to ${email}. Your e-mail address changes when you follow it.`,
} as const;

/** The token from an e-mailed link (256 random bits, base64url). */
export const LinkToken = z
  .string({ error: MAIL_LINK_TEXT.resetInvalid })
  .regex(/^[\w-]{43}$/, MAIL_LINK_TEXT.resetInvalid);

export const ForgotPasswordInput = z.object({ email: RegisterInput.shape.email });
export const ResetPasswordInput = z.object({
  token: LinkToken,
  password: RegisterInput.shape.password,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInput>;
export const VerifyEmailInput = z.object({ token: z.string().regex(/^[\w-]{43}$/, MAIL_LINK_TEXT.verifyInvalid) });
