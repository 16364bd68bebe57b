import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { monthName, shopMonth } from '../../../src/lib/shop-time';
import { atBothWidths } from '../../fixtures/both-widths';
import { payOnGatewayPage, TEST_CARDS } from '../../fixtures/card-checkout';
import { signInByApi, uniqueEmail, withConsent } from '../../fixtures/e2e-session';
import { expect, OWN_SHOP_OPERATOR as OPERATOR, test } from '../../fixtures/own-shop';
import { courierToStAndrew, openOwnStore } from '../../fixtures/own-store';
import { pdfText } from '../../fixtures/pdf-text';
import { SHOPPER_ADDRESS } from '../../fixtures/sample-cart';

/*
 * A seller paid by bank transfer (issue 27 #4's "Done when"; docs/decisions/039), at 1280 and 360
 * px, on the journeys' own shop (tests/fixtures/own-shop.ts). A delivered part's money stays
 * pending for RETURN_DAYS (14): the test moves its part's delivery back past the window, as the
 * clock would, and the sweeper (every 2 seconds there) makes it available (read until it is, no
 * fixed wait). A shopper pays a store of the
 * test's own by card; its seller delivers; the operator starts a payout run on /admin/payouts/,
 * downloads the bank file and marks the payout paid with the bank's reference; the seller's
 * earnings show it paid out, and the payout mail is in the shop's /dev/mail box; then the bank
 * returns it and the operator marks it so (decision 040): available again. No other journey's
 * store has money past the return window, so the run pays this store alone. The seller watches its
 * earning on /dashboard/earnings: pending once paid, available once delivered and swept; it
 * downloads the month's statement as CSV and as PDF (read back), and the payout mail shows what
 * the payout pays (decision 041).
 */

const shot = (name: string) => (width: string) => test.info().outputPath(`payouts-${name}-${width}.png`);

/** The seller's earnings screen in this browser (signed in as the store's owner). */
async function asSeller(page: Page, email: string, origin: string) {
  await page.context().clearCookies();
  await signInByApi(page.request, email, undefined, origin);
  await page.goto(`${origin}/dashboard/earnings/`);
}
const card = (page: Page, balance: string) => page.locator(`[data-balance="${balance}"] dd`).first();

