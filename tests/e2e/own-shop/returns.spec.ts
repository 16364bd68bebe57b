import type { Locator } from '@playwright/test';
import sharp from 'sharp';
import { atBothWidths } from '../../fixtures/both-widths';
import { payOnGatewayPage, TEST_CARDS } from '../../fixtures/card-checkout';
import { signedInContext, signInByApi, uniqueEmail, withConsent } from '../../fixtures/e2e-session';
import { expect, OWN_SHOP_OPERATOR as OPERATOR, test } from '../../fixtures/own-shop';
import { courierToStAndrew, openOwnStore } from '../../fixtures/own-store';
import { SHOPPER_ADDRESS } from '../../fixtures/sample-cart';

/*
 * Returns and disputes (issue 28's "Done when"; docs/decisions/042), at 1280 and 360 px, on the
 * journeys' own shop (tests/fixtures/own-shop.ts): a shopper returns one of two items of a
 * delivered card-paid part from the order page; its seller accepts, marks it received and refunds
 * it on /dashboard/returns/; the offline gateway refunds the card; the shopper sees it refunded and
 * the seller's earnings show the reversal. Then the other item's request is rejected, escalated by
 * the shopper on /returns/ and decided by an operator on /admin/disputes/. Each request carries a
 * photo (decision 043): the shopper attaches it on the form, the seller and the operator open it.
 */

const shot = (name: string) => (width: string) => test.info().outputPath(`returns-${name}-${width}.png`);

/** A small photo of two colours, as a phone would send (JPEG). */
const photo = (colour: string) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
    .composite([
      { input: { create: { width: 400, height: 600, channels: 3, background: '#f4c430' } }, left: 0, top: 0 },
    ])
    .jpeg()
    .toBuffer();

