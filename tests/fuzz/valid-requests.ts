import sharp from 'sharp';
import { productsCsv } from '../fixtures/product-csv';
import { storeApplication } from '../fixtures/store-application';
import {
  ADDRESS,
  BUYER_EMAIL,
  type CardReturns,
  FUZZ_PASSWORD,
  OTHER_STORE,
  type Principal,
  SELLER_STORE,
} from './fuzz-scene';
import { late, lateNumber } from './late-values';

/*
 * What a valid request of each operation looks like: who it is for, real values for its path, and
 * bodies that can go through. The random round draws these (as they are, or with one field made
 * hostile), so requests get past validation and "not found" to the code behind; the valid round
 * sends each operation once as its principal, in an order where each finds what it needs (an
 * application before its approval, a review before its reply), so every operation is answered
 * 2xx at least once in a run of any length.
 */

/** A file field of a multipart form (the upload and the CSV import). */
export type FilePart = { field: string; name: string; type: string; bytes: Uint8Array<ArrayBuffer> };
/** A text field of a multipart form (a return request's JSON beside its photos); late values are resolved in it. */
export type TextPart = { field: string; text: string };
export type Multipart = { multipart: (FilePart | TextPart)[] };
export const isTextPart = (part: FilePart | TextPart): part is TextPart => 'text' in part;
export const isMultipart = (body: unknown): body is Multipart =>
  typeof body === 'object' && body !== null && 'multipart' in body;

export type Plan = {
  /** Who the operation is for. */
  as: Principal;
  /** Path values by parameter name (a late value or a real id). */
  path?: Record<string, string>;
  /** The query of the valid request (without `?`). */
  query?: string;
  /** Valid bodies: JSON values, or a multipart form. */
  bodies?: unknown[];
  /** Where it goes in the valid round (lower first; 0 by default). */
  order?: number;
};

/** Real values the plans are made of (fuzz knownIds). */
export type PlanFacts = {
  /** A Firebase ID token the shop's verifier accepts (signed by the test's keys). */
  firebaseIdToken?: string;
  sellable: { id: string; store: string; rate: string; category: string; subcategory: string };
  sellerProducts: string[];
  /** The test gateway's returns of the scene's card orders, for the return and the callback. */
  cardReturns: CardReturns;
};

/** A tiny real photo (made by sharp, as a phone's would be read), in the formats the upload takes. */
export async function photos(): Promise<FilePart[]> {
  const picture = (colour: string) =>
    sharp({ create: { width: 48, height: 32, channels: 3, background: colour } }).composite([
      {
        input: { create: { width: 24, height: 32, channels: 3, background: '#f4c430' } },
        left: 0,
        top: 0,
      },
    ]);
  const jpeg = new Uint8Array(await picture('#1d6f42').jpeg().toBuffer());
  const png = new Uint8Array(await picture('#0b3d91').png().toBuffer());
  return [
    { field: 'file', name: 'stall.jpg', type: 'image/jpeg', bytes: jpeg },
    { field: 'file', name: 'stall.png', type: 'image/png', bytes: png },
  ];
}

const csvPart = (text: string): FilePart => ({
  field: 'file',
  name: 'products.csv',
  type: 'text/csv',
  bytes: new TextEncoder().encode(text),
});

/** Multipart forms that must be refused: no file, the wrong field, not an image, an empty file, a broken CSV. */
export function hostileForms(): Multipart[] {
  const text = (s: string) => new TextEncoder().encode(s);
  return [
    { multipart: [] },
    { multipart: [{ field: 'photo', name: 'a.jpg', type: 'image/jpeg', bytes: text('not really') }] },
    { multipart: [{ field: 'file', name: 'a.jpg', type: 'image/jpeg', bytes: text('GIF89a not a jpeg') }] },
    { multipart: [{ field: 'file', name: 'empty.png', type: 'image/png', bytes: new Uint8Array(0) }] },
    { multipart: [{ field: 'file', name: 'x.csv', type: 'text/csv', bytes: text('sku,name\n"unclosed,\u0000\n') }] },
    { multipart: [csvPart(productsCsv(2, { skuPrefix: 'FUZZBAD', badPriceOnLine: 3 }))] },
    {
      multipart: [{ field: 'file', name: 'x.csv', type: 'text/csv', bytes: new Uint8Array([0xff, 0xfe, 0x00, 0xc3]) }],
    },
  ];
}

