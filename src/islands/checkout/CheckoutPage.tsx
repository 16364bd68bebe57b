import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useId, useState } from 'react';
import { JmdApprox, JmdRateNote } from '../../components/ui/JmdApprox';
import { Price } from '../../components/ui/Price';
import { ApiRequestError } from '../../lib/api';
import type { CheckoutSummary } from '../../lib/contract/checkout';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '../../lib/contract/orders';
import type { PaymentOption } from '../../lib/contract/payment-methods';
import { type CardGateway, paidByCard } from '../../lib/contract/payments';
import { MESSAGES } from '../../lib/messages';
import { counted } from '../../lib/plural';
import {
  $checkoutPriceChanged,
  $checkoutProblems,
  $orderNotes,
  $paymentMethod,
  $paymentNotice,
  $placing,
  $summary,
  $summaryStatus,
  choosePaymentMethod,
  loadSummary,
  placeOrder,
  refreshPrices,
} from '../../lib/stores/checkout';
import { $user, refreshSession, sessionSettled } from '../../lib/stores/session';
import { partTaxLabel } from '../../lib/tax-details';
import { AddressSection } from './AddressSection';
import { BusinessBuyerSection } from './BusinessBuyerSection';
import { SellerShipping } from './SellerShipping';

const cardNote = (gateway: CardGateway) =>
  `After Place Order you pay on the secure page of ${gateway.name}, which takes ${gateway.cards.join(' and ')}. Your card details never reach this shop. Your items are held for ${gateway.holdMinutes} minute${gateway.holdMinutes === 1 ? '' : 's'} while you pay; the sellers start once it is paid.`;
const PAYMENT_NOTES: Record<Exclude<PaymentMethod, 'credit_card' | 'debit_card'>, string> = {
  // Never chosen: PayPal is shown disabled, with why (services/payment-methods.ts).
  paypal: 'PayPal is not available at this shop yet.',
  bank_transfer:
    'Make one bank transfer to Yaad Market for the whole order, quoting your order number: the account is shown with your order. Its sellers start once it arrives.',
  cash_on_delivery: "Pay each seller's courier in cash when your items arrive.",
};

/**
 * /checkout (spec §2 Checkout): load the summary (once the cart has followed the session); save the address (reload); one rate per seller
 * (reload); payment method (credit card by default); order notes; a business buyer's TRN
 * (optional, decision 049); Place Order, disabled while
 * placing or while the shipping is not valid. Place Order is one request that checks the cart
 * again and places (decision 010); the ordered lines leave the cart and the shopper lands on
 * /order-confirmation. Signed out: to /login and back.
 */
export default function CheckoutPage() {
  const user = useStore($user);
  const summary = useStore($summary);
  const status = useStore($summaryStatus);

  useEffect(() => {
    refreshSession()
      .then(async (who) => {
        if (!who) return location.assign('/login?next=/checkout');
        // When this call is what tells the page who is signed in (a session cookie without the
        // signed-in hint), the cart merges the guest cart now (/cart/sync): the summary is read
        // after that, or it would show the server cart as it was before, unlike the header.
        await sessionSettled();
        return loadSummary();
      })
      .catch((error) => {
        if (error instanceof ApiRequestError && error.status === 401) location.assign('/login?next=/checkout');
        else $summaryStatus.set('error');
      });
  }, []);

  if (status === 'error' && !summary)
    return (
      <div className="card mx-auto max-w-xl p-8 text-center" role="alert">
        <h2 className="text-lg font-semibold">{MESSAGES.checkout.summaryFailed}</h2>
        <p className="mt-2 text-muted">{MESSAGES.checkout.loadFailed}</p>
        <button type="button" className="btn btn-primary mt-6" onClick={() => void loadSummary()}>
          Try Again
        </button>
      </div>
    );
  if (!user || !summary) return <CheckoutSkeleton />;
  if (summary.totalItems === 0)
    return (
      <div className="card mx-auto flex max-w-xl flex-col items-center gap-4 p-10 text-center">
        <h2 className="text-lg font-semibold">Your cart is empty</h2>
        <p className="text-muted">Add something from our sellers, then come back to check out.</p>
        <a href="/products" className="btn btn-primary">
          Browse Products
        </a>
      </div>
    );
  return <Checkout summary={summary} userName={user.name} />;
}

