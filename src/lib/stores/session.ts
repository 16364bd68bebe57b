import { atom } from 'nanostores';
import { ApiRequestError, api } from '../api';
import { REGISTRATION_NAME_HEADER, type User } from '../contract/auth';
import {
  firebaseEmailSignIn,
  firebaseGoogleSignIn,
  firebaseRegister,
  firebaseRememberedToken,
  firebaseSetup,
  firebaseSignOut,
} from '../firebase-client';
import { SOCIAL_TEXT } from '../firebase-errors';
import { localStore } from './browser-storage';
import { hintFollowersSettled, setSignedInHint } from './signed-in-hint';
import { toastError } from './toasts';

/**
 * The signed-in user. Alongside it, the signed-in hint (`signed-in-hint.ts`: the first name in
 * local storage) lets every static page show the right header at once and tells the cart which
 * home to use. The session itself is the httpOnly `token` cookie, never readable here.
 */
/** Set while the session came from Firebase, so logout and the session sync know to load its SDK. */
const FIREBASE_KEY = 'yaad-firebase';
/** Which provider the e-mail and password forms use: Firebase when the build is configured for it. */
export const usesFirebase = firebaseSetup === 'on';
export const $user = atom<User | null | undefined>(undefined);

function announce(user: User | null) {
  $user.set(user);
  setSignedInHint(user ? user.name.split(/\s+/)[0] : null);
}

/**
 * Resolves when what followed the last sign-in or sign-out is done (the cart merging a guest
 * cart and saying "Cart Synced"), so a page can wait for it before it leaves.
 */
export const sessionSettled = (): Promise<void> => hintFollowersSettled();

/**
 * Who is signed in, from the server (undefined while unknown). When Firebase still remembers a
 * user this browser signed in with but the shop has no session, the session is restored silently
 * (spec §4); if that fails: "Session Sync Error", and the Firebase user is signed out too.
 */
export async function refreshSession(): Promise<User | null> {
  try {
    const { user } = await api.get<{ user: User }>('/auth/me');
    announce(user);
    return user;
  } catch (error) {
    if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
  }
  if (usesFirebase && localStore()?.getItem(FIREBASE_KEY)) {
    try {
      const idToken = await firebaseRememberedToken();
      if (idToken) return await exchangeFirebaseToken(idToken);
    } catch {
      toastError(SOCIAL_TEXT.syncError, 'Please log in again.');
      await logout();
      return null;
    }
  }
  announce(null);
  return null;
}

/** Trades a Firebase ID token for the shop's session cookie (POST /auth/firebase-login). */
async function exchangeFirebaseToken(idToken: string, registrationName?: string): Promise<User> {
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', 'X-Site-Type': 'Buyer' };
  if (registrationName) headers[REGISTRATION_NAME_HEADER] = encodeURIComponent(registrationName);
  const { user } = await api.post<{ user: User }>('/auth/firebase-login', { idToken }, undefined, headers);
  try {
    localStore()?.setItem(FIREBASE_KEY, '1');
  } catch {}
  announce(user);
  return user;
}

/** What went wrong at the identity provider (Firebase), as opposed to at the shop's API. */
export class ProviderError extends Error {
  constructor(readonly cause: unknown) {
    super('identity provider error');
  }
}
const atProvider = async <T>(step: Promise<T>): Promise<T> => {
  try {
    return await step;
  } catch (error) {
    throw new ProviderError(error);
  }
};

const UNKNOWN_TO_FIREBASE = new Set([
  'auth/invalid-credential',
  'auth/invalid-login-credentials',
  'auth/user-not-found',
  'auth/wrong-password',
]);

/**
 * E-mail and password: the built-in provider, or Firebase when configured. An account Firebase
 * does not know may still have a password on this server (made before Firebase was switched on),
 * so that answer is checked here before it is given.
 */
export async function login(email: string, password: string): Promise<User> {
  if (usesFirebase) {
    try {
      return await exchangeFirebaseToken(await atProvider(firebaseEmailSignIn(email, password)));
    } catch (error) {
      const code = error instanceof ProviderError ? (error.cause as { code?: string } | undefined)?.code : undefined;
      if (!code || !UNKNOWN_TO_FIREBASE.has(code)) throw error;
    }
  }
  const { user } = await api.post<{ user: User }>('/auth/login', { email, password });
  announce(user);
  return user;
}

/** The Google popup (Firebase); throws ProviderError with Firebase's code when it fails there. */
export async function loginWithGoogle(): Promise<User> {
  return exchangeFirebaseToken(await atProvider(firebaseGoogleSignIn()));
}

/** A new account: on this server, or at Firebase when configured (it reaches the shop at first login). */
export async function register(name: string, email: string, password: string): Promise<void> {
  if (usesFirebase) return atProvider(firebaseRegister(name, email, password));
  await api.post('/auth/register', { name, email, password });
}

/**
 * Ends the session on the server and at Firebase. False when either could not be reached
 * ("Logout Error": "Could not fully log out."); this tab is signed out regardless.
 */
export async function logout(): Promise<boolean> {
  let complete = true;
  try {
    await api.post('/auth/logout');
  } catch {
    complete = false;
  }
  const store = localStore();
  if (store?.getItem(FIREBASE_KEY)) {
    try {
      await firebaseSignOut();
      store.removeItem(FIREBASE_KEY);
    } catch {
      complete = false;
    }
  }
  announce(null);
  return complete;
}
