import { useStore } from '@nanostores/react';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { JmdApprox, JmdRateNote } from '../../components/ui/JmdApprox';
import { Picture } from '../../components/ui/Picture';
import { Price } from '../../components/ui/Price';
import { StatusCard } from '../../components/ui/StatusCard';
import type { CartValidation } from '../../lib/contract/cart';
import { stockText } from '../../lib/listing';
import { MESSAGES } from '../../lib/messages';
import { toCents } from '../../lib/money';
import { counted } from '../../lib/plural';
import { hasPriceChange } from '../../lib/price-refusal';
import {
  $cartLines,
  $cartMode,
  $cartStatus,
  $cartSubtotalCents,
  $cartValidation,
  acceptCurrentPrices,
  type CartLine,
  clearCart,
  lineKey,
  lineName,
  loadCart,
  priceChanged,
  refreshCart,
  removeFromCart,
  setQuantity,
  validateCart,
} from '../../lib/stores/cart';
import { useMounted } from '../use-mounted';

/**
 * The cart page (spec §2 Cart): a table of lines (Product, Details, Price, Qty, Total, remove),
 * the Order Summary with the subtotal and "Calculated at checkout" shipping, and Proceed to
 * Checkout, which first validates the cart against today's stock and prices (spec §5) and shows
 * what is wrong instead of leaving. Empty: Browse Products.
 */
export default function CartPage() {
  const mounted = useMounted();
  const lines = useStore($cartLines);
  const status = useStore($cartStatus);
  const mode = useStore($cartMode);
  const validation = useStore($cartValidation);
  const refreshed = useRef(false);

  // A guest's snapshots are brought up to today's prices and stock when the page opens; a
  // signed-in shopper's cart was just loaded from the server.
  useEffect(() => {
    if (!mounted || refreshed.current || mode !== 'guest' || status !== 'ready') return;
    refreshed.current = true;
    void refreshCart();
  }, [mounted, mode, status]);

  if (!mounted || status === 'loading') return <CartSkeleton />;
  if (status === 'error' && lines.length === 0) {
    return (
      <StatusCard size="page" alert title={MESSAGES.cart.loadFailedTitle} text={MESSAGES.cart.loadFailed}>
        <button type="button" className="btn btn-primary" onClick={() => void loadCart()}>
          Try Again
        </button>
      </StatusCard>
    );
  }
  if (lines.length === 0) return <EmptyCart />;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:gap-6 xl:gap-8">
      <div className="flex min-w-0 flex-col gap-4">
        {validation && !validation.valid && <ValidationErrors validation={validation} />}
        <div className="card overflow-hidden">
          <table className="w-full text-sm">
            <caption className="sr-only">Items in your cart</caption>
            <thead className="border-b border-line bg-surface text-left text-xs font-semibold uppercase tracking-wide text-muted max-md:sr-only">
              <tr>
                {/* Product and Details share the room the figures leave: Details was squeezed to ~80 px at 1280. */}
                <th scope="col" className="w-[30%] px-4 py-3">
                  Product
                </th>
                <th scope="col" className="w-[26%] px-4 py-3">
                  Details
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Price
                </th>
                <th scope="col" className="px-4 py-3 text-center">
                  Qty
                </th>
                <th scope="col" className="px-4 py-3 text-right">
                  Total
                </th>
                <th scope="col" className="w-12 px-2 py-3">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {lines.map((line) => (
                <CartRow key={lineKey(line)} line={line} />
              ))}
            </tbody>
          </table>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <a href="/products" className="link text-sm">
            ← Continue shopping
          </a>
          <button
            type="button"
            className="btn btn-sm text-danger hover:bg-danger-50"
            onClick={() => {
              if (window.confirm('Remove every item from your cart?')) void clearCart();
            }}
          >
            Clear cart
          </button>
        </div>
      </div>
      <OrderSummary />
    </div>
  );
}

