import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { TEST_GATEWAY_MERCHANT } from '../../src/server/payments/test-gateway/app';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll } from '../fixtures/page-checks';

/*
 * The offline test gateway's hosted page in a real browser (issue 26 #2, docs/decisions/028),
 * before checkout uses it: a sale is started the way the PowerTranz adapter starts one, the
 * browser follows the RedirectData, pays with a test card and is sent back to the merchant's
 * return address, where this test catches the posted Response and completes the payment.
 */

const RETURN_PATH = '/e2e-merchant-return';

async function startSale(request: APIRequestContext, baseURL: string, amount = 12.5) {
  const sale = await request.post('/dev/gateway/api/spi/sale', {
    headers: {
      'PowerTranz-PowerTranzId': TEST_GATEWAY_MERCHANT.id,
      'PowerTranz-PowerTranzPassword': TEST_GATEWAY_MERCHANT.password,
    },
    data: {
      TransactionIdentifier: randomUUID(),
      TotalAmount: amount,
      CurrencyCode: '840',
      ThreeDSecure: false,
      OrderIdentifier: `YM-2611-E2E${Math.floor(Math.random() * 1000)}`,
      ExtendedData: {
        HostedPage: { PageSet: 'PTZ/YaadTest', PageName: 'Checkout' },
        MerchantResponseUrl: `${baseURL}${RETURN_PATH}`,
      },
    },
  });
  expect(sale.status()).toBe(200);
  const answer = await sale.json();
  expect(answer.IsoResponseCode).toBe('SP4');
  return answer as { RedirectData: string; SpiToken: string; TransactionIdentifier: string };
}

/** Catches the hosted page's return to the merchant and answers it with a plain page. */
async function catchReturn(page: Page) {
  const posted: { response?: Record<string, unknown> } = {};
  await page.route(`**${RETURN_PATH}`, async (route) => {
    const form = new URLSearchParams(route.request().postData() ?? '');
    posted.response = JSON.parse(form.get('Response') ?? '{}');
    await route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Shop</title><h1>Back at the shop</h1>',
    });
  });
  return posted;
}

async function complete(request: APIRequestContext, spiToken: string) {
  const answer = await request.post('/dev/gateway/api/spi/payment', {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify(spiToken),
  });
  return answer.json();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-${test.info().project.name}.png`), fullPage: true });
}

async function openHostedPage(page: Page, redirectData: string) {
  // RedirectData as the gateway made it: it takes the browser on to the hosted page by itself.
  await page.setContent(redirectData);
  await expect(page.getByRole('heading', { name: 'Pay Yaad Market' })).toBeVisible();
  expect(page.url()).toContain('/dev/gateway/hpp/');
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/39');
  await page.getByLabel('CVV').fill('123');
  await page.getByLabel('Name on card').fill('Tanisha Campbell');
}

test('4111 1111 1111 1111 pays on the hosted page and returns to the shop', async ({ page, request, baseURL }) => {
  const sale = await startSale(request, baseURL ?? '');
  const posted = await catchReturn(page);
  await openHostedPage(page, sale.RedirectData);
  await expect(page.getByText('US$12.50').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'hosted-page');

  // Bad input first: every field says what is wrong, and nothing is taken.
  await page.getByLabel('Card number').fill('4111 1111 1111 1112');
  await page.getByRole('button', { name: 'Pay US$12.50' }).click();
  await expect(page.getByRole('alert')).toContainText('Check the card details');
  await expect(page.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(
    page.getByText('Enter a valid card number: 13 to 19 digits, as printed on the card.').last(),
  ).toBeVisible();
  await expect(page.getByText('Enter the name as it is printed on the card.').last()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yIssues(page);
  await shoot(page, 'hosted-page-errors');

  await fillCard(page, '4111 1111 1111 1111');
  await page.getByRole('button', { name: 'Pay US$12.50' }).click();
  await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  expect(posted.response).toMatchObject({ IsoResponseCode: 'HP0', SpiToken: sale.SpiToken, CardSuffix: '1111' });
  expect(await complete(request, sale.SpiToken)).toMatchObject({ Approved: true, IsoResponseCode: '00' });
});

test('4000 0000 0000 0002 is declined when the payment is completed', async ({ page, request, baseURL }) => {
  const sale = await startSale(request, baseURL ?? '');
  const posted = await catchReturn(page);
  await openHostedPage(page, sale.RedirectData);
  await fillCard(page, '4000 0000 0000 0002');
  await page.getByRole('button', { name: 'Pay US$12.50' }).click();
  await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
  expect(posted.response).toMatchObject({ IsoResponseCode: 'HP0' });
  expect(await complete(request, sale.SpiToken)).toMatchObject({ Approved: false, IsoResponseCode: '05' });
});

test('4000 0000 0000 3220 asks for 3-D Secure; Fail declines, Approve pays', async ({ page, request, baseURL }) => {
  for (const choice of ['Fail', 'Approve'] as const) {
    const sale = await startSale(request, baseURL ?? '');
    const posted = await catchReturn(page);
    await openHostedPage(page, sale.RedirectData);
    await fillCard(page, '4000 0000 0000 3220');
    await page.getByRole('button', { name: 'Pay US$12.50' }).click();
    await expect(page.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
    await expect(page.getByText('card ending 3220')).toBeVisible();
    if (choice === 'Fail') {
      await expectNoSidewaysScroll(page);
      await expectNoSeriousA11yIssues(page);
      await shoot(page, 'hosted-page-3ds');
    }
    await page.getByRole('button', { name: choice, exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Back at the shop' })).toBeVisible();
    if (choice === 'Fail') {
      expect(posted.response).toMatchObject({ IsoResponseCode: '3D2', Approved: false });
    } else {
      expect(posted.response).toMatchObject({ IsoResponseCode: 'HP0' });
      expect(await complete(request, sale.SpiToken)).toMatchObject({ Approved: true, IsoResponseCode: '00' });
    }
    await page.unrouteAll();
  }
});
