import { atom } from 'nanostores';
import { addressBookEntryFrom } from '../addresses';
import { ApiRequestError, api } from '../api';
import type { BuyerTaxId } from '../contract/buyer-tax-id';
import type { CheckoutSummary, ShippingAddress, ShippingAddressInput } from '../contract/checkout';
import { missingAddressFields } from '../contract/checkout';
import {
  orderRequestProblems,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type PlaceOrderAnswer,
  type PlaceOrderInput,
} from '../contract/orders';
import { MESSAGES } from '../messages';
import { isPriceRefusal } from '../price-refusal';
import { sessionStore } from './browser-storage';
import { $businessBuyer, $businessBuyerErrors, businessBuyerErrorsFrom, checkBusinessBuyer } from './business-buyer';
import { acceptCurrentPrices, loadCart } from './cart';
import { CONFIRMATION_KEY, type Confirmation, endAttempt, idempotencyKeyFor } from './checkout-handover';
import { toastError, toastSuccess } from './toasts';

/**
 * The checkout (spec §2, §4 "Checkout"): the summary from the server, the payment method and the
 * notes the shopper chose, and the verbs: load the summary, save the address (reload), choose a
 * rate per seller (reload), place the order. The address and the selections live on the server
 * cart, so they survive a reload and follow the shopper.
 */

export type SummaryStatus = 'idle' | 'loading' | 'ready' | 'error';
export const $summary = atom<CheckoutSummary | null>(null);
export const $summaryStatus = atom<SummaryStatus>('idle');
export const $paymentMethod = atom<PaymentMethod>('credit_card');
export const $orderNotes = atom('');
export const $placing = atom(false);
/** The shopper ticked "Save this address to my address book": done once the order is placed. */
export const $saveToAddressBook = atom(false);
/** What stands in the way of placing the order (spec §5 texts), shown above Place Order. */
export const $checkoutProblems = atom<string[]>([]);
/** Whether those problems include a price that moved, so the checkout offers Refresh cart. */
export const $checkoutPriceChanged = atom(false);
/**
 * Said when the chosen payment method stopped being available for this cart (a store that does
 * not take it came in, or changed its terms) and another was chosen instead.
 */
export const $paymentNotice = atom<string | null>(null);

/**
 * The business buyer's problems shown above Place Order (their fields say them too): they go as
 * soon as the shopper changes those fields, as the fields' own errors do.
 */
let businessProblems: string[] = [];
$businessBuyer.listen(() => {
  if (businessProblems.length === 0) return;
  const stale = new Set(businessProblems);
  businessProblems = [];
  $checkoutProblems.set($checkoutProblems.get().filter((p) => !stale.has(p)));
});
function businessRefused(errors: Record<string, string>): PlaceResult {
  businessProblems = Object.values(errors);
  $businessBuyerErrors.set(errors);
  $checkoutProblems.set(businessProblems);
  $checkoutPriceChanged.set(false);
  return { ok: false, problems: businessProblems };
}

const schemas = () => Promise.all([import('../contract/checkout'), import('../contract/orders')]);

/**
 * Each summary read and each choice shown before the server has it takes the next number: only
 * the newest one's answer is shown. A read still on its way when the shopper picks a courier
 * would otherwise land after the pick and undo it on screen (CI caught the tap undone).
 */
let newest = 0;

export async function loadSummary(options: { quiet?: boolean } = {}): Promise<CheckoutSummary | null> {
  if (!$summary.get()) $summaryStatus.set('loading');
  const ticket = ++newest;
  try {
    const [checkout] = await schemas();
    const summary = await api.get('/checkout/summary', checkout.CheckoutSummary);
    // A newer read, or a choice shown since this one left: its answer would undo what is on screen.
    if (ticket !== newest) return $summary.get();
    keepPaymentAvailable(summary);
    $summary.set(summary);
    $summaryStatus.set('ready');
    return summary;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) throw error;
    if (!$summary.get()) $summaryStatus.set('error');
    if (!options.quiet) toastError(MESSAGES.checkout.summaryFailed, MESSAGES.checkout.loadFailed);
    return null;
  }
}

