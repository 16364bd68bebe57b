import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_BUYER_EMAIL, signInByApi } from '../fixtures/e2e-session';
import { linkIn, type Mail, mailIn } from '../fixtures/mail-box';
import { courierToStAndrew } from '../fixtures/own-store';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';
import { e2eMailDir } from './smtp-global-setup';

/*
 * E-mail in the browser (issue 15), against the real SMTP server the run starts
 * (smtp-global-setup.ts): a password reset from the request to the new password, the link failing
 * a second time, other sessions signed out; verification from the mailed link; Contact Seller.
 */

async function shoot(page: Page, name: string) {
  await page.screenshot({
    path: test.info().outputPath(`mail-${name}-${test.info().project.name}.png`),
    fullPage: true,
  });
}

/** The newest such mail the run's SMTP server received (tests/fixtures/mail-box.ts). */
const mailTo = (to: string, subject: string, filter?: (m: Mail) => boolean, atLeast?: number) =>
  mailIn(e2eMailDir(), to, subject, filter, atLeast);

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() =>
    localStorage.setItem(
      'cookie-consent',
      JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }),
    ),
  );
});

test('password reset: request, mail, link, new password; other sessions signed out; the link works once', async ({
  page,
  browser,
}, testInfo) => {
  const email = `reset-${testInfo.project.name}-${Date.now()}@yaad.test`;
  const reg = await page.request.post('/api/v1/auth/register', {
    data: { name: 'Beres Hammond', email, password: 'old-password' },
  });
  expect(reg.status()).toBe(201);
  // Another device, signed in with the old password, on its profile.
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const otherPage = await other.newPage();
  await otherPage.goto('/login');
  await otherPage.getByLabel('Email').fill(email);
  await otherPage.getByLabel('Password').fill('old-password');
  await otherPage.getByRole('button', { name: 'Log in' }).click();
  await expect(otherPage).toHaveURL(/\/profile$/);
  await expect(otherPage.getByRole('heading', { name: 'Beres Hammond' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'forgot');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me a reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account uses that address' })).toContainText(
    'The link works for 30 minutes.', // PASSWORD_RESET_SECONDS' default
  );
  await shoot(page, 'forgot-sent');

  const mail = await mailTo(email, 'Reset your Yaad Market password');
  expect(mail.html).toContain('Choose a new password');
  const link = linkIn(mail, 'reset-password');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expect(page).toHaveURL(/\/reset-password$/); // the token left the address bar
  await page.getByLabel('New password', { exact: true }).fill('new-pass');
  await page.getByLabel('Confirm new password').fill('new-pazz');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText('Passwords do not match');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'reset-form');
  await page.getByLabel('Confirm new password').fill('new-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Beres Hammond' })).toBeVisible();

  // The other device, reloading its profile, finds itself signed out; the old password is gone,
  // the new one works.
  await otherPage.reload();
  await expect(otherPage.getByText('Please log in to view your profile')).toBeVisible();
  await expect(otherPage.getByRole('heading', { name: 'Beres Hammond' })).toHaveCount(0);
  expect((await other.request.get('/api/v1/auth/me')).status()).toBe(401);
  await other.close();
  const fresh = await browser.newContext();
  expect((await fresh.request.post('/api/v1/auth/login', { data: { email, password: 'old-password' } })).status()).toBe(
    401,
  );
  expect((await fresh.request.post('/api/v1/auth/login', { data: { email, password: 'new-pass' } })).status()).toBe(
    200,
  );
  await fresh.close();

  // The same link a second time.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-pass');
  await page.getByLabel('Confirm new password').fill('third-pass');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.locator('form [role=alert]')).toHaveText(
    'This link has expired or was already used. Ask for a new one.',
  );
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await shoot(page, 'reset-used');
});

