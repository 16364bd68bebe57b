import { describe, expect, it } from 'vitest';
import { firebaseErrorText } from './firebase-errors';

const err = (code: string) => Object.assign(new Error(code), { code });

describe('firebaseErrorText', () => {
  it.each([
    ['auth/invalid-credential', 'Invalid email or password.'],
    ['auth/wrong-password', 'Invalid email or password.'],
    ['auth/user-not-found', 'Invalid email or password.'],
    ['auth/too-many-requests', 'Too many failed attempts. Try again later.'],
    ['auth/invalid-email', 'Invalid email format.'],
    ['auth/network-request-failed', 'Login failed.'],
  ])('login %s → %s', (code, text) => expect(firebaseErrorText(err(code), 'login')).toBe(text));

  it.each([
    ['auth/email-already-in-use', 'This email is already registered.'],
    ['auth/invalid-email', 'Please enter a valid email address.'],
    ['auth/operation-not-allowed', 'Registration is disabled.'],
    ['auth/weak-password', 'Password must be at least 6 characters.'],
    ['auth/too-many-requests', 'Too many attempts. Try later.'],
    ['auth/internal-error', 'Registration failed.'],
  ])('register %s → %s', (code, text) => expect(firebaseErrorText(err(code), 'register')).toBe(text));

  it.each([
    ['auth/popup-closed-by-user', 'Sign-in popup was closed before completing'],
    ['auth/cancelled-popup-request', 'Only one sign-in request allowed at a time'],
    ['auth/invalid-api-key', 'Firebase configuration error: Invalid API key'],
    ['auth/configuration-not-found', 'Firebase is not properly configured'],
    ['auth/something-else', 'Login failed. Please try again.'],
  ])('social %s → %s', (code, text) => expect(firebaseErrorText(err(code), 'social')).toBe(text));

  it('falls back for errors without a code', () => {
    expect(firebaseErrorText(new Error('x'), 'social')).toBe('Login failed. Please try again.');
    expect(firebaseErrorText(undefined, 'login')).toBe('Login failed.');
  });
});