function Checkout({ summary, userName }: { summary: CheckoutSummary; userName: string }) {
  const placing = useStore($placing);
  const groups = Object.values(summary.sellerGroups);
  return (
    <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-8">
      <div className="flex min-w-0 flex-col gap-6">
        <AddressSection address={summary.shippingAddress} userName={userName} />
        <section aria-labelledby="delivery-h" className="flex flex-col gap-4">
          <h2 id="delivery-h" className="text-lg font-bold">
            2. Delivery, seller by seller
          </h2>
          <p className="-mt-2 text-sm text-muted">
            Each seller ships its own items. Choose one delivery option for each.
          </p>
          {groups.map((group) => (
            <SellerShipping
              key={group.sellerId}
              group={group}
              options={summary.shippingOptions[group.sellerId]}
              hasAddress={summary.shippingAddress !== null}
              disabled={placing}
            />
          ))}
        </section>
        <PaymentSection options={summary.paymentOptions} gateway={summary.cardGateway} disabled={placing} />
        <NotesSection />
        <BusinessBuyerSection disabled={placing} />
      </div>
      <OrderSummary summary={summary} />
    </div>
  );
}

/**
 * Every method, always shown (docs/decisions/020): one a store in the cart does not take is
 * disabled with its reason beside it (and read with it: aria-describedby), never hidden.
 */
