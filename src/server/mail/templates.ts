import { type PaymentMethod, paymentMethodLabel } from '../../lib/contract/payment-methods';
import { formatCents, formatShipping, toDollars } from '../../lib/money';
import { sellerPartPath } from '../../lib/order-display';
import { productReviewsPath } from '../../lib/ratings';
import { SHOP } from '../../lib/site';
import type { BankDetails } from '../../lib/store-status';
import { partTaxLabel } from '../../lib/tax-details';
import { trackingUrl } from '../../lib/tracking';
import { env, publicSiteUrl } from '../env';

/*
 * Every mail the shop sends, rendered here (and the reviews' in ./review-mails.ts, a store's
 * lifecycle in ./store-mails.ts, in this frame):
 * each as HTML in the shop's look (the brand green, the shop's name and address) and as plain text
 * with the same words and links.
 * Amounts go through the shop's one money formatter (src/lib/money.ts). Builders are pure: they
 * take plain facts and answer a RenderedMail for the outbox (./outbox.ts).
 */

export type MailKind =
  | 'password_reset'
  | 'verify_email'
  | 'email_change_taken'
  | 'order_placed'
  | 'payment_received'
  | 'payment_failed'
  | 'order_expired_unpaid'
  | 'refund_made'
  | 'payment_reminder'
  | 'part_shipped'
  | 'tracking_changed'
  | 'part_delivered'
  | 'order_cancelled'
  | 'seller_new_part'
  | 'seller_buyer_cancelled'
  | 'store_message'
  | 'seller_new_review'
  | 'review_reply'
  | 'store_approved'
  | 'store_rejected'
  | 'store_suspended'
  | 'store_reinstated'
  | 'store_application'
  | 'newsletter_confirm'
  | 'newsletter_issue'
  | 'payout_sent'
  | 'payout_returned'
  | 'return_update'
  | 'return_message';

export type RenderedMail = {
  kind: MailKind;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
};

/** An absolute link into the shop (PUBLIC_SITE_URL, else HOST and PORT: `publicSiteUrl`). */
export function siteLink(pathAndQuery: string): string {
  return new URL(pathAndQuery, publicSiteUrl(env())).href;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** A piece of a mail: said once, drawn as HTML and written as text. */
export type Block =
  | { p: string }
  | { button: { label: string; href: string } }
  | { table: { rows: [string, string][]; strongLast?: boolean } }
  | { heading: string }
  | { quote: string }
  | { small: string }
  | { link: { label: string; href: string } }
  /** A link at the size of the text, for the body (a `link` is small, for the footer). */
  | { action: { label: string; href: string } };

function blockHtml(b: Block): string {
  if ('p' in b) return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(b.p)}</p>`;
  if ('heading' in b) return `<h2 style="margin:24px 0 8px;font-size:17px;color:#054a2a">${escapeHtml(b.heading)}</h2>`;
  if ('quote' in b)
    return `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #0b7a45;background:#ecf8f1;white-space:pre-wrap;font-size:15px;line-height:1.5">${escapeHtml(b.quote)}</blockquote>`;
  if ('small' in b)
    return `<p style="margin:0 0 12px;font-size:13px;line-height:1.5;color:#4b5563">${escapeHtml(b.small)}</p>`;
  if ('action' in b)
    return `<p style="margin:0 0 14px;font-size:16px;line-height:1.5"><a href="${escapeHtml(b.action.href)}" style="color:#065f35;font-weight:bold">${escapeHtml(b.action.label)}</a></p>`;
  if ('link' in b)
    return `<p style="margin:0 0 12px;font-size:13px"><a href="${escapeHtml(b.link.href)}" style="color:#065f35">${escapeHtml(b.link.label)}</a></p>`;
  if ('button' in b)
    return `<p style="margin:8px 0 20px"><a href="${escapeHtml(b.button.href)}" style="display:inline-block;background:#065f35;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(b.button.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#4b5563;word-break:break-all">Or open this link: <a href="${escapeHtml(b.button.href)}" style="color:#065f35">${escapeHtml(b.button.href)}</a></p>`;
  const rows = b.table.rows
    .map(([left, right], i) => {
      const strong = b.table.strongLast && i === b.table.rows.length - 1 ? 'font-weight:bold;' : '';
      return `<tr><td style="padding:4px 12px 4px 0;${strong}">${escapeHtml(left)}</td><td style="padding:4px 0;text-align:right;white-space:nowrap;${strong}">${escapeHtml(right)}</td></tr>`;
    })
    .join('');
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;font-size:15px">${rows}</table>`;
}