/**
 * The chosen method must be one every store in the cart takes (docs/decisions/020): when it is
 * not, the first available one is chosen (a card: the marketplace takes those for every store)
 * and the shopper is told why.
 */
function keepPaymentAvailable(summary: CheckoutSummary) {
  const chosen = $paymentMethod.get();
  const option = summary.paymentOptions.find((o) => o.method === chosen);
  if (!option || option.available) return;
  const next = summary.paymentOptions.find((o) => o.available);
  if (!next) return;
  $paymentMethod.set(next.method);
  $paymentNotice.set(
    MESSAGES.checkout.paymentSwitched(PAYMENT_METHOD_LABELS[chosen], PAYMENT_METHOD_LABELS[next.method]),
  );
}

/** The shopper's own choice of payment method (only among the available ones: the others are disabled). */
export function choosePaymentMethod(method: PaymentMethod) {
  $paymentMethod.set(method);
  $paymentNotice.set(null);
}

/** Saves the address (spec §5 check first), then reloads the summary. Answers an error text or null. */
export async function saveAddress(address: ShippingAddressInput): Promise<string | null> {
  const missing = missingAddressFields(address);
  if (missing.length) return MESSAGES.checkout.requiredFields(missing);
  try {
    await api.post('/cart/shipping-address', address);
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 400) return error.message;
    toastError(MESSAGES.shipping.setAddressFailed, MESSAGES.checkout.saveAddressFailed);
    return MESSAGES.checkout.saveAddressFailed;
  }
  await loadSummary();
  return null;
}

/** Chooses one rate for one seller, then reloads the summary. */
export async function selectRate(sellerId: string, shippingRateId: string): Promise<boolean> {
  const before = $summary.get();
  newest++;
  if (before) {
    // Show the choice at once; the reload brings the server's totals.
    $summary.set({
      ...before,
      sellerGroups: {
        ...before.sellerGroups,
        [sellerId]: { ...before.sellerGroups[sellerId], selectedRateId: shippingRateId },
      },
    });
  }
  try {
    await api.post('/cart/select-shipping', { sellerId, shippingRateId });
  } catch {
    if (before) $summary.set(before);
    toastError(MESSAGES.shipping.selectFailed, MESSAGES.shipping.selectFailed);
    return false;
  }
  await loadSummary();
  return true;
}

// The confirmation page reads what placing an order hands it through this store's name too.
export { CONFIRMATION_KEY, type Confirmation, takeConfirmation } from './checkout-handover';

export type PlaceResult = { ok: true; confirmation: Confirmation } | { ok: false; problems: string[] };

/**
 * The order request from what the shopper sees: the summary's lines, address and couriers, and a
 * business buyer's TRN when the shopper gave one (checked already: checkBusinessBuyer).
 */
function orderRequestFrom(summary: CheckoutSummary, buyerTaxId: BuyerTaxId | undefined) {
  return {
    items: Object.values(summary.sellerGroups).flatMap((g) =>
      // The variant of each line (its product's id for a product without options: decision 052).
      g.items.map((i) => ({ productId: i.productId, variantId: i.variantId, quantity: i.quantity })),
    ),
    shippingAddress: summary.shippingAddress,
    shippingSelections: summary.shippingSelections,
    paymentMethod: $paymentMethod.get(),
    customerNotes: $orderNotes.get().trim() || undefined,
    ...(buyerTaxId ? { buyerTaxId } : {}),
  } satisfies PlaceOrderInput;
}

/**
 * A refusal for the cart's own lines (a product gone, short of stock, repriced: 404 or 409) lists
 * each line's spec §5 text by its variant's id (the product's for a product without options): all of them are shown at once, in the order of the
 * lines, as the separate cart check before placing used to show them. Any other refusal: none.
 */
function lineProblems(error: ApiRequestError, items: readonly { variantId?: string; productId: string }[]): string[] {
  if ((error.status !== 404 && error.status !== 409) || !error.errors) return [];
  const byLine = error.errors;
  return items.flatMap((i) => {
    const id = i.variantId ?? i.productId;
    return byLine[id] ? [byLine[id]] : [];
  });
}

