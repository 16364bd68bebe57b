import { expect, test } from '@playwright/test';
import { DEMO_BUYER_EMAIL, DEMO_PASSWORD } from '../fixtures/e2e-session';
import { gatedSuiteRuns } from '../fixtures/gated';

/**
 * The browser's Firebase path against the Firebase Auth emulator. Skipped unless the shop was
 * started for it; run with (firebase-tools is not a project dependency):
 *
 *   E2E_PORT=4398 FIREBASE_PROJECT_ID=demo-yaad PUBLIC_FIREBASE_API_KEY=demo-key \
 *   PUBLIC_FIREBASE_AUTH_DOMAIN=demo-yaad.firebaseapp.com PUBLIC_FIREBASE_PROJECT_ID=demo-yaad \
 *   PUBLIC_FIREBASE_APP_ID=1:1:web:1 PUBLIC_FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:9099 \
 *   npx -y firebase-tools@15 emulators:exec --only auth --project demo-yaad \
 *     "npx playwright test tests/e2e/firebase.spec.ts"
 *
 * The Google popup cannot run here: Firebase loads Google's API script for it, and this machine
 * is offline. Its error texts are unit-tested (src/lib/firebase-errors.test.ts).
 */
const emulator = gatedSuiteRuns(
  'firebase',
  Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST && process.env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST),
  'FIREBASE_AUTH_EMULATOR_HOST or PUBLIC_FIREBASE_AUTH_EMULATOR_HOST',
);
test.skip(!emulator, 'needs the Firebase Auth emulator');

/** The Firebase SDK must work under the shop's Content-Security-Policy. */
let cspViolations: string[] = [];
test.afterEach(() => expect(cspViolations).toEqual([]));

test.beforeEach(async ({ context, page }) => {
  cspViolations = [];
  page.on('console', (message) => {
    if (/Content[ -]Security[ -]Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
    ),
  );
});

test('register and sign in through Firebase, keep the session in sync, log out of both', async ({ page }, testInfo) => {
  const email = `fb-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-login-firebase.png` });

  await page.goto('/register');
  await page.getByLabel('Full name').fill('Devon Clarke');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('irie-pass');
  await page.getByLabel('Confirm password').fill('irie-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login\?registered=1$/);
  await expect(page.getByText('Registration successful!')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Account created!' })).toBeVisible();

  // Firebase refuses an existing e-mail with the spec's text.
  await page.goto('/register');
  await page.getByLabel('Full name').fill('Someone Else');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('other-pass');
  await page.getByLabel('Confirm password').fill('other-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('This email is already registered.');

  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Invalid email or password.');
  await page.getByLabel('Password').fill('irie-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Devon Clarke' })).toBeVisible();

  // The shop session ends (expired, say) while Firebase still remembers the user: it comes back silently.
  expect((await page.request.post('/api/v1/auth/logout')).status()).toBe(200);
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(401);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Devon Clarke' })).toBeVisible();
  expect((await page.request.get('/api/v1/auth/me')).status()).toBe(200);

  // If that exchange fails: "Session Sync Error", and signed out.
  await page.request.post('/api/v1/auth/logout');
  await page.route('**/api/v1/auth/firebase-login', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"down","code":"unavailable"}' }),
  );
  await page.goto('/profile');
  await expect(page.getByText('Session Sync Error')).toBeVisible();
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('yaad-firebase'))).toBeNull();
  await page.unroute('**/api/v1/auth/firebase-login');

  // Log in again, then Logout ends both sessions: nothing comes back on /profile.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('irie-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Logged out')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('yaad-firebase'))).toBeNull();
});

test('an account with a password on the shop still signs in from the Firebase form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(DEMO_BUYER_EMAIL);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Tanisha Campbell' })).toBeVisible();
});
