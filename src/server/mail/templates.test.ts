import { describe, expect, it } from 'vitest';
import { FREE_SHIPPING_LABEL } from '../../lib/money';
import {
  newsletterIssueMail,
  orderCancelledMail,
  orderPlacedMail,
  partDeliveredMail,
  passwordResetMail,
  paymentFailedMail,
  refundMadeMail,
  siteLink,
  storeMessageMail,
  timeLeft,
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

  it('says each seller’s own GCT, and that an unregistered seller charges none (decision 044)', () => {
    const part = (storeName: string, tax: { cents: number; rate: number | null }) => ({
      partId: storeName,
      storeName,
      method: 'Standard',
      provider: 'Zipmail',
      trackingNumber: null,
      subtotalCents: 3_500,
      shippingCents: 500,
      tax,
      lines: [{ name: 'Item', productId: null, quantity: 1, unitCents: 3_500, totalCents: 3_500 }],
    });
    const mail = orderPlacedMail(
      {
        id: 'o1',
        orderNumber: 'YM-1',
        buyerName: 'Tanisha Campbell',
        paymentMethod: 'cash_on_delivery',
        subtotalCents: 7_000,
        shippingCents: 1_000,
        taxCents: 525,
        totalCents: 8_525,
        parts: [part('Registered Roasters', { cents: 525, rate: 0.15 }), part('Small Crafts', { cents: 0, rate: 0 })],
      },
      'https://shop.example/invoice.pdf',
    );
    expect(mail.text).toContain('Registered Roasters total  US$40.00');
    expect(mail.text).toContain('GCT (15%)  US$5.25');
    expect(mail.text).toContain('No GCT: seller not registered  US$0.00');
    expect(mail.text).toContain('GCT  US$5.25');
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

  it('a declined card: the order number, nothing charged, Pay now to the order page, and the time left of the hold', () => {
    const order = {
      id: 'o 1',
      orderNumber: 'YM-2611-DEC',
      buyerName: 'Tanisha Campbell',
      paymentMethod: 'credit_card' as const,
      subtotalCents: 1_000,
      shippingCents: 500,
      taxCents: 150,
      totalCents: 1_650,
      parts: [],
    };
    const mail = paymentFailedMail(order, {
      gateway: 'First Atlantic Commerce (PowerTranz)',
      message: 'Do not honour <05>',
      declinedAt: new Date('2026-11-27T14:05:30Z'),
      holdUntil: new Date('2026-11-27T14:33:00Z'),
    });
    expect(mail.kind).toBe('payment_failed');
    expect(mail.subject).toBe('Payment failed for your Yaad Market order YM-2611-DEC');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('Your card was declined for order YM-2611-DEC, so nothing was charged.');
      expect(body).toContain('We hold your items for 27 minutes more, until 2026-11-27 14:33 UTC.');
      expect(body).toContain('US$16.50');
      expect(body).toContain(siteLink('/order/o%201'));
    }
    expect(mail.text).toContain(`Pay now: ${siteLink('/order/o%201')}`);
    expect(mail.text).toContain('The bank said  Do not honour <05>');
    expect(mail.html).toContain('Do not honour &lt;05&gt;');
    // Without the gateway's words, no empty line for them.
    expect(paymentFailedMail(order, { ...mailFacts(), message: null }).text).not.toContain('The bank said');
  });

  it('says the time left in minutes, then hours, never less than a minute', () => {
    expect(timeLeft(30 * 60_000)).toBe('30 minutes');
    expect(timeLeft(61_000)).toBe('1 minute');
    expect(timeLeft(5_000)).toBe('1 minute');
    expect(timeLeft(60 * 60_000)).toBe('1 hour');
    expect(timeLeft(125 * 60_000 + 59_000)).toBe('2 hours 5 minutes');
  });

  it('a refund sent by bank transfer says so, with the bank reference, not the card', () => {
    const order = {
      id: 'o1',
      orderNumber: 'YM-2611-REF',
      buyerName: 'Tanisha Campbell',
      paymentMethod: 'credit_card' as const,
      subtotalCents: 1_000,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 1_000,
      parts: [],
    };
    const refund = { amountCents: 1_000, currency: 'USD', reference: 'FT-BACK-1', parts: [], refundedCents: 1_000 };
    const byBank = refundMadeMail(order, { ...refund, cause: 'late_approval', method: 'bank_transfer' });
    expect(byBank.text).toContain('Refunded to  Your bank account (bank transfer)');
    expect(byBank.text).toContain('Bank reference  FT-BACK-1');
    expect(byBank.text).toContain('so we sent it to you by bank transfer instead');
    const toCard = refundMadeMail(order, { ...refund, cause: 'late_approval', method: 'gateway' });
    expect(toCard.text).toContain('Refunded to  Credit card');
    expect(toCard.text).not.toContain('bank transfer');
    const excess = refundMadeMail(
      { ...order, paymentMethod: 'bank_transfer' },
      { ...refund, amountCents: 250, cause: 'excess', method: 'bank_transfer' },
    );
    expect(excess.text).toContain('We sent back by bank transfer what you paid for order YM-2611-REF');
    expect(excess.text).toContain('Refunded so far for this order  US$10.00');
    expect(excess.text).toContain('Amount refunded (USD)  US$2.50');
    expect(excess.text).not.toContain('did not take the refund back');
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

function mailFacts() {
  return {
    gateway: 'Yaad Market test gateway (no real money)',
    message: null,
    declinedAt: new Date('2026-11-27T14:00:00Z'),
    holdUntil: new Date('2026-11-27T14:30:00Z'),
  };
}