function PaymentSection({
  options,
  gateway,
  disabled,
}: {
  options: readonly PaymentOption[];
  gateway: CardGateway;
  disabled: boolean;
}) {
  const method = useStore($paymentMethod);
  const notice = useStore($paymentNotice);
  const baseId = useId();
  return (
    <section aria-labelledby="payment-h" className="card p-5">
      <h2 id="payment-h" className="text-lg font-bold">
        3. Payment method
      </h2>
      <fieldset className="mt-3">
        <legend className="sr-only">Payment method</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {PAYMENT_METHODS.map((m) => {
            const option = options.find((o) => o.method === m);
            const unavailable = option ? !option.available : false;
            const reasonId = `${baseId}-${m}-reason`;
            return (
              // The reason sits outside the label: the option's name stays the method, and the
              // reason is its description (aria-describedby), read with it.
              <div
                key={m}
                data-method={m}
                className={`rounded-lg border text-sm font-medium ${
                  unavailable
                    ? 'border-line bg-surface text-muted'
                    : method === m
                      ? 'border-brand-600 bg-brand-50'
                      : 'border-line hover:border-brand-600'
                }`}
              >
                <label
                  className={`flex items-center gap-3 p-3 ${unavailable ? 'cursor-not-allowed' : 'cursor-pointer'}`}
                >
                  <input
                    type="radio"
                    name="paymentMethod"
                    value={m}
                    checked={method === m}
                    disabled={unavailable || disabled}
                    aria-describedby={unavailable ? reasonId : undefined}
                    onChange={() => choosePaymentMethod(m)}
                    className="h-4 w-4 shrink-0 accent-brand-700"
                  />
                  {PAYMENT_METHOD_LABELS[m]}
                </label>
                {unavailable && option?.reason && (
                  <p id={reasonId} className="-mt-2 pb-3 pl-10 pr-3 text-xs font-normal">
                    {option.reason}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      </fieldset>
      <div aria-live="polite">
        {notice && (
          <p className="mt-3 rounded-lg bg-surface p-3 text-sm" data-testid="payment-notice">
            {notice}
          </p>
        )}
        {paidByCard(method) ? (
          <p className="mt-3 text-sm text-muted" data-testid="card-gateway-note">
            {cardNote(gateway)}
          </p>
        ) : (
          <p className="mt-3 text-sm text-muted">{PAYMENT_NOTES[method as keyof typeof PAYMENT_NOTES]}</p>
        )}
      </div>
    </section>
  );
}

function NotesSection() {
  const notes = useStore($orderNotes);
  const id = useId();
  return (
    <section className="card p-5">
      <label htmlFor={id} className="text-lg font-bold">
        4. Order notes <span className="text-sm font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id={id}
        rows={4}
        maxLength={1000}
        value={notes}
        onChange={(e) => $orderNotes.set(e.target.value)}
        className="input mt-3 py-2"
        placeholder="Gate code, landmarks, the best time to call…"
      />
    </section>
  );
}

function OrderSummary({ summary }: { summary: CheckoutSummary }) {
  const placing = useStore($placing);
  const problems = useStore($checkoutProblems);
  const priceChanged = useStore($checkoutPriceChanged);
  const [navigating, setNavigating] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const groups = Object.values(summary.sellerGroups);
  const valid = summary.shippingValidation.valid;

  async function place() {
    const result = await placeOrder();
    if (result.ok) {
      setNavigating(true);
      // A card order goes on to the gateway's page, and comes back to the confirmation from there.
      const { confirmation } = result;
      location.assign(
        confirmation.payUrl ??
          (confirmation.order.cardPayment
            ? `/order-confirmation?order=${encodeURIComponent(confirmation.order.id)}`
            : '/order-confirmation'),
      );
    }
  }

  return (
    <aside aria-labelledby="summary-h" className="card flex flex-col gap-4 p-5 lg:sticky lg:top-36">
      <h2 id="summary-h" className="text-lg font-bold">
        Order summary
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        {groups.map((g) => (
          <Fragment key={g.sellerId}>
            <div className="flex justify-between gap-3">
              <dt className="min-w-0 truncate text-muted">
                {g.storeName} ({counted(g.itemCount, 'item')})
              </dt>
              <dd>
                <Price dollars={g.subtotal} />
              </dd>
            </div>
            {/* Each seller's own GCT (decision 044): only a GCT-registered seller charges it. */}
            <div className="-mt-1.5 flex justify-between gap-3 text-xs text-muted" data-testid="summary-seller-tax">
              <dt>{partTaxLabel(g.taxRate)}</dt>
              <dd>
                <Price dollars={g.tax} />
              </dd>
            </div>
          </Fragment>
        ))}
        <div className="mt-2 flex justify-between gap-3 border-t border-line pt-3">
          <dt>Subtotal ({counted(summary.totalItems, 'item')})</dt>
          <dd>
            <Price dollars={summary.subtotal} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>Shipping</dt>
          <dd data-testid="summary-shipping">
            <Price dollars={summary.shippingCost} />
          </dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>GCT</dt>
          <dd data-testid="summary-tax">
            <Price dollars={summary.tax} />
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-line pt-3 text-base font-bold">
          <dt>Total</dt>
          <dd className="text-right">
            <span data-testid="summary-total">
              <Price dollars={summary.totalAmount} />
            </span>
            <span className="block text-xs font-normal text-muted" data-testid="summary-total-jmd">
              <JmdApprox dollars={summary.totalAmount} />
            </span>
          </dd>
        </div>
      </dl>
      <JmdRateNote />
      {!valid && (
        <p className="rounded-lg bg-surface p-3 text-sm text-muted" data-testid="shipping-validation">
          {summary.shippingValidation.message}
        </p>
      )}
      {problems.length > 0 && (
        <div role="alert" className="rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger">
          <ul className="flex flex-col gap-1">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
          {priceChanged && (
            <button
              type="button"
              className="btn btn-secondary btn-sm mt-3"
              disabled={refreshing || placing}
              onClick={async () => {
                setRefreshing(true);
                await refreshPrices();
                setRefreshing(false);
              }}
            >
              {refreshing ? 'Refreshing…' : 'Refresh cart'}
            </button>
          )}
        </div>
      )}
      <button
        type="button"
        className="btn btn-primary btn-lg w-full"
        disabled={placing || navigating || !valid}
        onClick={() => void place()}
      >
        {placing || navigating ? 'Placing order…' : 'Place Order'}
      </button>
      <p className="text-xs text-muted">
        By placing your order you agree to our{' '}
        <a href="/terms-and-conditions" className="link">
          Terms of Service
        </a>{' '}
        and{' '}
        <a href="/privacy-policy" className="link">
          Privacy Policy
        </a>
        .
      </p>
    </aside>
  );
}

function CheckoutSkeleton() {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]" aria-busy="true" aria-label="Loading checkout">
      <div className="flex flex-col gap-6">
        <div className="skeleton h-64" />
        <div className="skeleton h-48" />
      </div>
      <div className="skeleton h-80" />
    </div>
  );
}
