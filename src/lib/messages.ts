import { CART_MESSAGES } from './cart-messages';
import { FAVORITE_MESSAGES } from './favorite-messages';
import { namesInText } from './plural';
import { SELLER_ORDER_MESSAGES } from './seller-order-messages';

/**
 * Every text the spec fixes (spec §5 and §8), in one place, so the server, the islands and the
 * tests say exactly the same thing. The cart's and the favourites' texts live in files of their
 * own (cart-messages.ts, favorite-messages.ts) because every page's one script says them: it
 * imports them from there, so the rest of this object stays out of the product page's JavaScript;
 * the seller's order texts too (seller-order-messages.ts), for the workspace's first screens.
 */
export const MESSAGES = {
  products: {
    loadFailed: 'Failed to load products from the server',
    loadFailedToast: 'Failed to load products. Please try again.',
    none: 'No products available at the moment.',
    categoryFailed: 'Failed to load products. Please try again later.',
    notFound: 'Product Not Found',
    sellerNotFound: 'Seller Not Found',
    noMatches: 'No products found matching your criteria.',
  },
  shipping: {
    setAddressFailed: 'Failed to set shipping address',
    optionsFailed: 'Failed to get shipping options',
    selectFailed: 'Failed to select shipping option',
    noneToLocation: 'No shipping available to this location',
    noneForLocation: 'No shipping options available for this location',
    loadFailed: 'Failed to load shipping options',
    noneForSeller: 'No shipping options available',
  },
  search: {
    failed: 'Failed to search products. Please try again.',
    failedToastTitle: 'Search Error',
    failedToast: 'Failed to perform search. Please try again.',
  },
  cart: CART_MESSAGES,
  // Spec §5 and §8: checkout, orders and invoices (the checkout feature).
  checkout: {
    summaryFailed: 'Failed to get checkout summary',
    prepareFailed: 'Failed to prepare checkout',
    placeFailed: 'Failed to place order',
    loadFailed: 'Failed to load checkout data',
    saveAddressFailed: 'Failed to save shipping address',
    addressNotKept: 'Address not saved',
    addressNotKeptDetail: 'Your order is placed, but the address could not be added to your address book.',
    saveToAddressBook: 'Save this address to my address book',
    incomplete: 'Please complete shipping information',
    incompleteBeforePlacing: 'Please complete shipping information before placing order',
    requiredFields: (fields: readonly string[]) => `Please fill in all required fields: ${fields.join(', ')}`,
    noItems: 'Order must contain at least one item',
    itemProductId: (n: number) => `Item ${n}: Product ID is required`,
    itemQuantity: (n: number) => `Item ${n}: Quantity must be at least 1`,
    addressField: (field: string) => `Shipping address: ${field} is required`,
    paymentMethod: 'Valid payment method is required',
    selectionsRequired: 'Shipping selections are required for each seller',
    needsAddress: 'Please enter a shipping address to see shipping options',
    selectFor: (store: string) => `Please select a shipping option for ${store}`,
    noShippingFor: (store: string) => `No shipping available to this location from ${store}`,
    shippingComplete: 'Shipping information is complete',
    rateUnavailable: 'That shipping option is not available for this seller and address',
    sellerNotInCart: 'That seller has no items in your cart',
    placed: 'Order placed successfully',
    placedTitle: 'Order placed',
    // docs/decisions/020: each store chooses whether it takes cash on delivery and bank transfer.
    paymentNotTaken: (stores: readonly string[], method: string) =>
      `${namesInText(stores)} ${stores.length === 1 ? 'does' : 'do'} not take ${method.toLowerCase()}. Choose another way to pay.`,
    notTakenBy: (stores: readonly string[]) => `Not taken by ${namesInText(stores)}`,
    // Issue 26 #6: a method the shop has no provider for (PayPal) is shown, never offered.
    methodNotOffered: 'Not available at this shop yet',
    methodNotOfferedRefusal: (method: string) =>
      `${method} is not available at this shop yet. Choose another way to pay.`,
    paymentSwitched: (was: string, now: string) =>
      `${was} is not taken by every seller in your cart, so ${now.toLowerCase()} is chosen instead.`,
  },
  orders: {
    notFound: 'Order not found',
    idMissing: 'Order ID is missing',
    loadFailed: 'Failed to load order details',
    unauthorizedAccess: 'UnauthorizedAccess',
    accessDenied: 'Access Denied',
    accessDeniedDetail: "You don't have permission to view this order",
    cancelFailed: 'Failed to cancel your order',
    cancelledTitle: 'Order cancelled',
    cancelled: 'Your order has been successfully cancelled.',
    notCancellable: 'This order can no longer be cancelled',
    infoNotFound: 'Order Information Not Found',
    sellerViewFailed: 'Failed to get seller order view',
    invoiceFailed: 'Failed to get invoice',
    badTransition: (from: string, to: string) => `An order that is ${from} cannot become ${to}`,
    cancelledNeedsNoPayment: 'A cancelled order needs no payment',
    keyReused: 'This Idempotency-Key was already used for a different order',
    badKey: 'Idempotency-Key must be 8 to 100 letters, digits, dashes or underscores',
    empty: 'No orders found',
    /** The profile's orders tab could not read them (the spec only logs it: README deviations). */
    listFailed: 'Failed to load your orders',
  },
  // Card payments (issue 26 #3, docs/decisions/029).
  payments: {
    notByCard: 'This order is not paid by card',
    alreadyPaid: 'This order is already paid',
    cancelled: 'This order is cancelled: it can no longer be paid',
    gatewayUnavailable: 'The card payment page could not be opened. Please try again in a moment.',
    attemptNotFound: 'Payment not found',
    attemptDecided: 'This payment is already finished. Open your order to pay again.',
    returnRefused: 'This payment answer could not be verified',
    // The operators' bank transfers (docs/decisions/034).
    noSuchOrder: (orderNumber: string) =>
      `No order has the number ${orderNumber}. Check it against the transfer's reference.`,
    notBankTransfer: (orderNumber: string) =>
      `Order ${orderNumber} is not paid by bank transfer to the marketplace: record its payment the way it was made.`,
    referenceTaken: (reference: string) =>
      `Bank reference ${reference} is already recorded, for another order or amount. Check the statement.`,
    receivedInFuture: 'Date received cannot be after today',
    transferRecorded: 'Bank transfer recorded',
    transferAlreadyRecorded: 'This transfer was already recorded: nothing changed',
    // Refunds an operator settles (decision 034's update).
    sentInFuture: 'Date sent cannot be after today',
    refundNotBankTransfer: (orderNumber: string) =>
      `Order ${orderNumber} is not paid by bank transfer to the marketplace: a card's refund goes through the gateway (retry it, or record it sent by bank transfer, on its payment).`,
    refundReferenceTaken: (reference: string) =>
      `Bank reference ${reference} is already recorded for another refund. Check the statement.`,
    nothingOwed: (orderNumber: string) =>
      `Nothing is owed back for order ${orderNumber}: what it received is all used or already refunded.`,
    moreThanOwed: (orderNumber: string, owed: string) =>
      `Amount is more than the ${owed} owed back for order ${orderNumber}: enter at most that.`,
    refundNotFound: 'Refund not found',
    refundAlreadyMade: 'This refund is already made: nothing to do.',
    refundOnItsWay: 'This refund is on its way to the gateway: wait for its answer.',
    refundRecorded: 'Refund recorded',
    returnRefundByCard: 'This return’s refund goes back to the card through the gateway: nothing to record here.',
    returnNothingOwed: 'This return has no refund owed to record: none decided yet, or it is already paid back.',
    returnAmountNotOwed: (owed: string) => `This return is owed ${owed}: record that amount, paid back in one go.`,
    returnAlreadyPaid: 'This return’s refund is already recorded as paid back, another way.',
  },
  // The seller's workspace: its orders and dashboard (issue 14; the spec shows no seller screens).
  sellerOrders: SELLER_ORDER_MESSAGES,
  payouts: {
    nothingToPay: (minimum: string) =>
      `No store has an available balance of at least ${minimum} and bank details: no payout run was made`,
    keyReused: 'This Idempotency-Key was used for another request',
    runNotFound: 'No such payout run',
    notFound: 'No such payout',
    alreadyPaid: (reference: string) => `This payout is already marked paid (bank reference ${reference})`,
    alreadyFailed: 'This payout is already marked failed: its money is back in the seller’s available balance',
    paidInFuture: 'Date paid cannot be after today',
    paidBeforeRun: 'Date paid cannot be before the payout run',
    notPaid: 'Only a payout marked paid can be returned by the bank: mark it paid, or failed if the bank never paid it',
    alreadyReturned: (reference: string) =>
      `This payout is already marked returned (bank reference ${reference}): its money is back in the seller’s available balance`,
  },
  commission: {
    noSuchStore: 'No such store',
    noSuchCategory: 'No such category',
    noSuchRate: 'No such commission rate: nothing was removed',
  },
  reports: {
    notYet: 'That month has not begun yet: no report',
  },
  commissionInvoices: {
    notFound: 'No such invoice for commission',
    notClosed: (month: string) =>
      `${month} has not ended yet: the marketplace invoices a month's commission once the month is over`,
  },
  statements: {
    notYet: (month: string) => `There is no statement for ${month} yet: that month has not begun`,
    beforeStore: (month: string, opened: string) =>
      `There is no statement for ${month}: your store opened in ${opened}`,
  },
  invoice: {
    loadFailed: 'Failed to load invoice.',
    httpError: (status: number) => `HTTP error! Status: ${status}`,
    notPdf: 'Received content is not a PDF. Please check backend.',
    empty: 'Received empty PDF file',
    displayFailed: 'Failed to display PDF. Your browser might not support direct PDF viewing. Please download instead.',
    notFound: 'Invoice not found',
    accessDenied: 'Access denied to this invoice',
    authHint: 'Your session may have ended: refresh the page or log in again.',
  },
  returns: {
    notFound: 'Return request not found',
    partNotFound: 'Order not found',
    notSeller: 'Only sellers can answer return requests',
    notDelivered: 'Items can be returned only once their part of the order is delivered',
    notPaid: 'Items can be returned only from a part that was paid',
    windowClosed: (days: number) => `The ${days}-day return window for this part has closed`,
    noSuchLine: 'An item to return is not in this part of the order',
    moreThanBought: (name: string, left: number) =>
      left === 0
        ? `${name}: every unit is already in a return request`
        : `${name}: at most ${left} can still be returned`,
    badMove: (from: string, to: string) => `A return request that is ${from} cannot be ${to}`,
    tooEarlyToEscalate: (at: string) => `The seller has until ${at} to answer before you can ask us to step in`,
    notRestockable: 'Only items of this request can go back into stock',
    nothingLeft: 'This part of the order has been refunded in full already',
    moreThanRefundable: (max: string) => `At most ${max} can still be refunded for this part of the order`,
    tooManyPhotos: (max: number) => `Attach at most ${max} photos to a return request`,
    photoNotFound: 'Photo not found',
    photosFull: (has: number, max: number) =>
      has >= max
        ? `This return request already has ${max} photos, the most it can have`
        : `This return request has ${has} ${has === 1 ? 'photo' : 'photos'}: add at most ${max - has} more`,
    photosClosed: (status: string) => `A return request that is ${status} can no longer take photos`,
    cashNotBuilt:
      'A cash-on-delivery return is refunded by the Yaad Market team: ask them on the disputes screen to record it',
  },
  favorites: FAVORITE_MESSAGES,
} as const;
