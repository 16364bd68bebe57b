import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_LABEL } from '../../lib/money';
import {
  newsletterIssueMail,
  orderCancelledMail,
  orderPlacedMail,
  partDeliveredMail,
  passwordResetMail,
  storeMessageMail,
} from './templates';

describe('mail templates', () => {
  it('escapes what a shopper wrote in the HTML and keeps it as written in the text', () => {
    const mail = storeMessageMail({
      storeName: 'Negril Gems',
      senderName: 'Eve <script>',
      senderEmail: 'eve@yaad.test',
      subject: 'Hi',
      body: '<img src=x onerror=alert(1)> & "quotes"',
    });
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quotes&quot;');
    expect(mail.text).toContain('> <img src=x onerror=alert(1)> & "quotes"');
  });

  it('amounts go through the one money formatter, in the HTML and the text', () => {
    const mail = orderPlacedMail(
      {
        id: 'o1',
        orderNumber: 'YM-1',
        buyerName: 'Tanisha Campbell',
        paymentMethod: 'cash_on_delivery',
        subtotalCents: 123_456,
        shippingCents: 0,
        taxCents: 8_642,
        totalCents: 132_098,
        parts: [
          {
            partId: 'p1',
            storeName: 'Negril Gems',
            method: 'Standard',
            provider: 'Zipmail',
            trackingNumber: null,
            subtotalCents: 123_456,
            shippingCents: 0,
            lines: [{ name: 'Larimar ring', quantity: 2, unitCents: 61_728, totalCents: 123_456 }],
          },
        ],
      },
      'http://localhost:4321/api/v1/invoice/invoice-pdf/o1',
    );
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('US$1,234.56');
      expect(body).toContain('US$1,320.98');
      expect(body).toContain('US$617.28 each');
    }
    // A part shipped for nothing, and the order's shipping, read as the shop's one "Free" label.
    expect(mail.text).toContain(`Shipping: Standard (Zipmail)  ${FREE_SHIPPING_LABEL}`);
    expect(mail.text).toContain(`Shipping  ${FREE_SHIPPING_LABEL}`);
    expect(mail.text).toContain('Hello Tanisha,');
  });

  it('a delivered part invites a review of each product still sold, and none when every one is gone', () => {
    const part = {
      partId: 'p1',
      storeName: 'Negril Gems',
      method: 'Standard',
      provider: 'Zipmail',
      trackingNumber: 'ZM-1',
      subtotalCents: 3_000,
      shippingCents: 500,
      lines: [
        { name: 'Larimar ring', productId: 'ring-1', quantity: 1, unitCents: 2_000, totalCents: 2_000 },
        { name: 'Old pendant', productId: null, quantity: 1, unitCents: 1_000, totalCents: 1_000 },
      ],
    };
    const order = {
      id: 'o1',
      orderNumber: 'YM-1',
      buyerName: 'Tanisha Campbell',
      paymentMethod: 'cash_on_delivery' as const,
      subtotalCents: 3_000,
      shippingCents: 500,
      taxCents: 450,
      totalCents: 3_950,
      parts: [part],
    };
    const mail = partDeliveredMail(order, part);
    expect(mail.text).toContain('How was it?');
    expect(mail.text).toMatch(/Review Larimar ring: http\S+\/product\/ring-1\/#reviews/);
    expect(mail.text).not.toContain('Review Old pendant');
    expect(mail.html).toContain('/product/ring-1/#reviews');
    const gone = partDeliveredMail(order, { ...part, lines: [part.lines[1]] });
    expect(gone.text).not.toContain('How was it?');
    expect(gone.text).toContain('See your order');
  });

  it("a cancellation quotes the seller's reason only when the seller cancelled", () => {
    const part = {
      partId: 'p1',
      storeName: 'Negril Gems',
      method: 'Standard',
      provider: 'Zipmail',
      trackingNumber: null,
      subtotalCents: 1_000,
      shippingCents: 500,
      lines: [{ name: 'Larimar ring', quantity: 1, unitCents: 1_000, totalCents: 1_000 }],
      cancelReason: 'Out of <b>stock</b>',
    };
    const order = {
      id: 'o1',
      orderNumber: 'YM-1',
      buyerName: 'Tanisha Campbell',
      paymentMethod: 'cash_on_delivery' as const,
      subtotalCents: 1_000,
      shippingCents: 500,
      taxCents: 0,
      totalCents: 1_500,
      parts: [part],
    };
    const bySeller = orderCancelledMail(order, [part], 'seller');
    expect(bySeller.text).toContain('Negril Gems gave this reason:\n\n> Out of <b>stock</b>');
    expect(bySeller.html).toContain('Out of &lt;b&gt;stock&lt;/b&gt;');
    const byBuyer = orderCancelledMail(order, [part], 'buyer');
    for (const body of [byBuyer.text, byBuyer.html]) {
      expect(body).not.toContain('gave this reason');
      expect(body).not.toContain('stock');
    }
  });

  it("the reset mail says the link's lifetime it is given", () => {
    const mail = passwordResetMail({
      name: 'Beres Hammond',
      link: 'http://shop.test/reset-password#token=t',
      lifetime: '2 hours',
    });
    for (const body of [mail.html, mail.text]) expect(body).toContain('The link works once, for 2 hours.');
  });

  it('a marketing mail always carries its unsubscribe link and the one-click headers', () => {
    const mail = newsletterIssueMail(
      { subject: 'June', paragraphs: ['Mango season.'] },
      {
        page: 'http://shop.test/newsletter/unsubscribe#token=t',
        oneClick: 'http://shop.test/api/v1/newsletter/unsubscribe/t',
      },
    );
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<http://shop.test/api/v1/newsletter/unsubscribe/t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('Unsubscribe: http://shop.test/newsletter/unsubscribe#token=t');
    expect(mail.html).toContain('href="http://shop.test/newsletter/unsubscribe#token=t"');
  });
});