test('verification: the reminder, "Send again", and the mailed link', async ({ page }, testInfo) => {
  const email = `verify-${testInfo.project.name}-${Date.now()}@yaad.test`;
  await page.request.post('/api/v1/auth/register', { data: { name: 'Judy Mowatt', email, password: 'judy-pass' } });
  await page.request.post('/api/v1/auth/login', { data: { email, password: 'judy-pass' } });
  await page.goto('/profile');
  const reminder = page.getByRole('region', { name: 'Please verify your e-mail address' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'Send again' }).click();
  await expect(reminder.getByRole('status')).toHaveText('We sent you a new verification link. It works for 3 days.');
  await expectNoSeriousA11yIssues(page);
  await expectNoSidewaysScroll(page);
  await shoot(page, 'verify-reminder');

  // The sign-up's mail and the one "Send again" sent, whose link voided the first.
  const mail = await mailTo(email, 'Verify your e-mail', undefined, 2);
  await page.goto(linkIn(mail, 'verify-email'));
  await expect(
    page.getByRole('status').filter({ hasText: 'Your e-mail address is verified. Thank you!' }),
  ).toBeVisible();
  await shoot(page, 'verified');
  await page.getByRole('link', { name: 'Go to your profile' }).click();
  await expect(page.getByRole('heading', { name: 'Judy Mowatt' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Please verify your e-mail address' })).toHaveCount(0);
});

test('Contact Seller: a message from the seller page reaches the seller, who can reply to the shopper', async ({
  page,
}) => {
  await page.goto('/seller/negril-gems');
  await page.getByRole('button', { name: 'Contact Seller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Write to Negril Gems' });
  await expect(dialog.getByText('Log in to write to a seller')).toBeVisible();
  await shoot(page, 'contact-signed-out');
  await signInByApi(page.request, DEMO_BUYER_EMAIL);
  await page.reload();
  await page.getByRole('button', { name: 'Contact Seller' }).click();
  await dialog.getByLabel('Subject').fill('Ring sizes');
  await dialog.getByLabel('Message').fill('short');
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please write at least 10 characters.');
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'contact-form');
  const body = `Does the larimar ring come in size 7? (${test.info().project.name} ${Date.now()})`;
  await dialog.getByLabel('Message').fill(body);
  await dialog.getByRole('button', { name: 'Send message' }).click();
  await expect(dialog.getByRole('status')).toContainText('Your message is on its way to Negril Gems');
  await shoot(page, 'contact-sent');
  const mail = await mailTo('hello@negril-gems.yaad.test', 'Ring sizes', (m) => m.text.includes(body));
  expect(mail.replyTo).toContain('buyer@yaad.test');

  // The product page offers the same, about the product.
  const list = (await (await page.request.get('/api/v1/seller/stores/negril-gems/products?limit=1')).json()) as {
    products: { id: string; name: string }[];
  };
  const product = list.products[0];
  await page.goto(`/product/${product.id}`);
  await page.getByRole('button', { name: 'Contact Seller' }).click();
  const about = page.getByRole('dialog', { name: 'Write to Negril Gems' });
  await expect(about.getByLabel('Subject')).toHaveValue(`About ${product.name}`);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'contact-product');

  // The order page offers it for each seller's part, about that order.
  const order = await placeWith(page.request, 'negril-gems');
  await page.goto(`/order/${order.id}`);
  await page.getByRole('button', { name: 'Contact Negril Gems about this order' }).click();
  const aboutOrder = page.getByRole('dialog', { name: 'Write to Negril Gems' });
  await expect(aboutOrder.getByLabel('Subject')).toHaveValue(`Order ${order.orderNumber}`);
  await expect(aboutOrder).toContainText(`About order ${order.orderNumber}.`);
  const question = `When will my order ship? (${test.info().project.name} ${Date.now()})`;
  await aboutOrder.getByLabel('Message').fill(question);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'contact-order');
  await aboutOrder.getByRole('button', { name: 'Send message' }).click();
  await expect(aboutOrder.getByRole('status')).toContainText('Your message is on its way to Negril Gems');
  const asked = await mailTo('hello@negril-gems.yaad.test', `Order ${order.orderNumber}`, (m) =>
    m.text.includes(question),
  );
  expect(asked.text).toContain(`about order ${order.orderNumber}:`);
  expect(asked.replyTo).toContain('buyer@yaad.test');
});

/** An order of one unit from `store`, placed through the API by whoever `request` is signed in as. */
async function placeWith(request: APIRequestContext, store: string) {
  const list = await request.get(`/api/v1/seller/stores/${store}/products?limit=50`);
  const { products } = (await list.json()) as { products: { id: string; stock: number }[] };
  const product = products.find((p) => p.stock > 1);
  expect(product, `a product of ${store} in stock`).toBeTruthy();
  const id = product?.id as string;
  const rateId = await courierToStAndrew(request, id);
  expect((await request.post('/api/v1/cart/add', { data: { productId: id, quantity: 1 } })).status()).toBe(200);
  const placed = await request.post('/api/v1/orders/place', {
    data: {
      items: [{ productId: id, quantity: 1 }],
      shippingAddress: {
        name: 'Tanisha Campbell',
        phone: '876-555-0199',
        street: '14 Hope Road',
        city: 'Kingston 6',
        state: 'St. Andrew',
        parish: 'St. Andrew',
        country: 'Jamaica',
      },
      paymentMethod: 'cash_on_delivery',
      shippingSelections: [{ sellerId: store, shippingRateId: rateId }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return ((await placed.json()) as { order: { id: string; orderNumber: string } }).order;
}
