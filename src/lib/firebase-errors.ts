/**
 * Firebase Auth error codes in the spec's words (§8). No text tells an unknown e-mail from a wrong
 * password (see the README's deviations), so "No account found with this email." is never shown.
 */
export const SOCIAL_TEXT = {
  popupClosed: 'Sign-in popup was closed before completing',
  oneAtATime: 'Only one sign-in request allowed at a time',
  badApiKey: 'Firebase configuration error: Invalid API key',
  notConfigured: 'Firebase is not properly configured',
  failed: 'Login failed. Please try again.',
  syncError: 'Session Sync Error',
  popupBlocked: 'The sign-in popup was blocked. Allow popups for this site and try again.',
} as const;

const LOGIN: Record<string, string> = {
  'auth/invalid-credential': 'Invalid email or password.',
  'auth/invalid-login-credentials': 'Invalid email or password.',
  'auth/wrong-password': 'Invalid email or password.',
  'auth/user-not-found': 'Invalid email or password.',
  'auth/user-disabled': 'Invalid email or password.',
  'auth/too-many-requests': 'Too many failed attempts. Try again later.',
  'auth/invalid-email': 'Invalid email format.',
};

const REGISTER: Record<string, string> = {
  'auth/email-already-in-use': 'This email is already registered.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/operation-not-allowed': 'Registration is disabled.',
  'auth/admin-restricted-operation': 'Registration is disabled.',
  'auth/weak-password': 'Password must be at least 6 characters.',
  'auth/too-many-requests': 'Too many attempts. Try later.',
};

const SOCIAL: Record<string, string> = {
  'auth/popup-closed-by-user': SOCIAL_TEXT.popupClosed,
  'auth/user-cancelled': SOCIAL_TEXT.popupClosed,
  'auth/cancelled-popup-request': SOCIAL_TEXT.oneAtATime,
  'auth/popup-blocked': SOCIAL_TEXT.popupBlocked,
  'auth/account-exists-with-different-credential': 'This email is already registered.',
};

const CONFIG: Record<string, string> = {
  'auth/invalid-api-key': SOCIAL_TEXT.badApiKey,
  'auth/api-key-not-valid.-please-pass-a-valid-api-key.': SOCIAL_TEXT.badApiKey,
  'auth/configuration-not-found': SOCIAL_TEXT.notConfigured,
  'auth/invalid-app-id': SOCIAL_TEXT.notConfigured,
  'auth/unauthorized-domain': SOCIAL_TEXT.notConfigured,
};

const DEFAULTS = { login: 'Login failed.', register: 'Registration failed.', social: SOCIAL_TEXT.failed } as const;

/** The text for a failure of Firebase sign-in, sign-up or the Google popup. */
export function firebaseErrorText(error: unknown, during: 'login' | 'register' | 'social'): string {
  const code = typeof error === 'object' && error && 'code' in error ? String(error.code) : '';
  const table = during === 'login' ? LOGIN : during === 'register' ? REGISTER : { ...LOGIN, ...SOCIAL };
  return table[code] ?? CONFIG[code] ?? DEFAULTS[during];
}