const dollars = (n: number) =>
  `US$${n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test('the operator pays a seller its available earnings, and the seller sees it paid out', async ({
  page,
  playwright,
  scene,
}) => {
  test.setTimeout(300_000);
  const origin = scene.shop.origin;
  const project = test.info().project.name;
  const store = await openOwnStore(playwright, {
    label: 'Payout Pottery',
    project,
    products: [{ name: 'Payout Test Jug', price: 40, stock: 5 }],
    shop: { origin, operatorEmail: OPERATOR },
  });
  const [jug] = store.products;
  const write = { headers: { origin } };

  try {
    await withConsent(page.context());
    // The operator's screen before any run: empty.
    await signInByApi(page.request, OPERATOR, undefined, origin);
    await page.goto(`${origin}/admin/payouts/`);
    await expect(page.getByRole('link', { name: 'Payouts' })).toHaveAttribute('aria-current', 'page');
    await atBothWidths(page, shot('empty'), () => expect(page.getByText('No payout runs yet.')).toBeVisible());
    // Nothing available yet: a run says so and makes nothing.
    await page.getByRole('button', { name: 'Start payout run' }).click();
    await expect(page.getByText(/No store has an available balance of at least US\$20\.00/)).toBeVisible();

    // A shopper pays two jugs by card.
    await page.context().clearCookies();
    await signInByApi(page.request, uniqueEmail('payout-buyer', project), SHOPPER_ADDRESS.name, origin);
    const placed = await page.request.post(`${origin}/api/v1/orders/place`, {
      ...write,
      data: {
        items: [{ productId: jug.id, quantity: 2 }],
        shippingAddress: { ...SHOPPER_ADDRESS, state: SHOPPER_ADDRESS.parish },
        paymentMethod: 'credit_card',
        shippingSelections: [
          { sellerId: store.storeId, shippingRateId: await courierToStAndrew(page.request, jug.id, origin) },
        ],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { order, payment } = (await placed.json()) as {
      order: { id: string; orderNumber: string; total: number; sellers: { partId: string }[] };
      payment: { payUrl: string };
    };
    await page.goto(new URL(payment.payUrl, origin).href);
    await payOnGatewayPage(page, TEST_CARDS.approve);
    await expect(page.getByTestId('card-payment')).toHaveAttribute('data-stage', 'paid');

    const owed = order.total - 8; // 10% commission on 80.00
    // The seller sees the earning pending: paid, not delivered.
    await asSeller(page, store.email, origin);
    await expect(card(page, 'pending')).toHaveText(dollars(owed));
    await expect(card(page, 'available')).toHaveText('US$0.00');
    await expect(page.getByTestId('earnings-entries').locator('[data-kind="sale"]')).toContainText('Pending');
    await atBothWidths(page, shot('seller-pending'), () => expect(page.getByTestId('balance')).toBeVisible());

    // The seller delivers; once the return window is behind it, the sweeper makes it available.
    const partId = order.sellers[0].partId;
    for (const action of ['accept', 'ship', 'deliver']) {
      const res = await store.seller.post(`${origin}/api/v1/seller/orders/${partId}/${action}`, {
        ...write,
        data: action === 'ship' ? { courier: 'Knutsford Express', trackingNumber: 'KE-55501' } : undefined,
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    // 15 days ago, past the 14 days a buyer may return it: the clock moved for this part only.
    await scene.database.db.execute(
      sql`update part_deliveries set delivered_at = now() - interval '15 days' where part_id = ${partId} and store_id = ${store.storeId}`,
    );
    const balance = async () =>
      (await (await store.seller.get(`${origin}/api/v1/seller/earnings`)).json()).balance as Record<string, number>;
    await expect.poll(async () => (await balance()).available, { timeout: 60_000, intervals: [2_000] }).toBe(owed);
    await page.reload();
    await expect(card(page, 'available')).toHaveText(dollars(owed));
    await expect(card(page, 'pending')).toHaveText('US$0.00');
    await expect(page.getByTestId('earnings-entries').locator('[data-kind="release"]').first()).toBeVisible();
    await atBothWidths(page, shot('seller-available'), () => expect(page.getByTestId('balance')).toBeVisible());

    // The operator runs the payout, downloads the bank file, marks it paid.
    await page.context().clearCookies();
    await signInByApi(page.request, OPERATOR, undefined, origin);
    await page.goto(`${origin}/admin/payouts/`);
    await page.getByRole('button', { name: 'Start payout run' }).click();
    await expect(page.getByText(`Payout run started: 1 payout, ${dollars(owed)}.`, { exact: false })).toBeVisible();
    const payout = page.locator(`[data-testid="payout"][data-store="${store.storeId}"]`);
    await expect(payout).toContainText('In transit');
    await expect(payout).toContainText('NCB, Black River · Treasure Beach Pottery · account 123456789');
    await atBothWidths(page, shot('run'), () => expect(payout).toBeVisible());

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download bank file' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile(await file.path(), 'utf8');
    const [header, line] = csv.trim().split('\n');
    expect(header).toBe('payee,bank,branch,account,amount,reference');
    expect(line).toMatch(
      new RegExp(`^Treasure Beach Pottery,NCB,Black River,123456789,${owed.toFixed(2)},YM[0-9A-F]{10}$`),
    );

    await payout.getByRole('button', { name: /Mark .* paid/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(dialog.getByText('Enter the bank reference')).toBeVisible();
    await dialog.getByLabel('Bank reference').fill('FT-E2E-0001');
    await atBothWidths(page, shot('mark-paid'), () => expect(dialog).toBeVisible());
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await expect(dialog).toBeHidden();
    await expect(payout).toContainText('Paid on');
    await expect(payout).toContainText('FT-E2E-0001');
    await atBothWidths(page, shot('paid'), () => expect(payout.getByText('Paid', { exact: true })).toBeVisible());

    // The seller sees it paid out, and the next payout day.
    await page.context().clearCookies();
    await signInByApi(page.request, store.email, undefined, origin);
    await page.goto(`${origin}/dashboard/earnings/`);
    await expect(page.locator('[data-balance="paidOut"] dd').first()).toHaveText(dollars(owed));
    await expect(page.locator('[data-balance="available"] dd').first()).toHaveText('US$0.00');
    await expect(page.locator('[data-balance="inTransit"] dd').first()).toHaveText('US$0.00');
    await expect(page.getByTestId('next-payout')).toContainText('Next payout:');
    await expect(page.getByTestId('earnings-entries').locator('[data-kind="payout"]')).toContainText(
      `-${dollars(owed)}`,
    );
    await atBothWidths(page, shot('seller'), () => expect(page.getByTestId('balance')).toBeVisible());

    // The month's statement, as CSV and as PDF, downloaded and read back.
    const month = shopMonth(new Date());
    const statement = page.getByTestId('statements').locator(`[data-month="${month}"]`);
    await atBothWidths(page, shot('statements'), () => expect(statement).toBeVisible());
    const csvDownload = page.waitForEvent('download');
    await statement.getByRole('link', { name: `${monthName(month)} statement, CSV` }).click();
    const csvFile = await csvDownload;
    expect(csvFile.suggestedFilename()).toBe(`statement-${month}.csv`);
    const rows = parse(await readFile(await csvFile.path(), 'utf8'), { columns: true }) as Record<string, string>[];
    const orderNumber = order.orderNumber;
    expect(rows.find((r) => r.kind === 'sale')).toMatchObject({ order: orderNumber, amount: order.total.toFixed(2) });
    expect(rows.find((r) => r.kind === 'payout')).toMatchObject({ balance: 'available', amount: (-owed).toFixed(2) });
    expect(rows.filter((r) => r.kind === 'closing').map((r) => [r.balance, r.amount])).toEqual([
      ['pending', '0.00'],
      ['available', '0.00'],
    ]);
    const pdfDownload = page.waitForEvent('download');
    await statement.getByRole('link', { name: `${monthName(month)} statement, PDF` }).click();
    const pdfFile = await pdfDownload;
    expect(pdfFile.suggestedFilename()).toBe(`statement-${month}.pdf`);
    const text = pdfText(await readFile(await pdfFile.path()));
    expect(text).toContain('STATEMENT');
    expect(text).toContain(store.name);
    expect(text).toContain(monthName(month));
    expect(text).toContain(orderNumber);
    expect(text).toMatch(/Payout YM[0-9A-F]{10} to NCB/);
    expect(text).toContain(`-${dollars(owed)}`);

    // The payout mail, in the shop's dev mail box.
    await page.goto(`${origin}/dev/mail`);
    const mail = page.getByRole('listitem').filter({ hasText: `paid ${store.name} ${dollars(owed)}` });
    await expect(mail).toHaveCount(1);
    await mail.getByRole('link', { name: 'view' }).click();
    await expect(page.getByText('FT-E2E-0001')).toBeVisible();
    // Its statement: what the payout pays by kind, summed to the payout, and the month's statement.
    await expect(page.getByRole('heading', { name: 'What this payout pays' })).toBeVisible();
    // The row of the cell that reads the label (the mail's frame is tables too).
    const row = (label: string) => page.locator('td', { hasText: new RegExp(`^${label}$`) }).locator('xpath=..');
    await expect(row('Sale')).toContainText(`+${dollars(order.total)}`);
    await expect(row('Commission')).toContainText('-US$8.00');
    await expect(row('Paid to you')).toContainText(dollars(owed));
    await expect(page.getByText(`For orders ${orderNumber}.`)).toBeVisible();
    await expect(page.getByRole('link', { name: `Download your ${monthName(month)} statement (PDF)` })).toHaveAttribute(
      'href',
      new RegExp(`/api/v1/seller/statements/${month}\\?format=pdf$`),
    );
    await atBothWidths(page, shot('mail'), () => expect(page.getByText('See your earnings').first()).toBeVisible());

    // Days later the bank sends the payout back (the account was closed): the operator marks it
    // returned; its money is the seller's available balance again (decision 040).
    await page.context().clearCookies();
    await signInByApi(page.request, OPERATOR, undefined, origin);
    await page.goto(`${origin}/admin/payouts/`);
    await payout.getByRole('button', { name: /returned by the bank/ }).click();
    const back = page.getByRole('dialog');
    await back.getByRole('button', { name: 'Mark returned' }).click();
    await expect(back.getByText('Enter the bank reference')).toBeVisible();
    await back.getByLabel('Bank reference of the return').fill('RT-E2E-0001');
    await back.getByLabel('Why the bank returned it').fill('Account closed');
    await atBothWidths(page, shot('mark-returned'), () => expect(back).toBeVisible());
    await back.getByRole('button', { name: 'Mark returned' }).click();
    await expect(back).toBeHidden();
    await expect(payout).toContainText('Returned by the bank: Account closed (reference RT-E2E-0001)');
    await atBothWidths(page, shot('returned'), () => expect(payout).toBeVisible());
    expect(await balance()).toMatchObject({ available: owed, paidOut: 0 });
  } finally {
    await store.close();
  }
});