function CartRow({ line }: { line: CartLine }) {
  const { product, quantity } = line;
  // A variant's line is its own: its key, its name with "Size 10, Brown", its page (docs/decisions/052).
  const id = lineKey(line);
  const named = lineName(line);
  const href = line.variant
    ? `/product/${product.id}/?variant=${encodeURIComponent(line.variant.id)}`
    : `/product/${product.id}`;
  const [draft, setDraft] = useState(String(quantity));
  useEffect(() => setDraft(String(quantity)), [quantity]);
  const gone = line.unavailable === true;
  const short = !gone && quantity > product.stock;
  const unitCents = toCents(product.price);

  const commit = async () => {
    const wanted = Number.parseInt(draft, 10);
    if (!Number.isFinite(wanted) || wanted === quantity) {
      setDraft(String(quantity));
      return;
    }
    if (!(await setQuantity(id, wanted))) setDraft(String(quantity));
  };

  return (
    <tr
      className="grid grid-cols-[minmax(0,1fr)_auto_auto] gap-x-3 gap-y-2 px-4 py-4 [grid-template-areas:'product_product_remove'_'details_details_details'_'price_price_price'_'qty_qty_total'] md:table-row md:p-0"
      data-cart-line={id}
    >
      <td className="[grid-area:product] md:px-4 md:py-4">
        <div className="flex items-center gap-3">
          <a href={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
            <Picture
              src={product.images[0]}
              alt=""
              width={64}
              height={64}
              sizes="64px"
              widths={[128]}
              className="h-16 w-16 rounded-lg bg-surface object-cover"
            />
          </a>
          <div className="min-w-0">
            {/* Whole: a cart names exactly what is bought. */}
            <a href={href} className="font-semibold break-words text-ink hover:text-brand-700">
              {product.name}
            </a>
            {line.variant && (
              <span className="block text-sm text-muted" data-variant-label>
                {line.variant.label}
              </span>
            )}
            {gone && <span className="badge badge-red mt-1 whitespace-nowrap">No longer available</span>}
          </div>
        </div>
      </td>
      <td className="text-muted [grid-area:details] max-md:pl-[4.75rem] max-md:text-xs md:px-4 md:py-4">
        {product.category && <span className="block">{product.category}</span>}
        <span className="block">
          Sold by{' '}
          <a href={`/seller/${product.store.id}`} className="font-medium text-ink hover:text-brand-700 hover:underline">
            {product.store.name}
          </a>
        </span>
        {short && (
          <span className="mt-1 block font-medium text-danger">
            {product.stock <= 0 ? stockText(product.stock) : `Only ${product.stock} left in stock`}
          </span>
        )}
      </td>
      {/* On a phone a row of its own, aligned with the name: "US$1,099.00 each about J$172,543". */}
      <td className="self-center whitespace-nowrap [grid-area:price] max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-1.5 max-md:pl-[4.75rem] md:px-4 md:py-4 md:text-right">
        <span className="font-medium text-ink">
          <Price cents={unitCents} />
        </span>
        <span className="text-xs text-muted md:hidden">each</span>
        <span className="text-xs text-muted md:block" data-line-jmd>
          <JmdApprox cents={unitCents} />
        </span>
        {priceChanged(line) && line.addedPrice !== null && (
          <span className="block whitespace-normal text-xs text-muted max-md:basis-full">
            Price changed, was <Price dollars={line.addedPrice} />
          </span>
        )}
      </td>
      <td className="[grid-area:qty] md:px-4 md:py-4">
        <div className="flex w-fit items-center rounded-lg border border-line bg-white md:mx-auto">
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-l-lg text-lg hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40"
            disabled={quantity <= 1 || gone}
            onClick={() => void setQuantity(id, quantity - 1)}
            aria-label={`Decrease quantity of ${named}`}
          >
            −
          </button>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={Math.max(1, product.stock)}
            value={draft}
            disabled={gone}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={() => void commit()}
            onKeyDown={(e) => {
              if (e.key === 'Enter') e.currentTarget.blur();
            }}
            aria-label={`Quantity of ${named}`}
            className="h-10 w-12 border-x border-line text-center text-base [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
          />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-r-lg text-lg hover:bg-surface disabled:cursor-not-allowed disabled:opacity-40"
            disabled={gone || quantity >= product.stock}
            onClick={() => void setQuantity(id, quantity + 1)}
            aria-label={`Increase quantity of ${named}`}
          >
            +
          </button>
        </div>
      </td>
      <td className="self-center whitespace-nowrap text-right font-semibold [grid-area:total] md:px-4 md:py-4">
        {gone ? '—' : <Price cents={unitCents * quantity} />}
      </td>
      <td className="[grid-area:remove] md:px-2 md:py-4">
        <button
          type="button"
          className="-mr-2 -mt-2 inline-flex h-10 w-10 items-center justify-center rounded-lg text-muted hover:bg-danger-50 hover:text-danger md:m-0"
          onClick={() => void removeFromCart(id)}
          aria-label={`Remove ${named} from cart`}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M4 6h12M8 6V4.5h4V6m-6 0 .6 9.5h6.8L14 6" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </td>
    </tr>
  );
}

function OrderSummary() {
  // The units the subtotal prices: a line that can no longer be bought is listed, not counted.
  const count = useStore($cartLines).reduce((n, l) => (l.unavailable ? n : n + l.quantity), 0);
  const subtotal = useStore($cartSubtotalCents);
  const validation = useStore($cartValidation);
  const [checking, setChecking] = useState(false);

  const proceed = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (checking) return;
    setChecking(true);
    const verdict = await validateCart();
    if (verdict?.valid) {
      window.location.assign('/checkout');
      return;
    }
    setChecking(false);
    if (verdict) requestAnimationFrame(() => document.getElementById('cart-problems')?.focus());
  };

  return (
    <aside aria-labelledby="order-summary-title" className="card p-5 lg:sticky lg:top-32">
      <h2 id="order-summary-title" className="text-lg font-bold">
        Order Summary
      </h2>
      <dl className="mt-4 space-y-3 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Subtotal ({counted(count, 'item')})</dt>
          <dd className="text-right">
            <span className="font-semibold" data-cart-subtotal>
              <Price cents={subtotal} />
            </span>
            <span className="block text-xs text-muted" data-cart-subtotal-jmd>
              <JmdApprox cents={subtotal} />
            </span>
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Shipping</dt>
          <dd className="text-right">Calculated at checkout</dd>
        </div>
      </dl>
      <JmdRateNote className="mt-3 text-xs text-muted" />
      <p className="mt-4 border-t border-line pt-4 text-xs text-muted">
        Prices are before GCT. Each seller ships their own items; you choose a rate per seller at checkout, where each
        GCT-registered seller adds GCT on its items (a seller not registered charges none).
      </p>
      <a
        href="/checkout"
        onClick={proceed}
        aria-disabled={checking || undefined}
        className={`btn btn-primary mt-4 w-full ${checking ? 'pointer-events-none opacity-70' : ''}`}
      >
        {checking ? 'Checking your cart…' : 'Proceed to Checkout'}
      </a>
      {validation && !validation.valid && (
        <p className="mt-2 text-center text-xs font-medium text-danger">Fix the items above to continue.</p>
      )}
    </aside>
  );
}