function blockText(b: Block): string {
  if ('p' in b) return b.p;
  if ('heading' in b) return `${b.heading}\n${'-'.repeat(Math.min(b.heading.length, 60))}`;
  if ('quote' in b)
    return b.quote
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n');
  if ('small' in b) return b.small;
  if ('link' in b || 'button' in b || 'action' in b) {
    const { label, href } = 'link' in b ? b.link : 'action' in b ? b.action : b.button;
    return `${label}: ${href}`;
  }
  return b.table.rows.map(([left, right]) => `${left}  ${right}`).join('\n');
}

/** The shop's frame around every mail: the green header, the body, the footer with who sent it. */
export function render(
  kind: MailKind,
  subject: string,
  blocks: Block[],
  extra: { footer?: Block[]; headers?: Record<string, string> } = {},
): RenderedMail {
  const footer: Block[] = [
    ...(extra.footer ?? []),
    { small: `${SHOP.name} · ${SHOP.address.street}, ${SHOP.address.city}, ${SHOP.address.country} · ${SHOP.email}` },
  ];
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f7f5;font-family:Arial,Helvetica,sans-serif;color:#1a1f1c">
<table role="presentation" style="width:100%;border-collapse:collapse;background:#f6f7f5"><tr><td style="padding:24px 12px">
<table role="presentation" style="width:100%;max-width:600px;margin:0 auto;border-collapse:collapse;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:#065f35;padding:18px 24px;color:#ffffff;font-size:20px;font-weight:bold">${escapeHtml(SHOP.name)}</td></tr>
<tr><td style="padding:24px">${blocks.map(blockHtml).join('\n')}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb">${footer.map(blockHtml).join('\n')}</td></tr>
</table></td></tr></table></body></html>`;
  const text = `${SHOP.name}\n\n${blocks.map(blockText).join('\n\n')}\n\n--\n${footer.map(blockText).join('\n')}\n`;
  return { kind, subject, html, text, headers: extra.headers };
}

export const hello = (name: string | undefined) => ({ p: name ? `Hello ${name.split(/\s+/)[0]},` : 'Hello,' });

// ── Accounts ────────────────────────────────────────────────────────────────────────────────────

/** `lifetime`: how long the link works, in words ("30 minutes"). */
export function passwordResetMail(input: { name?: string; link: string; lifetime: string }): RenderedMail {
  return render('password_reset', `Reset your ${SHOP.name} password`, [
    hello(input.name),
    {
      p: `Someone asked to reset the password of your ${SHOP.name} account. If it was you, choose a new password here:`,
    },
    { button: { label: 'Choose a new password', href: input.link } },
    {
      p: `The link works once, for ${input.lifetime}. When you set a new password, every device signed in to your account is signed out.`,
    },
    { small: 'If you did not ask for this, ignore this mail: your password stays as it is.' },
  ]);
}

export function verifyEmailMail(input: { name?: string; link: string; change: boolean }): RenderedMail {
  return render(
    'verify_email',
    input.change ? 'Confirm your new e-mail address' : `Verify your e-mail for ${SHOP.name}`,
    [
      hello(input.name),
      {
        p: input.change
          ? `You asked to use this address for your ${SHOP.name} account. It replaces the old one when you confirm it:`
          : `Welcome to ${SHOP.name}! Please confirm that this is your e-mail address:`,
      },
      { button: { label: input.change ? 'Confirm my new address' : 'Verify my e-mail', href: input.link } },
      { small: 'If you did not ask for this, ignore this mail.' },
    ],
  );
}

/**
 * To an address someone asked to use as their new one when another account already holds it: the
 * same ask that would mail a confirmation link mails this instead, so the answer on the profile
 * cannot tell who has an account. It links only to pages that change nothing by being opened.
 */
export function emailTakenMail(input: { name?: string }): RenderedMail {
  return render('email_change_taken', `This address already has a ${SHOP.name} account`, [
    hello(input.name),
    {
      p: `Someone asked to use this address for a ${SHOP.name} account, but it already has an account. Nothing was changed.`,
    },
    { p: 'If it was you, sign in or reset your password:' },
    { action: { label: 'Sign in', href: siteLink('/login') } },
    { action: { label: 'Reset your password', href: siteLink('/forgot-password') } },
    { small: 'If you did not ask for this, ignore this mail: your account stays as it is.' },
  ]);
}

// ── Orders ──────────────────────────────────────────────────────────────────────────────────────

export type MailOrderLine = {
  name: string;
  quantity: number;
  unitCents: number;
  totalCents: number;
  /** The product sold, while it exists (a line keeps its name after the product is deleted). */
  productId?: string | null;
};
export type MailOrderPart = {
  /** The part's id: its page in the seller's workspace. */
  partId: string;
  storeName: string;
  method: string;
  provider: string;
  trackingNumber: string | null;
  subtotalCents: number;
  shippingCents: number;
  /** The seller's own GCT and the rate charged (0: not registered; null: an older order's share), docs/decisions/044. */
  tax?: { cents: number; rate: number | null };
  lines: MailOrderLine[];
  /** An order paid by bank transfer: where this seller's share goes, and how much it is (docs/decisions/020). */
  bankTransfer?: { details: BankDetails; amountCents: number } | null;
  /** Why its seller cancelled it (the workspace's cancel action asks), as the seller wrote it. */
  cancelReason?: string | null;
};
export type MailOrder = {
  id: string;
  orderNumber: string;
  buyerName: string;
  subtotalCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
  paymentMethod: PaymentMethod;
  /** A bank-transfer order: the marketplace's account, what is still due and by when (docs/decisions/034). */
  payTo?: { details: BankDetails; dueCents: number; payBy: Date | null } | null;
  parts: MailOrderPart[];
};

const orderLink = (o: MailOrder) => siteLink(`/order/${encodeURIComponent(o.id)}`);

function partBlocks(part: MailOrderPart): Block[] {
  return [
    { heading: `From ${part.storeName}` },
    {
      table: {
        rows: [
          ...part.lines.map((l): [string, string] => [
            `${l.quantity} × ${l.name} (${formatCents(l.unitCents)} each)`,
            formatCents(l.totalCents),
          ]),
          [`Shipping: ${part.method} (${part.provider})`, formatShipping(toDollars(part.shippingCents))],
          [`${part.storeName} total`, formatCents(part.subtotalCents + part.shippingCents)],
          // The seller's own GCT on its items (decision 044), or that it charges none.
          ...(part.tax ? [[partTaxLabel(part.tax.rate), formatCents(part.tax.cents)] as [string, string]] : []),
        ],
        strongLast: !part.tax,
      },
    },
  ];
}

/** Where the buyer pays one seller by bank transfer: the store's account, the amount, the reference. */
function bankTransferBlocks(order: MailOrder, part: MailOrderPart): Block[] {
  const bank = part.bankTransfer;
  if (!bank) return [];
  return [
    { p: `Pay ${part.storeName} by bank transfer, quoting ${order.orderNumber} as the reference:` },
    {
      table: {
        rows: [
          ['Bank', bank.details.bankName],
          ['Branch', bank.details.branch],
          ['Account name', bank.details.accountName],
          ['Account number', bank.details.accountNumber],
          ['Reference', order.orderNumber],
          ['Amount (with its share of the tax)', formatCents(bank.amountCents)],
        ],
        strongLast: true,
      },
    },
  ];
}

/** Where the buyer pays the marketplace for the whole order: its account, the amount, the reference. */
function marketplaceTransferBlocks(order: MailOrder): Block[] {
  const to = order.payTo;
  if (!to || to.dueCents === 0) return [];
  return [
    { heading: 'Pay by bank transfer' },
    { p: `Make one transfer to ${SHOP.name}, quoting ${order.orderNumber} as the reference:` },
    {
      table: {
        rows: [
          ['Bank', to.details.bankName],
          ['Branch', to.details.branch],
          ['Account name', to.details.accountName],
          ['Account number', to.details.accountNumber],
          ['Reference', order.orderNumber],
          ...(to.payBy
            ? [['Pay by', `${to.payBy.toISOString().slice(0, 16).replace('T', ' ')} UTC`] as [string, string]]
            : []),
          ['Amount', formatCents(to.dueCents)],
        ],
        strongLast: true,
      },
    },
    { p: 'Your sellers prepare the order once the transfer has arrived.' },
  ];
}

/** What the order came to: the last table of the order's mails. */
const orderTotalBlocks = (order: MailOrder): Block[] => [
  { heading: 'Order total' },
  {
    table: {
      rows: [
        ['Subtotal', formatCents(order.subtotalCents)],
        ['Shipping', formatShipping(toDollars(order.shippingCents))],
        ['GCT', formatCents(order.taxCents)],
        ['Total', formatCents(order.totalCents)],
      ],
      strongLast: true,
    },
  },
];

const whoShips = (order: MailOrder) =>
  `${order.parts.length === 1 ? 'The seller ships it' : `Each of its ${order.parts.length} sellers ships its own part`} and we will write when ${order.parts.length === 1 ? 'it is' : 'each is'} on its way.`;

export function orderPlacedMail(order: MailOrder, invoiceLink: string): RenderedMail {
  return render('order_placed', `Your ${SHOP.name} order ${order.orderNumber}`, [
    hello(order.buyerName),
    { p: `Thank you for your order ${order.orderNumber}. ${whoShips(order)}` },
    ...marketplaceTransferBlocks(order),
    ...order.parts.flatMap((part) => [...partBlocks(part), ...bankTransferBlocks(order, part)]),
    ...orderTotalBlocks(order),
    { button: { label: 'See your order', href: orderLink(order) } },
    { p: `Your invoice (PDF): ${invoiceLink}` },
  ]);
}

/** A card payment as the receipt names it (docs/decisions/029). */
export type MailCardPayment = {
  amountCents: number;
  currency: string;
  gateway: string;
  reference: string;
  paidAt: Date;
  /** A word beside the receipt (an over-payment to be refunded). */
  note?: string;
};

/**
 * The buyer's receipt for a card order: sent when the gateway's payment is verified, the order's
 * first mail (a card order says nothing before it is paid, and its sellers hear of it only now).
 */
export function paymentReceivedMail(order: MailOrder, payment: MailCardPayment, invoiceLink: string): RenderedMail {
  return render('payment_received', `Receipt for your ${SHOP.name} order ${order.orderNumber}`, [
    hello(order.buyerName),
    { p: `We received your payment for order ${order.orderNumber}. Thank you! ${whoShips(order)}` },
    { heading: 'Payment' },
    {
      table: {
        rows: [
          ['Paid by', paymentMethodLabel(order.paymentMethod)],
          ['Through', payment.gateway],
          ['Reference', payment.reference],
          ['Date', `${payment.paidAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
          [`Amount paid (${payment.currency})`, formatCents(payment.amountCents)],
        ],
        strongLast: true,
      },
    },
    ...(payment.note ? [{ p: payment.note }] : []),
    ...order.parts.flatMap((part) => partBlocks(part)),
    ...orderTotalBlocks(order),
    { button: { label: 'See your order', href: orderLink(order) } },
    { p: `Your invoice (PDF): ${invoiceLink}` },
  ]);
}