const reason = 'Fuzzed: checked against the shop rules';

export function plans(k: PlanFacts, files: { photos: FilePart[] }): Record<string, Plan> {
  const s = k.sellable;
  const ownProduct = k.sellerProducts.find((id) => id !== s.id) ?? s.id;
  const product = {
    name: `Fuzz Blend ${late('serial')}`,
    description: 'A product the fuzzer made.',
    category: s.category,
    subcategory: s.subcategory,
    price: 12.5,
    stock: 5,
    sku: `FUZZ-${late('serial')}`,
    tags: ['fuzz'],
  };
  return {
    // The rebuild hook: its principal is whoever holds REBUILD_TOKEN (the operator here).
    'GET /admin/rebuild': { as: 'operator' },
    'POST /admin/rebuild': { as: 'operator', query: 'full=false' },
    // Operators: reviews (a report before its dismissal, a hide before its restore) and stores.
    'POST /admin/reviews/{id}/hide': {
      as: 'operator',
      path: { id: late('othersReview') },
      bodies: [{ reason }],
      order: 4,
    },
    'POST /admin/reviews/{id}/restore': { as: 'operator', path: { id: late('hiddenReview') }, order: 5 },
    'POST /admin/reviews/{id}/dismiss': {
      as: 'operator',
      path: { id: late('reportedReview') },
      bodies: [{ note: 'Nothing wrong with it' }, {}],
      order: 3,
    },
    'GET /admin/stores/{id}': { as: 'operator', path: { id: late('pendingStore') } },
    // Operators: payments (docs/decisions/034). A small transfer is an under-payment: recorded, the rest due.
    'GET /admin/payments': { as: 'operator', query: 'method=bank_transfer&limit=5' },
    'POST /admin/payments/bank-transfers': {
      as: 'operator',
      bodies: [
        {
          orderNumber: late('bankOrderNumber'),
          amountCents: 100,
          receivedOn: '2026-01-02',
          bankReference: `FT-FUZZ-${late('serial')}`,
        },
      ],
    },
    // Refunds an operator settles (decision 034's update): a cent of the over-paid order's excess sent
    // back; the scene's refused card refunds asked again (still refused), then one sent by bank transfer.
    'POST /admin/payments/refunds': {
      as: 'operator',
      bodies: [
        {
          orderNumber: late('refundableBankOrder'),
          amountCents: 1,
          sentOn: '2026-01-02',
          bankReference: `FT-BACK-${late('serial')}`,
        },
      ],
    },
    'POST /admin/payments/refunds/{id}/retry': { as: 'operator', path: { id: late('refusedRefund') }, order: 1 },
    // A return's refund the operators owe (decision 042): the scene's cash-on-delivery return, paid back in cash.
    'POST /admin/payments/returns/{id}/refund': {
      as: 'operator',
      path: { id: late('returnOwedBack') },
      bodies: [{ method: 'cash', amountCents: lateNumber('returnOwedCents'), sentOn: '2026-01-02' }],
    },
    'POST /admin/payments/refunds/{id}/bank-transfer': {
      as: 'operator',
      path: { id: late('refusedRefund') },
      bodies: [{ sentOn: '2026-01-02', bankReference: `FT-CARD-BACK-${late('serial')}` }],
      order: 2,
    },
    // A payout run over the scene's two stores with money available (decision 039), its detail and
    // bank file, then one payout marked paid and the other failed.
    'POST /admin/payout-runs': { as: 'operator', order: 1 },
    'GET /admin/payout-runs/{id}': { as: 'operator', path: { id: late('payoutRun') }, order: 2 },
    'GET /admin/payout-runs/{id}/bank-file': { as: 'operator', path: { id: late('payoutRun') }, order: 2 },
    'POST /admin/payouts/{id}/paid': {
      as: 'operator',
      path: { id: late('payoutInTransit') },
      bodies: [{ bankReference: `FT-PAYOUT-${late('serial')}`, paidOn: late('jamaicaToday') }],
      order: 3,
    },
    'POST /admin/payouts/{id}/failed': {
      as: 'operator',
      path: { id: late('payoutInTransit') },
      bodies: [{ reason: 'The bank returned it: account closed.' }],
      order: 4,
    },
    // The payout marked paid, then returned by the bank (decision 040).
    'POST /admin/payouts/{id}/returned': {
      as: 'operator',
      path: { id: late('payoutPaid') },
      bodies: [{ bankReference: `RT-PAYOUT-${late('serial')}`, reason: 'The bank returned it: account closed.' }],
      order: 5,
    },
    // Commission settings and the monthly report (decision 040): a category's rate set, then
    // removed (and, in the random round, the fuzzing seller's store's).
    'GET /admin/commission-rates': { as: 'operator' },
    'PUT /admin/commission-rates': {
      as: 'operator',
      bodies: [
        { category: 'Books', basisPoints: 1_200 },
        { storeId: SELLER_STORE, basisPoints: 800 },
      ],
    },
    'DELETE /admin/commission-rates': { as: 'operator', query: 'category=Books', order: 1 },
    'GET /admin/reports/{month}': { as: 'operator', path: { month: late('jamaicaMonth') } },
    'GET /admin/reports/{month}/commission-invoices': { as: 'operator', path: { month: late('lastJamaicaMonth') } },
    // Returns (issue 28, decision 042): the scene's request rejected, escalated and closed by an
    // operator; the valid round's own request accepted, received and refunded to the card.
    'POST /returns': {
      as: 'buyer',
      bodies: [
        {
          partId: late('returnablePart'),
          lines: [{ lineId: late('returnableLine'), quantity: 1 }],
          reason: 'damaged',
          note: 'Fuzzed: the box was crushed.',
        },
      ],
    },
    // A request with a photo (decision 043), made first, and that photo read by each side.
    'POST /returns/with-photos': {
      as: 'buyer',
      bodies: [
        {
          multipart: [
            {
              field: 'request',
              text: JSON.stringify({
                partId: late('returnablePart'),
                lines: [{ lineId: late('returnableLine'), quantity: 1 }],
                reason: 'not_as_described',
                note: 'Fuzzed: see the photo.',
              }),
            },
            { ...files.photos[0], field: 'photos' },
          ],
        },
      ],
      order: -1,
    },
    'POST /returns/{id}/photos': {
      as: 'buyer',
      path: { id: late('anyReturn') },
      bodies: [{ multipart: [{ ...files.photos[0], field: 'photos' }] }],
    },
    'GET /returns/{id}/photos/{key}/{file}': {
      as: 'buyer',
      path: { id: late('photoReturn'), key: late('returnPhoto'), file: late('returnPhotoFile') },
    },
    'GET /seller/returns/{id}/photos/{key}/{file}': {
      as: 'seller',
      path: { id: late('photoReturn'), key: late('returnPhoto'), file: late('returnPhotoFile') },
    },
    'GET /admin/disputes/{id}/photos/{key}/{file}': {
      as: 'operator',
      path: { id: late('photoReturn'), key: late('returnPhoto'), file: late('returnPhotoFile') },
    },
    'GET /returns/{id}': { as: 'buyer', path: { id: late('anyReturn') } },
    'GET /returns/returnable/{orderId}': { as: 'buyer', path: { orderId: late('anyReturnOrder') } },
    'GET /invoice/tax-documents/{documentId}': { as: 'buyer', path: { documentId: late('anyTaxDocument') } },
    'POST /returns/{id}/messages': {
      as: 'buyer',
      path: { id: late('anyReturn') },
      bodies: [{ message: 'Fuzzed: where should I drop it?' }],
    },
    'POST /seller/returns/{id}/messages': {
      as: 'seller',
      path: { id: late('anyReturn') },
      bodies: [{ message: 'Fuzzed: at the Knutsford depot, please.' }],
    },
    'POST /admin/disputes/{id}/messages': {
      as: 'operator',
      path: { id: late('anyReturn') },
      bodies: [{ message: 'Fuzzed: we are looking at it.' }],
    },

    'GET /seller/returns/{id}': { as: 'seller', path: { id: late('anyReturn') } },
    'GET /admin/disputes/{id}': { as: 'operator', path: { id: late('anyReturn') } },
    'POST /seller/returns/{id}/reject': {
      as: 'seller',
      path: { id: late('returnRequestedOldest') },
      bodies: [{ reason: 'Fuzzed: it was used.' }],
      order: 1,
    },
    'POST /seller/returns/{id}/accept': {
      as: 'seller',
      path: { id: late('returnRequestedNewest') },
      bodies: [{ instructions: 'knutsford_depot' }],
      order: 2,
    },
    'POST /returns/{id}/escalate': { as: 'buyer', path: { id: late('returnRejected') }, order: 2 },
    'POST /seller/returns/{id}/receive': {
      as: 'seller',
      path: { id: late('returnAccepted') },
      bodies: [{ restockLineIds: [] }],
      order: 3,
    },
    'POST /admin/disputes/{id}/decide': {
      as: 'operator',
      path: { id: late('returnEscalated') },
      bodies: [{ outcome: 'close', note: 'Fuzzed: nothing to refund.' }],
      order: 3,
    },
    'POST /seller/returns/{id}/refund': { as: 'seller', path: { id: late('returnReceived') }, order: 4 },
    'POST /admin/stores/{id}/approve': { as: 'operator', path: { id: late('pendingStore') }, order: 1 },
    'POST /admin/stores/{id}/reject': {
      as: 'operator',
      path: { id: late('pendingStore') },
      bodies: [{ reason }],
      order: 2,
    },
    'POST /admin/stores/{id}/suspend': {
      as: 'operator',
      path: { id: late('activeStore') },
      bodies: [{ reason }],
      order: 1,
    },
    'POST /admin/stores/{id}/reinstate': { as: 'operator', path: { id: late('suspendedStore') }, order: 2 },
    // Accounts: a reset and a verification by the tokens the shop mailed.
    'POST /auth/register': {
      as: 'guest',
      bodies: [{ name: 'New Shopper', email: `fuzz-new-${late('serial')}@yaad.test`, password: FUZZ_PASSWORD }],
    },
    ...(k.firebaseIdToken
      ? { 'POST /auth/firebase-login': { as: 'guest' as const, bodies: [{ idToken: k.firebaseIdToken }] } }
      : {}),
    'POST /auth/login': { as: 'guest', bodies: [{ email: BUYER_EMAIL, password: FUZZ_PASSWORD }] },
    'POST /auth/forgot-password': { as: 'guest', bodies: [{ email: BUYER_EMAIL }], order: -2 },
    'POST /auth/reset-password': {
      as: 'guest',
      bodies: [{ token: late('resetToken'), password: FUZZ_PASSWORD }],
      order: -1,
    },
    'POST /auth/resend-verification': { as: 'buyer', order: -2 },
    'POST /auth/verify-email': { as: 'guest', bodies: [{ token: late('verifyToken') }], order: -1 },
    'POST /auth/logout': { as: 'buyer', order: 9 },
    'PUT /users/profile': { as: 'buyer', bodies: [{ name: 'Fuzz Buyer', email: BUYER_EMAIL, phone: '876-555-0100' }] },
    'PUT /users/change-password': {
      as: 'buyer',
      bodies: [{ currentPassword: FUZZ_PASSWORD, newPassword: FUZZ_PASSWORD }],
      order: 8,
    },
    'POST /users/addresses': {
      as: 'buyer',
      bodies: [{ label: 'Home', line1: '14 Hope Road', town: 'Kingston 6', parish: 'St. Andrew', country: 'Jamaica' }],
    },
    'PUT /users/addresses/{id}': {
      as: 'buyer',
      path: { id: late('myAddress') },
      bodies: [{ label: 'Work', line1: '1 King Street', town: 'Kingston', parish: 'Kingston', country: 'Jamaica' }],
    },
    'POST /users/addresses/{id}/default': { as: 'buyer', path: { id: late('myAddress') } },
    'DELETE /users/addresses/{id}': { as: 'buyer', path: { id: late('myAddress') }, order: 5 },
    // Reviews: the buyer reviews what was delivered, edits it, votes on and reports another's.
    'POST /products/{id}/reviews': {
      as: 'buyer',
      path: { id: late('reviewableProduct') },
      bodies: [{ rating: 5, title: 'Lovely', body: 'Arrived quickly, well packed.' }, { rating: 3 }],
      order: 1,
    },
    'GET /products/{id}/reviews/mine': { as: 'buyer' },
    'PUT /reviews/{id}': {
      as: 'buyer',
      path: { id: late('myReview') },
      bodies: [{ rating: 4 }, { title: 'Good' }],
      order: 2,
    },
    'DELETE /reviews/{id}': { as: 'buyer', path: { id: late('myReview') }, order: 6 },
    'POST /reviews/{id}/helpful': { as: 'buyer', path: { id: late('othersReview') }, order: 1 },
    'DELETE /reviews/{id}/helpful': { as: 'buyer', path: { id: late('othersReview') }, order: 2 },
    'PUT /reviews/{id}/reply': {
      as: 'seller',
      path: { id: late('othersReview') },
      bodies: [{ body: 'Thank you for your review!' }],
      order: 1,
    },
    'POST /reviews/{id}/reports': {
      as: 'buyer',
      path: { id: late('othersReview') },
      bodies: [{ reason: 'It is about another product' }],
      order: 2,
    },
    'POST /seller-ratings': {
      as: 'buyer',
      bodies: [{ orderId: late('unratedOrder'), storeId: SELLER_STORE, delivery: 5, communication: 4 }],
    },
    'GET /seller-ratings': { as: 'buyer', query: `orderId=${late('unratedOrder')}` },
    // Contact a seller: the buyer's address is verified by then.
    'POST /stores/{id}/messages': {
      as: 'buyer',
      path: { id: SELLER_STORE },
      bodies: [{ subject: 'A question', message: 'Do you deliver to Port Antonio on Saturdays?' }],
    },
    // A seller's products: new ones (a new SKU each), a CSV import, a bulk change.
    'POST /seller/products': { as: 'seller', bodies: [product, { ...product, compareAtPrice: 15, status: 'draft' }] },
    'POST /seller/products/import': {
      as: 'seller',
      bodies: [{ multipart: [csvPart(productsCsv(3, { skuPrefix: 'FUZZCSV' }))] }],
    },
    'POST /seller/products/bulk': {
      as: 'seller',
      bodies: [{ items: [{ id: ownProduct, stock: 30 }] }, { items: [{ id: s.id, price: 14.25, stock: 60 }] }],
    },
    'GET /seller/products/{id}': { as: 'seller', path: { id: ownProduct } },
    'PUT /seller/products/{id}': {
      as: 'seller',
      bodies: [{ price: 12.5 }, { stock: 40 }, { price: 19.99, compareAtPrice: 25 }],
    },
    // Its grid: sold one way still (options on it would refuse the price edits above, by design).
    'PUT /seller/products/{id}/variants': {
      as: 'seller',
      path: { id: ownProduct },
      bodies: [{ options: [], variants: [{ options: [], sku: 'FUZZ-SOLE-1', price: 12.5, stock: 40 }] }],
    },
    'POST /seller/products/{id}/archive': { as: 'seller', path: { id: ownProduct }, order: 1 },
    'POST /seller/products/{id}/unarchive': { as: 'seller', path: { id: ownProduct }, order: 2 },
    'POST /seller/products/{id}/duplicate': { as: 'seller', path: { id: ownProduct } },
    // Photos: an upload, its file read by anyone, then deleted.
    'POST /seller/uploads': { as: 'seller', bodies: files.photos.map((p) => ({ multipart: [p] })), order: -1 },
    'GET /uploads/{key}/{file}': { as: 'guest', path: { key: late('upload'), file: late('uploadFile') } },
    'DELETE /seller/uploads/{key}': { as: 'seller', path: { key: late('upload') }, order: 6 },
    // A seller's parts, each in a state its action takes.
    'POST /seller/orders/{partId}/accept': { as: 'seller', path: { partId: late('pendingPart') }, order: 2 },
    'POST /seller/orders/{partId}/ship': {
      as: 'seller',
      path: { partId: late('processingPart') },
      bodies: [{ courier: 'Zipmail', trackingNumber: 'ZM-FUZZ-1' }],
      order: 1,
    },
    'POST /seller/orders/{partId}/deliver': { as: 'seller', path: { partId: late('shippedPart') } },
    'POST /seller/orders/{partId}/cancel': {
      as: 'seller',
      path: { partId: late('pendingPart') },
      bodies: [{ reason: 'Fuzzed: out of stock' }],
    },
    'POST /seller/orders/{partId}/payment': { as: 'seller', path: { partId: late('livePart') } },
    'GET /seller/orders/{partId}': { as: 'seller', path: { partId: late('livePart') } },
    'GET /seller/orders/{partId}/packing-slip': { as: 'seller', path: { partId: late('livePart') } },
    'GET /seller/statements/{month}': { as: 'seller', path: { month: late('jamaicaMonth') } },
    'GET /seller/tax-documents/{month}': { as: 'seller', path: { month: late('jamaicaMonth') } },
    'GET /seller/commission-invoices': { as: 'seller' },
    'GET /seller/commission-invoices/{id}': { as: 'seller', path: { id: late('ownCommissionInvoice') } },
    'PUT /orders/update-status/{id}': {
      as: 'seller',
      path: { id: late('movableOrder') },
      bodies: [{ status: 'processing' }, { status: 'processing', paymentReceived: true }],
    },
    'GET /orders/{id}/seller-view': { as: 'seller', path: { id: late('sellersOrder') } },
    'DELETE /orders/cancel/{id}': { as: 'buyer', path: { id: late('cancellableOrder') }, order: 3 },
    // Card payments on the offline test gateway: a new attempt for the order still awaiting one, its
    // hand-over page, and the returns of the orders paid (or declined) on the gateway's page, brought
    // back by the browser (a form or the query) or by a callback, from no session and any origin.
    'POST /orders/{id}/pay': { as: 'buyer', path: { id: late('awaitingCardOrder') } },
    'GET /payments/{id}/page': { as: 'buyer', path: { id: late('pendingPayment') }, order: 1 },
    'POST /payments/return': { as: 'guest', bodies: [{ Response: k.cardReturns.approved[0] }] },
    'GET /payments/return': { as: 'guest', query: `Response=${encodeURIComponent(k.cardReturns.approved[1])}` },
    'POST /payments/callback': { as: 'guest', bodies: [{ Response: k.cardReturns.declined }] },
    // A store: the buyer applies for one (a new one, or a rejected one resubmitted); the seller edits its own.
    'POST /seller/apply': {
      as: 'buyer',
      bodies: [storeApplication({ name: 'Fuzz Buyer Crafts', email: BUYER_EMAIL })],
      order: 7,
    },
    'PUT /seller/store': {
      as: 'seller',
      bodies: [
        { processingTime: '1-2 business days' },
        { description: 'Coffee from the Blue Mountains, roasted weekly.' },
      ],
    },
    // The newsletter: a sign-up confirmed by its mailed link, an issue, and its unsubscribe link.
    'POST /newsletter': { as: 'guest', bodies: [{ email: 'fuzz-reader@yaad.test' }], order: -3 },
    'POST /newsletter/confirm': { as: 'guest', bodies: [{ token: late('newsletterToken') }], order: -2 },
    'POST /newsletter/issues': {
      as: 'operator',
      bodies: [{ subject: 'New on Yaad Market', paragraphs: ['Fresh coffee from the hills.'] }],
      order: -1,
    },
    'POST /newsletter/unsubscribe/{token}': { as: 'guest', path: { token: late('unsubscribeToken') } },
    // The buyer's cart and orders.
    'POST /orders/place': {
      as: 'buyer',
      bodies: [
        {
          items: [{ productId: s.id, quantity: 1 }],
          shippingAddress: ADDRESS,
          paymentMethod: 'cash_on_delivery',
          shippingSelections: [{ sellerId: s.store, shippingRateId: s.rate }],
        },
      ],
      order: -1,
    },
    'POST /cart/add': { as: 'buyer', bodies: [{ productId: s.id, quantity: 1 }], order: -3 },
    'PUT /cart/update': { as: 'buyer', bodies: [{ productId: s.id, quantity: 2 }], order: -2 },
    'POST /cart/shipping-address': { as: 'buyer', bodies: [ADDRESS], order: -2 },
    'POST /cart/select-shipping': { as: 'buyer', bodies: [{ sellerId: s.store, shippingRateId: s.rate }], order: -2 },
    'POST /checkout/prepare': { as: 'buyer', order: -1 },
    'DELETE /cart/remove': { as: 'buyer', bodies: [{ productId: s.id }] },
    'GET /products/{id}/shipping': { as: 'guest', query: 'parish=St.%20Andrew' },
    'GET /seller/stores/{id}': { as: 'guest', path: { id: OTHER_STORE } },
  };
}

/** Who an operation without a plan is for, by its path. */
export function principalFor(operation: string): Principal {
  const path = operation.split(' ')[1];
  if (path.startsWith('/admin')) return 'operator';
  if (/^\/(products|seller\/stores|health|uploads)\b/.test(path)) return 'guest';
  if (path.startsWith('/seller') || path === '/orders/seller' || /\/seller-view$/.test(path)) return 'seller';
  if (/^\/auth\/(register|login|firebase-login)/.test(path) || path.startsWith('/newsletter')) return 'guest';
  return 'buyer';
}
