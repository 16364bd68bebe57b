import { useId } from 'react';
import { Picture } from '../../components/ui/Picture';
import { Price } from '../../components/ui/Price';
import type { SellerGroup, SellerShippingOptions } from '../../lib/contract/checkout';
import { MESSAGES } from '../../lib/messages';
import { toCents } from '../../lib/money';
import { selectRate } from '../../lib/stores/checkout';

/**
 * Step 2, one card per seller: its items, and the rates it offers to the shopper's parish (from
 * the database: method, provider, cost or Free, estimated days, description). Choosing a rate
 * saves it on the server and reloads the summary.
 */
export function SellerShipping({
  group,
  options,
  hasAddress,
  disabled,
}: {
  group: SellerGroup;
  options: SellerShippingOptions | undefined;
  hasAddress: boolean;
  disabled: boolean;
}) {
  const id = useId();
  const rates = options?.rates ?? [];
  const short =
    group.freeShippingThreshold !== null && !group.qualifiesForFreeShipping
      ? toCents(group.freeShippingThreshold) - toCents(group.subtotal)
      : null;
  return (
    <section aria-labelledby={`${id}-h`} className="card p-5" data-seller={group.sellerId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`${id}-h`} className="font-bold">
          {group.storeName}
        </h3>
        <span className="text-sm text-muted">
          {group.location} · ships in {group.processingTime}
        </span>
      </div>
      <ul className="mt-3 divide-y divide-line">
        {group.items.map((item) => (
          <li key={item.variantId} className="flex items-center gap-3 py-2">
            <Picture
              src={item.image}
              alt=""
              width={48}
              height={48}
              sizes="48px"
              className="h-12 w-12 rounded-md object-cover"
            />
            <div className="min-w-0 flex-1">
              <a
                href={
                  item.variantLabel
                    ? `/product/${item.productId}/?variant=${encodeURIComponent(item.variantId)}`
                    : `/product/${item.productId}`
                }
                className="line-clamp-2 text-sm font-medium hover:underline"
              >
                {item.name}
              </a>
              {item.variantLabel && <p className="text-xs text-muted">{item.variantLabel}</p>}
              <p className="text-xs text-muted">
                {item.quantity} × <Price dollars={item.price} />
              </p>
            </div>
            <span className="text-sm font-semibold">
              <Price dollars={item.lineTotal} />
            </span>
          </li>
        ))}
      </ul>
      {group.qualifiesForFreeShipping ? (
        <p className="mt-2 text-sm font-medium text-brand-700">This seller ships your order free.</p>
      ) : (
        short !== null &&
        short > 0 && (
          <p className="mt-2 text-sm text-muted">
            Add <Price cents={short} /> more from {group.storeName} for free shipping.
          </p>
        )
      )}
      {!hasAddress ? (
        <p className="mt-3 rounded-lg bg-surface p-3 text-sm text-muted">
          Enter your shipping address to see this seller's delivery options.
        </p>
      ) : rates.length === 0 ? (
        <p className="mt-3 rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger" role="status">
          {options?.message ?? MESSAGES.shipping.noneForSeller}. Remove these items or use another address.
        </p>
      ) : (
        <fieldset className="mt-3">
          <legend className="mb-2 text-sm font-semibold">Delivery from {group.storeName}</legend>
          <div className="flex flex-col gap-2">
            {rates.map((rate) => {
              const checked = group.selectedRateId === rate.id;
              return (
                <label
                  key={rate.id}
                  className={`flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors ${
                    checked ? 'border-brand-600 bg-brand-50' : 'border-line hover:border-brand-600'
                  }`}
                >
                  <input
                    type="radio"
                    name={`rate-${group.sellerId}`}
                    value={rate.id}
                    checked={checked}
                    disabled={disabled}
                    onChange={() => void selectRate(group.sellerId, rate.id)}
                    className="mt-1 h-4 w-4 accent-brand-700"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="flex flex-wrap justify-between gap-x-3">
                      <span className="font-semibold">
                        {rate.provider}: {rate.method}
                      </span>
                      <span className="font-semibold">
                        <Price shipping dollars={rate.cost} free={rate.isFreeShipping} />
                      </span>
                    </span>
                    <span className="block text-muted">{rate.estimatedDays}</span>
                    <span className="block text-xs text-muted">{rate.description}</span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
    </section>
  );
}