/** The request's thumbnails have loaded (from the side's own private route); the first opens larger. */
async function openFirstPhoto(page: import('@playwright/test').Page, detail: Locator, count: number) {
  const thumbs = detail.getByTestId('return-photos').getByRole('img');
  await expect(thumbs).toHaveCount(count);
  await expect.poll(() => thumbs.first().evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(320);
  await detail.getByRole('button', { name: /Photo 1 of \d, open larger/ }).click();
  const large = page.getByRole('dialog').getByTestId('return-photo-large');
  await expect.poll(() => large.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBe(800);
  return page.getByRole('dialog');
}

test('a return refunded to the card, and a rejected one decided by an operator', async ({
  page,
  playwright,
  scene,
}) => {
  test.setTimeout(300_000);
  const origin = scene.shop.origin;
  const project = test.info().project.name;
  const operatorApi = await signedInContext(playwright, OPERATOR, undefined, origin);
  const store = await openOwnStore(playwright, {
    label: 'Return Crafts',
    project,
    products: [
      { name: 'Return Test Mug', price: 20, stock: 5 },
      { name: 'Return Test Bowl', price: 30, stock: 5 },
    ],
    shop: { origin, operatorEmail: OPERATOR },
  });
  const [mug, bowl] = store.products;
  const write = { headers: { origin } };
  const buyerEmail = uniqueEmail('returns-buyer', project);

  try {
    await withConsent(page.context());
    await signInByApi(page.request, buyerEmail, SHOPPER_ADDRESS.name, origin);
    const rate = await courierToStAndrew(page.request, mug.id, origin);
    const placed = await page.request.post(`${origin}/api/v1/orders/place`, {
      ...write,
      data: {
        items: [
          { productId: mug.id, quantity: 1 },
          { productId: bowl.id, quantity: 1 },
        ],
        shippingAddress: { ...SHOPPER_ADDRESS, state: SHOPPER_ADDRESS.parish },
        paymentMethod: 'credit_card',
        shippingSelections: [{ sellerId: store.storeId, shippingRateId: rate }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order, payment } = (await placed.json()) as {
      order: { id: string; orderNumber: string; sellers: { partId: string }[] };
      payment: { payUrl: string };
    };
    await page.goto(new URL(payment.payUrl, origin).href);
    await payOnGatewayPage(page, TEST_CARDS.approve);
    await expect(page.getByTestId('card-payment')).toHaveAttribute('data-stage', 'paid');
    const partId = order.sellers[0].partId;
    for (const action of ['accept', 'ship', 'deliver']) {
      const res = await store.seller.post(`${origin}/api/v1/seller/orders/${partId}/${action}`, {
        ...write,
        data: action === 'ship' ? { courier: 'Knutsford Express', trackingNumber: 'KE-77001' } : undefined,
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    // The shopper returns the mug from the order page.
    await page.goto(`${origin}/order/${order.id}`);
    const returnButton = page.getByRole('button', { name: /Return an item/ });
    await atBothWidths(page, shot('order'), () => expect(returnButton).toBeVisible());
    await returnButton.click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Ask to return' }).click();
    await expect(form.getByText('Choose at least one item to return.')).toBeVisible();
    await form.getByRole('checkbox', { name: 'Return Test Mug' }).check();
    await form.getByLabel('Reason').selectOption('damaged');
    await form.getByLabel('Note for the seller (optional)').fill('The handle came off in the box.');
    // Two photos chosen, one removed: the request goes with the other.
    const photos = form.getByLabel(/^Photos \(optional, up to 3\)/);
    await photos.setInputFiles([
      { name: 'handle.jpg', mimeType: 'image/jpeg', buffer: await photo('#1d6f42') },
      { name: 'box.jpg', mimeType: 'image/jpeg', buffer: await photo('#7a1f3d') },
    ]);
    const previews = form.getByTestId('return-photo-previews').getByRole('img');
    await expect(previews).toHaveCount(2);
    await form.getByRole('button', { name: 'Remove photo 2 (box.jpg)' }).click();
    await expect(previews).toHaveCount(1);
    await expect(photos).toBeFocused();
    await atBothWidths(page, shot('ask'), () => expect(previews.first()).toBeVisible());
    await form.getByRole('button', { name: 'Ask to return' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByTestId('part-return-status')).toHaveText('Requested');

    // The seller accepts it, marks it received (back in stock) and refunds it.
    await page.context().clearCookies();
    await signInByApi(page.request, store.email, undefined, origin);
    await page.goto(`${origin}/dashboard/returns/`);
    await expect(page.getByRole('link', { name: 'Returns' })).toHaveAttribute('aria-current', 'page');
    const list = page.getByTestId('returns-list');
    await atBothWidths(page, shot('seller-list'), () => expect(list).toContainText('1 × Return Test Mug'));
    await list.getByRole('link', { name: /Open/ }).click();
    const detail = page.getByTestId('return-detail');
    await expect(detail.getByTestId('return-status')).toHaveText('Requested');
    // The shopper's photo, on the seller's own route, opened larger.
    const sellerPhoto = await openFirstPhoto(page, detail, 1);
    await atBothWidths(page, shot('seller-photo'), () => expect(sellerPhoto).toBeVisible());
    await sellerPhoto.getByRole('button', { name: 'Close' }).click();
    await expect(sellerPhoto).toBeHidden();
    await detail.getByRole('button', { name: 'Accept return' }).click();
    await page.getByRole('dialog').getByLabel('Drop it at a Knutsford Express depot').check();
    await atBothWidths(page, shot('accept'), () => expect(page.getByRole('dialog')).toBeVisible());
    await page.getByRole('dialog').getByRole('button', { name: 'Accept return' }).click();
    await expect(detail.getByTestId('return-status')).toHaveText('Accepted');
    await detail.getByRole('button', { name: 'Mark received' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark received' }).click();
    await expect(detail.getByTestId('return-status')).toHaveText('Received by the seller');
    await detail.getByRole('button', { name: 'Refund' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    await expect(detail.getByTestId('return-status')).toHaveText('Refunded');
    await expect(detail.getByTestId('return-refunded')).toHaveText(/^US\$2\d\.\d\d$/);
    await atBothWidths(page, shot('seller-refunded'), () => expect(detail).toBeVisible());

    // The seller's earnings show the reversal.
    await page.goto(`${origin}/dashboard/earnings/`);
    const reversal = page.getByTestId('earnings-entries').locator('[data-kind="return"]');
    await expect(reversal.first()).toContainText('Returned and refunded');
    await atBothWidths(page, shot('earnings'), () => expect(reversal.first()).toBeVisible());

    // The shopper sees it refunded, on the order page and on its returns.
    await page.context().clearCookies();
    await signInByApi(page.request, buyerEmail, undefined, origin);
    await page.goto(`${origin}/order/${order.id}`);
    await expect(page.getByTestId('part-return-status').first()).toHaveText('Refunded');

    // The bowl: asked, rejected by the seller, escalated by the shopper on /returns/.
    const can = await (await page.request.get(`${origin}/api/v1/returns/returnable/${order.id}`)).json();
    const bowlLine = can.parts[0].lines.find((l: { productName: string }) => l.productName === bowl.name);
    const asked = await page.request.post(`${origin}/api/v1/returns/with-photos`, {
      ...write,
      multipart: {
        request: JSON.stringify({
          partId,
          lines: [{ lineId: bowlLine.lineId, quantity: 1 }],
          reason: 'not_as_described',
        }),
        photos: { name: 'colour.jpg', mimeType: 'image/jpeg', buffer: await photo('#2b4c9a') },
      },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const bowlReturn = (await asked.json()).request.id as string;
    const rejected = await store.seller.post(`${origin}/api/v1/seller/returns/${bowlReturn}/reject`, {
      ...write,
      data: { reason: 'The bowl is as pictured.' },
    });
    expect(rejected.status(), await rejected.text()).toBe(200);
    await page.goto(`${origin}/returns/?id=${bowlReturn}`);
    const bowlDetail = page.getByTestId('return-detail');
    await expect(bowlDetail.getByTestId('return-status')).toHaveText('Rejected');
    // Its photo, and one more added on the request.
    await expect(bowlDetail.getByTestId('return-photos').getByRole('img')).toHaveCount(1);
    await bowlDetail
      .getByLabel('Add photos (up to 2 more)')
      .setInputFiles({ name: 'side.jpg', mimeType: 'image/jpeg', buffer: await photo('#5a2d82') });
    await expect(bowlDetail.getByTestId('return-photo-previews').getByRole('img')).toHaveCount(1);
    await atBothWidths(page, shot('buyer-rejected'), () =>
      expect(bowlDetail).toContainText('The bowl is as pictured.'),
    );
    await bowlDetail.getByRole('button', { name: 'Add photos', exact: true }).click();
    await expect(bowlDetail.getByTestId('return-photos').getByRole('img')).toHaveCount(2);
    await expect(bowlDetail.getByTestId('return-photo-previews')).toHaveCount(0);
    await bowlDetail.getByRole('button', { name: 'Ask Yaad Market to decide' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Ask Yaad Market to decide' }).click();
    await expect(bowlDetail.getByTestId('return-status')).toHaveText('With the Yaad Market team');
    await bowlDetail.getByLabel('Write a message').fill('It is a different colour from the photo.');
    await bowlDetail.getByRole('button', { name: 'Send message' }).click();
    await expect(bowlDetail.getByTestId('return-messages')).toContainText('different colour');

    // The operator decides: a part refund, charged to the seller.
    await page.context().clearCookies();
    await signInByApi(page.request, OPERATOR, undefined, origin);
    await page.goto(`${origin}/admin/disputes/`);
    const disputes = page.getByTestId('returns-list');
    await atBothWidths(page, shot('disputes'), () => expect(disputes).toContainText('1 × Return Test Bowl'));
    await disputes.getByRole('link', { name: /Open/ }).click();
    const dispute = page.getByTestId('return-detail');
    await expect(dispute).toContainText('different colour');
    // Both sides: the thread above, and the shopper's photo on the operators' own route.
    const operatorPhoto = await openFirstPhoto(page, dispute, 2);
    await operatorPhoto.getByRole('button', { name: 'Close' }).click();
    await dispute.getByRole('button', { name: 'Decide' }).click();
    const decide = page.getByRole('dialog');
    await decide.getByLabel(/Amount to refund/).fill('10.00');
    await decide.getByLabel('Reason for the decision').fill('Colour differs a little: half back.');
    await atBothWidths(page, shot('decide'), () => expect(decide).toBeVisible());
    await decide.getByRole('button', { name: 'Decide' }).click();
    await expect(dispute.getByTestId('return-status')).toHaveText('Decided: refunded');
    await expect(dispute.getByTestId('return-refunded')).toHaveText('US$10.00');
    await atBothWidths(page, shot('decided'), () => expect(dispute).toBeVisible());
  } finally {
    await operatorApi.dispose();
    await store.close();
  }
});

test('a cash-on-delivery return’s refund recorded paid back by an operator', async ({ page, playwright, scene }) => {
  test.setTimeout(240_000);
  const origin = scene.shop.origin;
  const project = test.info().project.name;
  const operatorApi = await signedInContext(playwright, OPERATOR, undefined, origin);
  const store = await openOwnStore(playwright, {
    label: 'Cash Return Crafts',
    project,
    products: [{ name: 'Cash Return Jug', price: 40, stock: 5 }],
    shop: { origin, operatorEmail: OPERATOR },
  });
  const [jug] = store.products;
  const write = { headers: { origin } };
  try {
    await withConsent(page.context());
    await signInByApi(page.request, uniqueEmail('cash-returns-buyer', project), SHOPPER_ADDRESS.name, origin);
    const rate = await courierToStAndrew(page.request, jug.id, origin);
    const placed = await page.request.post(`${origin}/api/v1/orders/place`, {
      ...write,
      data: {
        items: [{ productId: jug.id, quantity: 1 }],
        shippingAddress: { ...SHOPPER_ADDRESS, state: SHOPPER_ADDRESS.parish },
        paymentMethod: 'cash_on_delivery',
        shippingSelections: [{ sellerId: store.storeId, shippingRateId: rate }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order } = (await placed.json()) as {
      order: { id: string; orderNumber: string; sellers: { partId: string; items: { id: string }[] }[] };
    };
    const part = order.sellers[0];
    for (const action of ['accept', 'ship', 'deliver', 'payment']) {
      const res = await store.seller.post(`${origin}/api/v1/seller/orders/${part.partId}/${action}`, {
        ...write,
        data: action === 'ship' ? { courier: 'Knutsford Express', trackingNumber: 'KE-77002' } : undefined,
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const asked = await page.request.post(`${origin}/api/v1/returns`, {
      ...write,
      data: { partId: part.partId, lines: [{ lineId: part.items[0].id, quantity: 1 }], reason: 'damaged' },
    });
    expect(asked.status(), await asked.text()).toBe(201);
    const requestId = (await asked.json()).request.id as string;
    const refunded = await store.seller.post(`${origin}/api/v1/seller/returns/${requestId}/refund`, write);
    expect(refunded.status(), await refunded.text()).toBe(200);

    // The operator finds it among the refunds to pay back and records the bank transfer.
    await page.context().clearCookies();
    await signInByApi(page.request, OPERATOR, undefined, origin);
    await page.goto(`${origin}/admin/disputes/`);
    await page.getByLabel('Status').selectOption('owed');
    const owed = page.getByTestId('returns-list');
    await atBothWidths(page, shot('owed'), () => expect(owed).toContainText('1 × Cash Return Jug'));
    await owed.getByRole('listitem').filter({ hasText: order.orderNumber }).getByRole('link', { name: /Open/ }).click();
    const detail = page.getByTestId('return-detail');
    await expect(detail.getByTestId('return-refunded')).toContainText('to be paid back');
    await detail.getByRole('button', { name: 'Record refund paid back' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Bank transfer').check();
    await form.getByLabel('Bank reference').fill(`FT-E2E-${project}-${Date.now()}`.slice(0, 60));
    await atBothWidths(page, shot('paid-back-form'), () => expect(form).toBeVisible());
    await form.getByRole('button', { name: /Record US\$\d+\.\d\d paid back/ }).click();
    await expect(form).toBeHidden();
    await expect(detail.getByTestId('return-refunded')).toContainText('(paid back)');
    await expect(detail.getByRole('button', { name: 'Record refund paid back' })).toBeHidden();
    await atBothWidths(page, shot('paid-back'), () => expect(detail).toBeVisible());
  } finally {
    await operatorApi.dispose();
    await store.close();
  }
});
