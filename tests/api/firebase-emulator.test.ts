import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { gatedSuiteRuns } from '../fixtures/gated';

/**
 * Against the real Firebase Auth emulator, when one runs (skipped otherwise):
 *   npx -y firebase-tools@15 emulators:exec --only auth --project demo-yaad \
 *     "npx vitest run tests/api/firebase-emulator.test.ts"
 * (emulators:exec sets FIREBASE_AUTH_EMULATOR_HOST and GCLOUD_PROJECT for the command.)
 */
const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
const project = process.env.GCLOUD_PROJECT ?? 'demo-yaad';

async function emulatorCall(path: string, body: unknown) {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}?key=emulator-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json() as Promise<{ idToken: string; localId: string }>;
}

describe.runIf(gatedSuiteRuns('firebase', Boolean(host), 'FIREBASE_AUTH_EMULATOR_HOST'))(
  'Firebase Auth emulator',
  () => {
    let t: TestApp;
    let closed: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ config: { FIREBASE_PROJECT_ID: project, FIREBASE_AUTH_EMULATOR_HOST: host ?? '' } });
      closed = await createTestApp({ config: { FIREBASE_PROJECT_ID: project } });
    });
    afterAll(async () => {
      await t?.close();
      await closed?.close();
    });

    it('exchanges an ID token of a user signed up at the emulator for a session', async () => {
      const email = `emu-${Date.now()}@example.com`;
      const created = await emulatorCall('accounts:signUp', {
        email,
        password: 'irie-pass',
        returnSecureToken: true,
      });
      await emulatorCall('accounts:update', { idToken: created.idToken, displayName: 'Emu Lator' });
      const { idToken } = await emulatorCall('accounts:signInWithPassword', {
        email,
        password: 'irie-pass',
        returnSecureToken: true,
      });
      const res = await t.call('/auth/firebase-login', { method: 'POST', json: { idToken } });
      expect(res.status).toBe(200);
      expect((await res.json()).user).toMatchObject({ email, name: 'Emu Lator' });
      const token = /token=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
      expect((await t.call('/auth/me', { headers: { cookie: `token=${token}` } })).status).toBe(200);
    });

    it("refuses the emulator's unsigned tokens on a server not set up for the emulator", async () => {
      const { idToken } = await emulatorCall('accounts:signUp', {
        email: `emu2-${Date.now()}@example.com`,
        password: 'irie-pass',
        returnSecureToken: true,
      });
      const res = await closed.call('/auth/firebase-login', { method: 'POST', json: { idToken } });
      expect(res.status).toBe(401);
    });
  },
);
