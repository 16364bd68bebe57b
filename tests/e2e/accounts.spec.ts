import { expect, test } from '@playwright/test';
import { PROFILE_TEXT } from '../../src/lib/contract/users';
import { expectNoSeriousA11yIssues } from '../fixtures/page-checks';

/** The pages must run under the shop's Content-Security-Policy: no violation reported. */
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

test('register, log in, see the profile, log out', async ({ page, browser }, testInfo) => {
  const email = `shopper-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();

  await page.goto('/register');
  await expectNoSeriousA11yIssues(page);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Please fill in all fields');
  await page.getByLabel('Full name').fill('Kemar Williams');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('irie-pass');
  await page.getByLabel('Confirm password').fill('irie-pazz');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Passwords do not match');
  await page.getByLabel('Confirm password').fill('irie-pass');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/login\?registered=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Account created!' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wrong-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Invalid email or password.');
  await expect(page.getByRole('alert').filter({ hasText: 'Login Failed' })).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Password').fill('irie-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Kemar Williams' })).toBeVisible();
  await expect(page.getByText('Buyer', { exact: true })).toBeVisible();
  await expect(page.getByText('No orders found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  await expectNoSeriousA11yIssues(page);
  // The tabs follow the arrow keys.
  await page.getByRole('tab', { name: 'Orders' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(email);
  // The header greets the shopper by first name on every page.
  await page.goto('/about');
  await expect(page.locator('[data-user-name]').first()).toHaveText('Kemar');

  await page.goto('/profile?tab=settings');
  await page.getByRole('button', { name: 'Account Information' }).click();
  const dialog = page.getByRole('dialog', { name: 'Account Information' });
  await expect(dialog.getByRole('heading', { name: 'Account Preferences' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  // Cancel restores the stored values.
  await dialog.getByLabel('Full Name').fill('Somebody Else');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog.getByText('Kemar Williams', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByLabel('Full Name').fill('  Kemar A. Williams ');
  await dialog.getByLabel('Phone Number').fill('+1 876 555 0199');
  await page.evaluate(() =>
    window.addEventListener('yaad:profile-updated', () => document.body.setAttribute('data-profile-updated', '1')),
  );
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully')).toBeVisible();
  await expect(page.locator('body')).toHaveAttribute('data-profile-updated', '1');
  await expect(dialog.getByText('Kemar A. Williams', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await dialog.getByLabel('Current Password').fill('irie-pass');
  await dialog.getByLabel('New Password', { exact: true }).fill('new-irie-pass');
  await dialog.getByLabel('Confirm New Password').fill('different');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('New passwords do not match');
  await dialog.getByLabel('Confirm New Password').fill('new-irie-pass');
  await dialog.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password changed successfully')).toBeVisible();
  await expectNoSeriousA11yIssues(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The address book: add two, make the second the default, delete the first.
  await page.getByRole('button', { name: 'Shipping Addresses' }).click();
  const book = page.getByRole('dialog', { name: 'Shipping Addresses' });
  await expect(book.getByText('No saved addresses yet.')).toBeVisible();
  for (const [label, line1, town, parish] of [
    ['Home', 'Lot 12, Bog Walk district', 'Bog Walk', 'St. Catherine'],
    ['Work', '2 Port Royal Street', 'Kingston', 'Kingston'],
  ]) {
    await book.getByRole('button', { name: 'Add Address' }).click();
    await book.getByRole('button', { name: 'Add Address' }).click();
    await expect(book.getByRole('alert')).toHaveText('Please fill in all required fields');
    await book.getByLabel('Address Name').fill(label);
    await book.getByLabel('Address Line 1').fill(line1);
    await book.getByLabel('Town').fill(town);
    await book.getByLabel('Parish').selectOption(parish);
    await book.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('Shipping address added successfully')).toBeVisible();
  }
  await expect(book.getByRole('listitem').first()).toContainText('Default');
  await book.getByRole('button', { name: 'Set Default Work' }).click();
  await expect(page.getByText('Default shipping address updated')).toBeVisible();
  await expect(book.getByRole('listitem').first()).toContainText('Work');
  await book.getByRole('button', { name: 'Delete Home' }).click();
  await expect(page.getByText('Shipping address removed')).toBeVisible();
  await expect(book.getByRole('listitem')).toHaveCount(1);
  await expectNoSeriousA11yIssues(page);
  await book.getByRole('button', { name: 'Close' }).click();

  // A card: the spec's checks, and only brand, last four, expiry and holder are kept.
  await page.getByRole('button', { name: 'Payment Methods' }).click();
  const cards = page.getByRole('dialog', { name: 'Payment Methods' });
  await cards.getByRole('button', { name: 'Add Card' }).click();
  await cards.getByRole('button', { name: 'Save Card' }).click();
  await expect(cards.getByRole('alert')).toHaveText('Please fill in all required fields');
  await cards.getByLabel('Cardholder name').fill('Kemar Williams');
  await cards.getByLabel('Card number').fill('4242 4242 4242 4242');
  await cards.getByLabel('Expiry (MM/YY)').fill('12/30');
  await cards.getByLabel(/CVV/).fill('123');
  await cards.getByRole('button', { name: 'Save Card' }).click();
  await expect(cards.getByText('Visa •••• 4242')).toBeVisible();
  const stored = await page.evaluate(() => localStorage.getItem('yaad-cards') ?? '');
  expect(stored).toContain('"last4":"4242"');
  expect(stored).not.toContain('4242424242424242');
  expect(stored).not.toMatch(/cvv|"number"/i);
  await cards.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();

  // The new password works; the old one does not.
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('irie-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Invalid email or password.');
  await page.getByLabel('Password').fill('new-irie-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Kemar A. Williams' })).toBeVisible();

  // Another device (a fresh browser) finds the same address book.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const device = await other.newPage();
  await device.goto('/login');
  await device.getByLabel('Email').fill(email);
  await device.getByLabel('Password').fill('new-irie-pass');
  await device.getByRole('button', { name: 'Log in' }).click();
  await expect(device).toHaveURL(/\/profile$/);
  await device.goto('/profile?tab=settings');
  await device.getByRole('button', { name: 'Shipping Addresses' }).click();
  const elsewhere = device.getByRole('dialog', { name: 'Shipping Addresses' });
  await expect(elsewhere.getByRole('listitem')).toHaveCount(1);
  await expect(elsewhere.getByRole('listitem').first()).toContainText('Work');
  await expect(elsewhere.getByRole('listitem').first()).toContainText('Default');
  await other.close();
});

/** Every account screen and dialog, saved for a person to look at, and checked by axe. */
test('account screens: screenshots and accessibility', async ({ page }, testInfo) => {
  test.setTimeout(180_000); // axe and a screenshot on each of about a dozen screens
  const shot = async (name: string) => {
    await expectNoSeriousA11yIssues(page);
    await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-${name}.png` });
  };
  const email = `screens-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await shot('login');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Please fill in all fields');
  await shot('login-error');
  await page.getByLabel('Email').fill('tanisha-at-yaad');
  await page.getByLabel('Password').fill('whatever');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Invalid email format.');
  await page.goto('/register');
  await shot('register');
  await page.goto('/profile');
  await expect(page.getByText('Please log in to view your profile')).toBeVisible();
  await shot('profile-logged-out');

  const created = await page.request.post('/api/v1/auth/register', {
    data: { name: 'Shanique Morgan-Reid', email, password: 'irie-pass' },
  });
  expect(created.status()).toBe(201);
  expect((await page.request.post('/api/v1/auth/login', { data: { email, password: 'irie-pass' } })).status()).toBe(
    200,
  );
  await page.request.post('/api/v1/users/addresses', {
    data: { label: 'Home', line1: '14 Hope Road', town: 'Kingston', parish: 'St. Andrew', postalZone: 'Kingston 6' },
  });
  await page.request.post('/api/v1/users/addresses', {
    data: {
      label: 'Mama',
      line1: 'Content district',
      line2: 'Near the church',
      town: 'Santa Cruz',
      parish: 'St. Elizabeth',
    },
  });

  for (const tab of ['Orders', 'Profile', 'Settings']) {
    await page.goto(`/profile?tab=${tab.toLowerCase()}`);
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    if (tab === 'Orders') await expect(page.getByText('No orders found')).toBeVisible();
    await shot(`profile-${tab.toLowerCase()}`);
  }
  // An order (through the checkout API) shows in the Orders tab, and can be cancelled while pending.
  const store = 'blue-mountain-roasters';
  const { products } = await (await page.request.get(`/api/v1/seller/stores/${store}/products?limit=50`)).json();
  const product = products.find((p: { stock: number }) => p.stock > 1);
  expect((await page.request.post('/api/v1/cart/add', { data: { productId: product.id, quantity: 1 } })).ok()).toBe(
    true,
  );
  const placed = await page.request.post('/api/v1/orders/place', {
    data: {
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: {
        name: 'Shanique Morgan-Reid',
        phone: '876-555-0123',
        street: '14 Hope Road',
        city: 'Kingston',
        state: 'St. Andrew',
        parish: 'St. Andrew',
        country: 'Jamaica',
      },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: store, shippingRateId: `${store}--zipmail` }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order } = await placed.json();
  await page.goto('/profile?tab=orders');
  const card = page.getByRole('listitem').filter({ hasText: `Order ${order.orderNumber}` });
  await expect(card).toContainText(product.name);
  await expect(card).toContainText('Pending');
  await expect(card.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/order/${order.id}`);
  await shot('profile-orders-one');
  // The shop's own dialog asks first (no browser confirm()).
  await card.getByRole('button', { name: 'Cancel Order', exact: true }).click();
  const ask = page.getByRole('dialog', { name: `Cancel order ${order.orderNumber}?` });
  await ask.getByRole('button', { name: 'Cancel order', exact: true }).click();
  await expect(page.getByText('Your order has been successfully cancelled.')).toBeVisible();
  await expect(card).toContainText('Cancelled');
  await expect(card.getByRole('button', { name: 'Cancel Order' })).toHaveCount(0);
  await page.goto('/profile?tab=settings');

  for (const name of ['Account Information', 'Shipping Addresses', 'Payment Methods']) {
    await page.getByRole('button', { name }).click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog).toBeVisible();
    if (name === 'Account Information') {
      await expect(dialog.getByText('Loading profile...')).toBeHidden();
      // E-mail notifications say what is sent rather than "not available".
      const preferences = dialog.getByRole('region', { name: 'Account Preferences' });
      await expect(preferences).toContainText(PROFILE_TEXT.mailAlwaysSent);
      await preferences.scrollIntoViewIfNeeded();
      await shot('dialog-account-preferences');
    }
    if (name === 'Shipping Addresses') await expect(dialog.getByRole('listitem')).toHaveCount(2);
    const slug = name.toLowerCase().replace(/ /g, '-');
    await shot(`dialog-${slug}`);
    const open = { 'Account Information': 'Edit', 'Shipping Addresses': 'Add Address', 'Payment Methods': 'Add Card' }[
      name
    ] as string;
    await dialog.getByRole('button', { name: open }).first().click();
    await shot(`dialog-${slug}-form`);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