/** A card attempt the gateway declined (docs/decisions/029): its words, and until when the order is held. */
export type MailDeclinedPayment = {
  gateway: string;
  /** The gateway's words on the decline ("Do not honour"); null when it gave none. */
  message: string | null;
  declinedAt: Date;
  /** The end of the hold: unpaid then, the order is cancelled. */
  holdUntil: Date;
};

/** "27 minutes", "1 hour 5 minutes": how long is left, rounded down to the minute (at least a minute). */
export function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.floor(ms / 60_000));
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return unit(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(minutes % 60, 'minute')}`;
}

/**
 * The buyer's card was declined: nothing was charged, the order still awaits its payment, Pay now
 * on the order page, and how long the items are still held. One per declined attempt.
 */
export function paymentFailedMail(order: MailOrder, declined: MailDeclinedPayment): RenderedMail {
  const left = timeLeft(declined.holdUntil.getTime() - declined.declinedAt.getTime());
  const until = `${declined.holdUntil.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return render('payment_failed', `Payment failed for your ${SHOP.name} order ${order.orderNumber}`, [
    hello(order.buyerName),
    {
      p: `Your card was declined for order ${order.orderNumber}, so nothing was charged. Your order is not paid yet.`,
    },
    {
      table: {
        rows: [
          ['Paid by', paymentMethodLabel(order.paymentMethod)],
          ['Through', declined.gateway],
          ...(declined.message ? [['The bank said', declined.message] as [string, string]] : []),
          ['Date', `${declined.declinedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
          ['Amount due', formatCents(order.totalCents)],
        ],
        strongLast: true,
      },
    },
    {
      p: `We hold your items for ${left} more, until ${until}. Pay now with this card or another one; if the order is not paid by then, it is cancelled and the items go back on sale.`,
    },
    { button: { label: 'Pay now', href: orderLink(order) } },
    ...order.parts.flatMap((part) => partBlocks(part)),
    ...orderTotalBlocks(order),
  ]);
}

/** A bank-transfer order still unpaid after its days: one reminder, with what is due and by when. */
export function paymentReminderMail(order: MailOrder): RenderedMail {
  return render('payment_reminder', `Reminder: order ${order.orderNumber} awaits your bank transfer`, [
    hello(order.buyerName),
    {
      p: `We are holding the items of your order ${order.orderNumber}, but your bank transfer has not arrived yet. If it does not arrive by the date below, the order is cancelled. If you already sent it, thank you: it may take a day to reach us.`,
    },
    ...marketplaceTransferBlocks(order),
    ...orderTotalBlocks(order),
    { button: { label: 'See your order', href: orderLink(order) } },
  ]);
}

/**
 * An order not paid while its stock was held: cancelled. `waited` says how long and for what
 * ("30 minutes for your card payment", "4 days for your bank transfer").
 */
export function orderExpiredUnpaidMail(order: MailOrder, waited: string): RenderedMail {
  const received = order.payTo && order.payTo.dueCents < order.totalCents;
  return render('order_expired_unpaid', `Your order ${order.orderNumber} was not paid and is cancelled`, [
    hello(order.buyerName),
    {
      p: `We held the items of your order ${order.orderNumber} for ${waited}, which did not arrive${received ? ' in full' : ''}. The order is cancelled. ${received ? 'What you transferred will be refunded.' : 'Nothing was charged.'} The items may still be in the shop.`,
    },
    ...order.parts.flatMap((part) => partBlocks(part)),
    ...orderTotalBlocks(order),
    { button: { label: 'See your order', href: orderLink(order) } },
  ]);
}

/** A refund the gateway made to the buyer's card (docs/decisions/033), or the marketplace sent by bank transfer (034). */
export type MailRefund = {
  amountCents: number;
  currency: string;
  reference: string;
  /**
   * cancelled: the parts cancelled (their shares); late_approval: a payment that came after the
   * order was no longer waiting for it; excess: what a bank transfer paid that the order did not need;
   * returned: items returned (issue 28, decision 042).
   */
  cause: 'cancelled' | 'late_approval' | 'excess' | 'returned';
  /** gateway: back to the card; bank_transfer: sent by the marketplace's bank; cash: paid by an operator in cash. */
  method: 'gateway' | 'bank_transfer' | 'cash';
  /** The cancelled parts it gives back (for a cancel). */
  parts: MailOrderPart[];
  /** All that was given back of the order's payment so far, this refund included. */
  refundedCents: number;
};

/** The buyer's notice that money went back to their card or bank account: how much, for what, and the reference. */
export function refundMadeMail(order: MailOrder, refund: MailRefund): RenderedMail {
  const byTransfer = refund.method === 'bank_transfer';
  const what =
    refund.cause === 'excess'
      ? `We sent back by bank transfer what you paid for order ${order.orderNumber} that the order did not need (more than its total, a transfer after it was paid or cancelled, or cancelled items).`
      : refund.cause === 'returned'
        ? `We refunded the items you returned from your order ${order.orderNumber}: what you paid for them and their share of the tax.`
        : refund.cause === 'late_approval'
          ? `Your card payment for order ${order.orderNumber} arrived after the order was no longer waiting for it, so we gave it back in full.`
          : refund.parts.length > 0
            ? `We refunded ${refund.parts.map((p) => p.storeName).join(', ')}'s cancelled ${refund.parts.length === 1 ? 'part' : 'parts'} of your order ${order.orderNumber}: the items, their shipping and their share of the tax.`
            : `We refunded the cancelled part of your order ${order.orderNumber}.`;
  const howSent =
    byTransfer && order.paymentMethod !== 'bank_transfer'
      ? [{ p: 'Your card’s bank did not take the refund back, so we sent it to you by bank transfer instead.' }]
      : [];
  return render('refund_made', `Refund for your ${SHOP.name} order ${order.orderNumber}`, [
    hello(order.buyerName),
    { p: what },
    ...howSent,
    {
      table: {
        rows: [
          [
            'Refunded to',
            byTransfer
              ? 'Your bank account (bank transfer)'
              : refund.method === 'cash'
                ? 'You, in cash'
                : paymentMethodLabel(order.paymentMethod),
          ],
          [byTransfer ? 'Bank reference' : refund.method === 'cash' ? 'Receipt' : 'Refund reference', refund.reference],
          ...(refund.cause !== 'late_approval'
            ? [['Refunded so far for this order', formatCents(refund.refundedCents)] as [string, string]]
            : []),
          [`Amount refunded (${refund.currency})`, formatCents(refund.amountCents)],
        ],
        strongLast: true,
      },
    },
    { p: 'Your bank may take a few working days to show it on your statement.' },
    { button: { label: 'See your order', href: orderLink(order) } },
  ]);
}

/** The courier's own tracking page for the parcel, where the courier has one (src/lib/tracking.ts). */
function courierTracking(part: MailOrderPart): Block[] {
  const href = trackingUrl(part.provider, part.trackingNumber);
  return href ? [{ action: { label: `Track the parcel on the ${part.provider} site`, href } }] : [];
}

export function partShippedMail(order: MailOrder, part: MailOrderPart): RenderedMail {
  return render('part_shipped', `${part.storeName} shipped your order ${order.orderNumber}`, [
    hello(order.buyerName),
    { p: `${part.storeName} has handed your items to the courier.` },
    {
      table: {
        rows: [
          ['Courier', `${part.provider} (${part.method})`],
          ['Tracking number', part.trackingNumber ?? 'not given yet'],
        ],
      },
    },
    ...courierTracking(part),
    ...partBlocks(part).slice(1),
    { button: { label: 'Track your order', href: orderLink(order) } },
  ]);
}

/** A shipped part's courier or tracking number corrected by its seller: the buyer tracks the right parcel. */
export function trackingChangedMail(order: MailOrder, part: MailOrderPart): RenderedMail {
  return render('tracking_changed', `New tracking details for your order ${order.orderNumber}`, [
    hello(order.buyerName),
    { p: `${part.storeName} corrected how to track its part of your order. Use these from now on:` },
    {
      table: {
        rows: [
          ['Courier', `${part.provider} (${part.method})`],
          ['Tracking number', part.trackingNumber ?? 'not given yet'],
        ],
      },
    },
    ...courierTracking(part),
    { button: { label: 'Track your order', href: orderLink(order) } },
  ]);
}

export function partDeliveredMail(order: MailOrder, part: MailOrderPart): RenderedMail {
  return render('part_delivered', `Delivered: your items from ${part.storeName}`, [
    hello(order.buyerName),
    { p: `${part.storeName} marked its part of your order ${order.orderNumber} as delivered. We hope you enjoy it.` },
    ...partBlocks(part).slice(1),
    ...reviewInvitation(part),
    { button: { label: 'See your order', href: orderLink(order) } },
  ]);
}

/**
 * Delivered is when a buyer may review (docs/decisions/018): one link per product still sold, to its
 * page's reviews, where the form is; the seller is rated from the order page the button opens.
 */
function reviewInvitation(part: MailOrderPart): Block[] {
  const products = part.lines.filter((l) => l.productId);
  if (products.length === 0) return [];
  return [
    { heading: 'How was it?' },
    {
      p: `A short review helps other shoppers choose and tells ${part.storeName} how it went. You can also rate the seller's delivery and communication on your order page.`,
    },
    ...products.map(
      (l): Block => ({
        action: {
          label: `Review ${l.name}`,
          href: siteLink(productReviewsPath(l.productId as string)),
        },
      }),
    ),
  ];
}

/** Why a seller cancelled its part, in its own words (a quote: escaped in the HTML, as written in the text). */
function sellerReasonBlocks(part: MailOrderPart): Block[] {
  return part.cancelReason ? [{ p: `${part.storeName} gave this reason:` }, { quote: part.cancelReason }] : [];
}

/**
 * The buyer's notice of a cancellation: the whole order (the buyer's own act) or one seller's part,
 * with the reason the seller gave, as the buyer's order page shows it (a buyer gives none).
 */
export function orderCancelledMail(order: MailOrder, cancelled: MailOrderPart[], by: 'buyer' | 'seller'): RenderedMail {
  const whole = by === 'buyer';
  const refund = cancelled.reduce((sum, p) => sum + p.subtotalCents + p.shippingCents, 0);
  return render(
    'order_cancelled',
    whole
      ? `Your order ${order.orderNumber} is cancelled`
      : `${cancelled.map((p) => p.storeName).join(', ')} cancelled part of your order ${order.orderNumber}`,
    [
      hello(order.buyerName),
      {
        p: whole
          ? `Your order ${order.orderNumber} is cancelled, as you asked. Nothing will be shipped.`
          : `${cancelled.map((p) => p.storeName).join(', ')} cancelled ${cancelled.length === 1 ? 'its part' : 'their parts'} of your order ${order.orderNumber}. The rest of the order is not affected.`,
      },
      ...cancelled.flatMap((part) => [...partBlocks(part), ...(whole ? [] : sellerReasonBlocks(part))]),
      { table: { rows: [['Cancelled amount (before tax)', formatCents(refund)]], strongLast: true } },
      { button: { label: 'See your order', href: orderLink(order) } },
    ],
  );
}

const sellerOrdersLink = () => siteLink('/dashboard/orders');

/** A seller's new part: what to pack, where it goes, how the buyer pays, and the part's own page to work on it. */
export function sellerNewPartMail(order: MailOrder, part: MailOrderPart, shipTo: string): RenderedMail {
  return render('seller_new_part', `New order ${order.orderNumber} for ${part.storeName}`, [
    { p: `${order.buyerName} ordered from ${part.storeName}.` },
    ...partBlocks(part).slice(1),
    {
      table: {
        rows: [
          ['Ship to', shipTo],
          ['Payment', paymentMethodLabel(order.paymentMethod)],
        ],
      },
    },
    { button: { label: 'Open this order', href: siteLink(sellerPartPath(part.partId)) } },
  ]);
}

export function sellerBuyerCancelledMail(order: MailOrder, part: MailOrderPart): RenderedMail {
  return render('seller_buyer_cancelled', `Order ${order.orderNumber} was cancelled by the buyer`, [
    {
      p: `${order.buyerName} cancelled order ${order.orderNumber}. Do not ship ${part.storeName}'s part; its stock is back on sale.`,
    },
    ...partBlocks(part).slice(1),
    { button: { label: 'Open your orders', href: sellerOrdersLink() } },
  ]);
}

// ── Messages to sellers ─────────────────────────────────────────────────────────────────────────

export function storeMessageMail(input: {
  storeName: string;
  senderName: string;
  senderEmail: string;
  subject: string;
  body: string;
  about?: string;
}): RenderedMail {
  return render('store_message', `${input.subject} (from ${input.senderName} via ${SHOP.name})`, [
    {
      p: `${input.senderName} wrote to ${input.storeName} through ${SHOP.name}${input.about ? `, about ${input.about}` : ''}:`,
    },
    { quote: input.body },
    { p: `Reply to this mail to answer ${input.senderName} (${input.senderEmail}) directly.` },
  ]);
}

// ── Newsletter ──────────────────────────────────────────────────────────────────────────────────

export function newsletterConfirmMail(input: { link: string }): RenderedMail {
  return render('newsletter_confirm', `Confirm your ${SHOP.name} newsletter sign-up`, [
    {
      p: `Someone, we hope you, signed this address up for the ${SHOP.name} newsletter: new sellers, seasonal finds and the odd discount, once a month.`,
    },
    { button: { label: 'Yes, send me the newsletter', href: input.link } },
    {
      small:
        'Nothing is sent until you confirm. If it was not you, ignore this mail and you will hear nothing more from us.',
    },
  ]);
}

/**
 * A marketing mail. It cannot be rendered without its unsubscribe link: in the text, and as the
 * List-Unsubscribe headers with one-click unsubscribe (RFC 8058), as Jamaica's Data Protection Act
 * 2020 and the large mailbox providers ask.
 */
export function newsletterIssueMail(
  issue: { subject: string; paragraphs: string[] },
  unsubscribe: { page: string; oneClick: string },
): RenderedMail {
  return render(
    'newsletter_issue',
    issue.subject,
    issue.paragraphs.map((p) => ({ p })),
    {
      footer: [
        { small: `You receive this because you confirmed your sign-up to the ${SHOP.name} newsletter.` },
        { link: { label: 'Unsubscribe', href: unsubscribe.page } },
      ],
      headers: {
        'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
  );
}
