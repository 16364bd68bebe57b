/**
 * Firebase Auth in the browser, used only when the build is configured for it (PUBLIC_FIREBASE_*).
 * The SDK is imported on first use, so a shop without Firebase ships none of it. Each verb ends in
 * a Firebase ID token, which the session store exchanges at POST /auth/firebase-login.
 */
import type { Auth } from 'firebase/auth';

const env = import.meta.env;
const config = {
  apiKey: env.PUBLIC_FIREBASE_API_KEY as string | undefined,
  authDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN as string | undefined,
  projectId: env.PUBLIC_FIREBASE_PROJECT_ID as string | undefined,
  appId: env.PUBLIC_FIREBASE_APP_ID as string | undefined,
};
/** For tests against the Auth emulator, e.g. "127.0.0.1:9099". */
const emulatorHost = env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST as string | undefined;

/** "on": every setting present; "partial": some (the Google button then says what is wrong); "off": none. */
export const firebaseSetup: 'on' | 'partial' | 'off' = Object.values(config).every(Boolean)
  ? 'on'
  : Object.values(config).some(Boolean)
    ? 'partial'
    : 'off';

/** Thrown when the build has no complete Firebase configuration. */
export class FirebaseNotConfigured extends Error {
  readonly code = 'auth/configuration-not-found';
}

let auth: Promise<Auth> | undefined;
async function firebaseAuth(): Promise<Auth> {
  if (firebaseSetup !== 'on') throw new FirebaseNotConfigured('Firebase is not properly configured');
  auth ??= (async () => {
    const [{ initializeApp }, { getAuth, connectAuthEmulator }] = await Promise.all([
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const instance = getAuth(initializeApp(config));
    if (emulatorHost) connectAuthEmulator(instance, `http://${emulatorHost}`, { disableWarnings: true });
    return instance;
  })();
  return auth;
}

/** E-mail and password through Firebase; the ID token of the signed-in Firebase user. */
export async function firebaseEmailSignIn(email: string, password: string): Promise<string> {
  const a = await firebaseAuth();
  const { signInWithEmailAndPassword } = await import('firebase/auth');
  const { user } = await signInWithEmailAndPassword(a, email, password);
  return user.getIdToken();
}

/**
 * A new Firebase account with its display name; a verification e-mail goes out. The new user is
 * signed out again, so the shopper logs in on /login as after a built-in registration.
 */
export async function firebaseRegister(name: string, email: string, password: string): Promise<void> {
  const a = await firebaseAuth();
  const { createUserWithEmailAndPassword, sendEmailVerification, signOut, updateProfile } = await import(
    'firebase/auth'
  );
  const { user } = await createUserWithEmailAndPassword(a, email, password);
  await updateProfile(user, { displayName: name });
  await sendEmailVerification(user).catch(() => undefined);
  await signOut(a);
}

/** The Google popup (the SDK's 500 × 600 window) asking for the profile and e-mail scopes. */
export async function firebaseGoogleSignIn(): Promise<string> {
  const a = await firebaseAuth();
  const { GoogleAuthProvider, signInWithPopup } = await import('firebase/auth');
  const provider = new GoogleAuthProvider();
  provider.addScope('profile');
  provider.addScope('email');
  const { user } = await signInWithPopup(a, provider);
  return user.getIdToken();
}

/** The ID token of the user Firebase still remembers in this browser, if any. */
export async function firebaseRememberedToken(): Promise<string | null> {
  const a = await firebaseAuth();
  await a.authStateReady();
  return a.currentUser ? a.currentUser.getIdToken() : null;
}

export async function firebaseSignOut(): Promise<void> {
  if (firebaseSetup !== 'on') return;
  const a = await firebaseAuth();
  const { signOut } = await import('firebase/auth');
  await signOut(a);
}
