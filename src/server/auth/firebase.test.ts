import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { emulatorToken, firebaseKeys, TEST_PROJECT } from '../../../tests/fixtures/firebase';
import { createFirebaseVerifier, FirebaseTokenError } from './firebase';

let keys: Awaited<ReturnType<typeof firebaseKeys>>;
beforeAll(async () => {
  keys = await firebaseKeys();
});

const refused = (p: Promise<unknown>) => expect(p).rejects.toBeInstanceOf(FirebaseTokenError);

describe('Firebase ID token verification', () => {
  it('accepts a token signed by a known key for this project and reads the identity', async () => {
    const token = await keys.idToken({
      sub: 'abc123',
      email: 'Kemar@Example.com',
      email_verified: true,
      name: 'Kemar Williams',
      picture: 'https://lh3.googleusercontent.com/a/x',
      firebase: { sign_in_provider: 'google.com' },
    });
    expect(await keys.verifier(token)).toEqual({
      uid: 'abc123',
      email: 'kemar@example.com',
      emailVerified: true,
      name: 'Kemar Williams',
      picture: 'https://lh3.googleusercontent.com/a/x',
      provider: 'google.com',
    });
  });

  it('refuses a token signed by another key, even with the same kid', async () => {
    const other = await generateKeyPair('RS256');
    await refused(keys.verifier(await keys.idToken({}, { key: other.privateKey })));
  });

  it('refuses an unknown kid', async () => {
    await refused(keys.verifier(await keys.idToken({}, { kid: 'rotated-away' })));
  });

  it('refuses another project (audience) and another issuer', async () => {
    await refused(keys.verifier(await keys.idToken({ aud: 'someone-else' })));
    await refused(keys.verifier(await keys.idToken({ iss: 'https://securetoken.google.com/someone-else' })));
    await refused(keys.verifier(await keys.idToken({ iss: 'https://accounts.google.com' })));
  });

  it('refuses an expired token, and one issued or authenticated in the future', async () => {
    await refused(keys.verifier(await keys.idToken({}, { issuedAgo: 7200, expiresIn: 3600 })));
    await refused(keys.verifier(await keys.idToken({}, { issuedAgo: -600 })));
    await refused(keys.verifier(await keys.idToken({ auth_time: Math.floor(Date.now() / 1000) + 600 })));
  });

  it('refuses an empty or over-long subject', async () => {
    await refused(keys.verifier(await keys.idToken({ sub: '' })));
    await refused(keys.verifier(await keys.idToken({ sub: 'x'.repeat(129) })));
  });

  it('refuses another algorithm (HS256 with the public key as secret) and garbage', async () => {
    const { publicKey } = await generateKeyPair('RS256');
    const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(publicKey)));
    const hs = await new SignJWT({ auth_time: 1 })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .setIssuer(`https://securetoken.google.com/${TEST_PROJECT}`)
      .setAudience(TEST_PROJECT)
      .setSubject('x')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret);
    await refused(keys.verifier(hs));
    await refused(keys.verifier('not.a.token'));
    await refused(keys.verifier('nope'));
  });

  it("accepts the emulator's unsigned tokens only when told the emulator is in use", async () => {
    const token = emulatorToken({ sub: 'emu-1', email: 'emu@example.com', email_verified: false });
    await refused(keys.verifier(token));
    const production = createFirebaseVerifier({ projectId: TEST_PROJECT, keys: keys.jwks });
    await refused(production(token));
    const emulator = createFirebaseVerifier({ projectId: TEST_PROJECT, keys: keys.jwks, emulator: true });
    expect(await emulator(token)).toMatchObject({ uid: 'emu-1', email: 'emu@example.com' });
    // Even then the claims are checked.
    await refused(emulator(emulatorToken({ sub: 'emu-1', aud: 'someone-else' })));
    await refused(emulator(emulatorToken({ sub: 'emu-1', exp: Math.floor(Date.now() / 1000) - 60 })));
  });
});
