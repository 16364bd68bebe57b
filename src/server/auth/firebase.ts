import {
  createRemoteJWKSet,
  decodeProtectedHeader,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
  UnsecuredJWT,
} from 'jose';
import type { Env as Config } from '../env';

/** Google's public keys for Firebase ID tokens (rotated every few hours; cached by jose). */
export const GOOGLE_SECURETOKEN_JWKS =
  'https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com';

/** What the shop takes from a verified Firebase ID token. */
export type FirebaseIdentity = {
  uid: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
  /** "password", "google.com", … */
  provider: string | null;
};

export type FirebaseVerifier = (idToken: string) => Promise<FirebaseIdentity>;

/** A token that is not a valid Firebase ID token for this project (the route answers 401). */
export class FirebaseTokenError extends Error {}

export type FirebaseVerifierOptions = {
  projectId: string;
  /** The signing keys; Google's key set when omitted. Tests pass a local key set here. */
  keys?: JWTVerifyGetKey;
  /**
   * Accept the Auth emulator's unsigned tokens (`alg: none`). Only ever true when
   * FIREBASE_AUTH_EMULATOR_HOST is set: a production server must never accept them.
   */
  emulator?: boolean;
  /** Seconds of clock skew allowed on exp, iat and auth_time. */
  clockTolerance?: number;
};

/**
 * Verifies Firebase ID tokens the way Firebase documents it: RS256 signature by one of Google's
 * keys (found by `kid`), audience = project id, issuer = https://securetoken.google.com/<project>,
 * not expired, issued and authenticated in the past, and a non-empty subject (the uid).
 */
export function createFirebaseVerifier(options: FirebaseVerifierOptions): FirebaseVerifier {
  const { projectId } = options;
  const issuer = `https://securetoken.google.com/${projectId}`;
  const clockTolerance = options.clockTolerance ?? 5;
  let keys = options.keys;

  return async (idToken) => {
    if (typeof idToken !== 'string' || idToken.length > 8192 || idToken.split('.').length !== 3)
      throw new FirebaseTokenError('not a JWT');
    let payload: JWTPayload;
    try {
      const header = decodeProtectedHeader(idToken);
      if (header.alg === 'none') {
        if (!options.emulator) throw new FirebaseTokenError('unsigned token');
        ({ payload } = UnsecuredJWT.decode(idToken, { issuer, audience: projectId, clockTolerance }));
      } else {
        if (header.alg !== 'RS256' || typeof header.kid !== 'string') throw new FirebaseTokenError('bad header');
        keys ??= createRemoteJWKSet(new URL(GOOGLE_SECURETOKEN_JWKS));
        ({ payload } = await jwtVerify(idToken, keys, {
          algorithms: ['RS256'],
          issuer,
          audience: projectId,
          clockTolerance,
          requiredClaims: ['exp', 'iat', 'sub'],
        }));
      }
    } catch (error) {
      if (error instanceof FirebaseTokenError) throw error;
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError)
        throw new FirebaseTokenError(error.message);
      throw error;
    }
    const now = Math.floor(Date.now() / 1000) + clockTolerance;
    if (typeof payload.iat !== 'number' || payload.iat > now) throw new FirebaseTokenError('issued in the future');
    const authTime = payload.auth_time;
    if (typeof authTime !== 'number' || authTime > now) throw new FirebaseTokenError('bad auth_time');
    const uid = payload.sub;
    if (typeof uid !== 'string' || uid.length === 0 || uid.length > 128) throw new FirebaseTokenError('bad subject');

    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const firebase = payload.firebase as { sign_in_provider?: unknown } | undefined;
    return {
      uid,
      email: str(payload.email)?.toLowerCase() ?? null,
      emailVerified: payload.email_verified === true,
      name: str(payload.name),
      picture: str(payload.picture),
      provider: str(firebase?.sign_in_provider),
    };
  };
}

/** The server's verifier from its configuration, or undefined when Firebase sign-in is off. */
export function firebaseVerifierFromConfig(config: Config): FirebaseVerifier | undefined {
  if (!config.FIREBASE_PROJECT_ID) return undefined;
  return createFirebaseVerifier({
    projectId: config.FIREBASE_PROJECT_ID,
    emulator: Boolean(config.FIREBASE_AUTH_EMULATOR_HOST),
  });
}