function ValidationErrors({ validation }: { validation: CartValidation }) {
  const [busy, setBusy] = useState(false);
  const { errors } = validation;
  const pricesMoved = hasPriceChange(validation);
  return (
    <div
      id="cart-problems"
      tabIndex={-1}
      role="alert"
      className="rounded-[var(--radius-card)] border border-danger/40 bg-danger-50 p-4 text-sm text-ink"
    >
      <h2 className="font-semibold text-danger">Please review your cart before checkout</h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {errors.map((error) => (
          <li key={error}>{error}</li>
        ))}
      </ul>
      {pricesMoved && (
        <button
          type="button"
          className="btn btn-secondary btn-sm mt-3"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            await acceptCurrentPrices();
            setBusy(false);
          }}
        >
          Refresh cart
        </button>
      )}
    </div>
  );
}

function EmptyCart() {
  return (
    <StatusCard
      size="page"
      icon={
        <svg viewBox="0 0 24 24" className="h-8 w-8" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
          <circle cx="10" cy="20" r="1.4" />
          <circle cx="17" cy="20" r="1.4" />
        </svg>
      }
      title="Your cart is empty"
      text="Find coffee, crafts and more from sellers across the island."
    >
      <a href="/products" className="btn btn-primary">
        Browse Products
      </a>
    </StatusCard>
  );
}

function CartSkeleton() {
  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_19rem] lg:gap-6 xl:gap-8" aria-busy="true">
      <p className="sr-only">Loading your cart…</p>
      <div className="card space-y-4 p-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <div className="skeleton h-16 w-16" />
            <div className="flex-1 space-y-2">
              <div className="skeleton h-4 w-2/3" />
              <div className="skeleton h-3 w-1/3" />
            </div>
          </div>
        ))}
      </div>
      <div className="card space-y-3 p-5">
        <div className="skeleton h-5 w-1/2" />
        <div className="skeleton h-4 w-full" />
        <div className="skeleton h-11 w-full" />
      </div>
    </div>
  );
}