/**
 * Spec §2/§5: needs a loaded summary, an address and a selection; the order request is checked
 * with the spec's rules; then one POST /orders/place with an Idempotency-Key (a retried
 * submission can never make a second order). The server checks the cart again there, stock and
 * prices included, and refuses with the spec's texts (decision 010: one round trip). On success
 * the ordered lines have left the server cart: the cart is read again, and the confirmation is
 * handed to /order-confirmation.
 */
export async function placeOrder(): Promise<PlaceResult> {
  if ($placing.get()) return { ok: false, problems: [] };
  const fail = (problems: string[], priceChanged = false): PlaceResult => {
    $checkoutProblems.set(problems);
    $checkoutPriceChanged.set(priceChanged);
    return { ok: false, problems };
  };
  const summary = $summary.get();
  if (!summary?.shippingAddress || summary.shippingSelections.length === 0)
    return fail([MESSAGES.checkout.incompleteBeforePlacing]);
  // The business buyer's fields say what is wrong beside themselves, and above Place Order too.
  const business = checkBusinessBuyer($businessBuyer.get());
  if (!business.ok) return businessRefused(business.errors);
  $businessBuyerErrors.set({});
  $placing.set(true);
  $checkoutProblems.set([]);
  $checkoutPriceChanged.set(false);
  try {
    const request = orderRequestFrom(summary, business.buyerTaxId);
    const problems = orderRequestProblems(request, Object.keys(summary.sellerGroups));
    if (problems.length) return fail(problems);

    const body = JSON.stringify(request);
    let answer: PlaceOrderAnswer;
    try {
      const [, orders] = await schemas();
      answer = await api.post('/orders/place', request, orders.PlaceOrderAnswer, {
        'Idempotency-Key': idempotencyKeyFor(body),
      });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status < 500 && error.status !== 401) {
        // Refused for good (stock, price, shipping): a corrected order gets a new key.
        endAttempt();
        const refusedFields = businessBuyerErrorsFrom(error.errors);
        if (error.status === 400 && refusedFields) return businessRefused(refusedFields);
        const lines = lineProblems(error, request.items);
        if (lines.length) return fail(lines, isPriceRefusal(error));
        await loadSummary({ quiet: true });
        toastError(MESSAGES.checkout.placeFailed, error.message);
        return fail([error.message], isPriceRefusal(error));
      }
      toastError(
        MESSAGES.checkout.placeFailed,
        error instanceof ApiRequestError ? error.message : MESSAGES.checkout.placeFailed,
      );
      return fail([MESSAGES.checkout.placeFailed]);
    }
    endAttempt();
    const confirmation = { order: answer.order, invoiceUrl: answer.invoiceUrl, payUrl: answer.payment?.payUrl ?? null };
    sessionStore()?.setItem(CONFIRMATION_KEY, JSON.stringify(confirmation));
    if ($saveToAddressBook.get() && request.shippingAddress) await keepAddress(request.shippingAddress);
    // The server took the ordered lines out of the cart; whatever else is in it stays.
    await loadCart();
    // A card order is confirmed by its payment, on the gateway's page next (docs/decisions/029).
    if (!answer.order.cardPayment)
      toastSuccess(MESSAGES.checkout.placedTitle, `Order ${answer.order.orderNumber} is confirmed.`);
    return { ok: true, confirmation };
  } finally {
    $placing.set(false);
  }
}

/**
 * Right after the order is placed, the address it went to joins the shopper's address book (the
 * server adds a place it already holds only once). The order stands whatever happens here.
 */
async function keepAddress(address: ShippingAddress) {
  try {
    await api.post('/users/addresses', addressBookEntryFrom(address));
    $saveToAddressBook.set(false);
  } catch (error) {
    console.error(error);
    toastError(MESSAGES.checkout.addressNotKept, MESSAGES.checkout.addressNotKeptDetail);
  }
}

/**
 * After "Price changed for …": the cart takes today's prices and the summary is read again, so
 * the shopper sees the new total right here and can place the order without leaving checkout.
 */
export async function refreshPrices(): Promise<boolean> {
  if (!(await acceptCurrentPrices())) return false;
  await loadSummary({ quiet: true });
  $checkoutProblems.set([]);
  $checkoutPriceChanged.set(false);
  return true;
}
