import { type ReactNode, useState } from 'react';
import { Price } from '../../components/ui/Price';
import { TrackingNumber } from '../../components/ui/TrackingNumber';
import { API_BASE, api } from '../../lib/api';
import { paymentMethodLabel } from '../../lib/contract/orders';
import { ACTION_LABELS, type PartAction, SellerPartAnswer } from '../../lib/contract/seller-orders';
import { MESSAGES } from '../../lib/messages';
import { statusBadge, statusLabel } from '../../lib/order-display';
import { toastError, toastSuccess } from '../../lib/stores/toasts';
import { paymentBadge, whenLabel } from './display';
import { type DialogAction, PartActionDialog } from './PartActionDialog';
import { SellerNotice } from './SellerNotice';
import { useSellerData } from './use-seller-data';

/** Each action's call and the toast that answers it. */
const CALLS: Record<DialogAction, { path: string; done: string }> = {
  accept: { path: 'accept', done: MESSAGES.sellerOrders.accepted },
  ship: { path: 'ship', done: MESSAGES.sellerOrders.shipped },
  'edit-tracking': { path: 'ship', done: MESSAGES.sellerOrders.trackingChanged },
  deliver: { path: 'deliver', done: MESSAGES.sellerOrders.delivered },
  cancel: { path: 'cancel', done: MESSAGES.sellerOrders.cancelled },
  'record-payment': { path: 'payment', done: MESSAGES.sellerOrders.paid },
};

const partIdOf = () => new URLSearchParams(location.search).get('id')?.trim() || null;

/**
 * /dashboard/orders/view/?id={partId} (issue 14 #3): one order part as its seller works on it.
 * What to pack (items with SKU), where it goes (address, phone), how (the courier chosen, and once
 * shipped the one carrying it and the tracking number), the buyer's notes and the payment; the
 * actions the status table allows now, each confirmed in a dialog; the packing slip.
 */
export default function OrderPartView() {
  const [partId] = useState(partIdOf);
  const path = partId ? `/seller/orders/${encodeURIComponent(partId)}` : null;
  const { state, setState, reload } = useSellerData(path, SellerPartAnswer);
  const [dialog, setDialog] = useState<DialogAction | null>(null);

  if (state.kind !== 'ready')
    return (
      <SellerNotice
        state={state}
        onRetry={reload}
        loadingLabel="Loading the order"
        notFound={{
          title: MESSAGES.sellerOrders.partNotFound,
          text: 'This order is not one of your store’s, or the link is incomplete.',
        }}
      />
    );
  const part = state.data.part;

  async function run(action: DialogAction, fields: Record<string, string>) {
    const call = CALLS[action];
    const body = Object.keys(fields).length > 0 ? fields : undefined;
    try {
      const answer = await api.post(
        `/seller/orders/${encodeURIComponent(part.partId)}/${call.path}`,
        body,
        SellerPartAnswer,
      );
      setState({ kind: 'ready', data: answer });
      setDialog(null);
      toastSuccess(call.done, `Order ${answer.part.orderNumber}`);
    } catch (error) {
      toastError(MESSAGES.sellerOrders.actionFailed, error instanceof Error ? error.message : undefined);
      throw error;
    }
  }

  const a = part.shippingAddress;
  const pay = paymentBadge(part.paymentStatus);
  const moves = part.actions.filter((x): x is Exclude<PartAction, 'cancel'> => x !== 'cancel');
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="eyebrow">{part.storeName}</p>
          <h2 className="mt-1 text-xl font-bold">Order {part.orderNumber}</h2>
          <p className="text-sm text-muted">
            Placed {whenLabel(part.placedAt)} · updated {whenLabel(part.updatedAt)}
          </p>
        </div>
        <div className="flex gap-1">
          <span className={`badge text-sm ${statusBadge(part.status)}`} data-testid="part-status">
            {statusLabel(part.status)}
          </span>
          <span className={`badge text-sm ${pay.className}`} data-testid="part-payment">
            {pay.label}
          </span>
        </div>
      </div>

      <section id="part-actions" className="card flex flex-col gap-3 p-4" aria-label="Actions">
        <div className="flex flex-wrap gap-2">
          {moves.map((x) => (
            <button
              key={x}
              type="button"
              className={x === 'record-payment' ? 'btn btn-secondary' : 'btn btn-primary'}
              aria-haspopup="dialog"
              onClick={() => setDialog(x)}
            >
              {ACTION_LABELS[x]}
            </button>
          ))}
          {part.status === 'shipped' && (
            <button
              type="button"
              className="btn btn-secondary"
              aria-haspopup="dialog"
              onClick={() => setDialog('edit-tracking')}
            >
              Edit tracking
            </button>
          )}
          <a
            href={`${API_BASE}/seller/orders/${encodeURIComponent(part.partId)}/packing-slip`}
            className="btn btn-secondary"
            target="_blank"
            rel="noopener"
          >
            Packing slip (PDF)
          </a>
          {part.actions.includes('cancel') && (
            <button type="button" className="btn btn-danger" aria-haspopup="dialog" onClick={() => setDialog('cancel')}>
              {ACTION_LABELS.cancel}
            </button>
          )}
        </div>
        {part.actions.length === 0 && (
          <p className="text-sm text-muted">
            {part.status === 'cancelled' ? 'This order is cancelled.' : 'Nothing left to do: this order is complete.'}
          </p>
        )}
      </section>

      {part.status === 'cancelled' && part.cancelReason && (
        <p className="rounded-lg bg-danger-50 p-3 text-sm text-danger">Cancelled: {part.cancelReason}</p>
      )}

      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section className="card p-4" aria-labelledby="items-h">
          <h2 id="items-h" className="text-lg font-bold">
            Items to pack
          </h2>
          <ul className="mt-2 divide-y divide-line" data-testid="part-items">
            {part.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 py-3 text-sm">
                <span className="min-w-0">
                  <span className="block font-medium">{item.productName}</span>
                  {item.variantLabel && <span className="block">{item.variantLabel}</span>}
                  <span className="block text-xs text-muted">SKU {item.sku ?? '—'}</span>
                </span>
                <span className="shrink-0 text-right">
                  <span className="block font-semibold">× {item.quantity}</span>
                  <span className="block text-muted">
                    <Price dollars={item.lineTotal} />
                  </span>
                </span>
              </li>
            ))}
          </ul>
          <dl className="mt-2 flex flex-col gap-1 border-t border-line pt-3 text-sm">
            <Row label="Items" value={<Price dollars={part.subtotal} />} />
            <Row label="Shipping" value={<Price shipping dollars={part.shippingCost} />} />
            <Row label="Your part" value={<Price dollars={part.total} />} strong />
          </dl>
        </section>

        <aside className="flex flex-col gap-4">
          <section className="card p-4" aria-labelledby="ship-h">
            <h2 id="ship-h" className="font-bold">
              Deliver to
            </h2>
            <address className="mt-2 text-sm not-italic leading-6" data-testid="part-address">
              {a.name}
              <br />
              {a.street}
              <br />
              {[a.city, a.zipCode].filter(Boolean).join(', ')}
              <br />
              {a.parish}, {a.country}
            </address>
            {a.phone && (
              <a href={`tel:${a.phone.replace(/[^\d+]/g, '')}`} className="link mt-1 inline-block text-sm">
                Call {a.phone}
              </a>
            )}
            <dl className="mt-3 flex flex-col gap-1 text-sm" data-testid="part-courier">
              <Row label="Buyer chose" value={`${part.shipping.provider}, ${part.shipping.method}`} />
              {part.shipping.estimatedDays && <Row label="Delivery" value={part.shipping.estimatedDays} />}
              {part.courier && <Row label="Shipped with" value={part.courier} />}
              {part.trackingNumber && (
                <Row
                  label="Tracking"
                  value={
                    <TrackingNumber courier={part.courier ?? part.shipping.provider} number={part.trackingNumber} />
                  }
                />
              )}
            </dl>
          </section>
          <section className="card p-4" aria-labelledby="buyer-h">
            <h2 id="buyer-h" className="font-bold">
              Buyer
            </h2>
            <p className="mt-2 text-sm">
              {part.buyer.name}
              <br />
              <a
                href={`mailto:${part.buyer.email}?subject=${encodeURIComponent(`Order ${part.orderNumber}`)}`}
                className="link break-all"
              >
                {part.buyer.email}
              </a>
            </p>
            {part.customerNotes && (
              <p className="mt-3 rounded-lg bg-surface p-3 text-sm" data-testid="part-notes">
                <span className="font-semibold">Notes: </span>
                {part.customerNotes}
              </p>
            )}
            <dl className="mt-3 flex flex-col gap-1 text-sm">
              <Row label="Payment" value={paymentMethodLabel(part.paymentMethod)} />
              <Row label="Received" value={part.paymentStatus === 'paid' ? 'Yes' : 'Not yet'} />
            </dl>
          </section>
        </aside>
      </div>
      <p>
        <a href="/dashboard/orders/" className="link text-sm">
          ← All orders
        </a>
      </p>
      {dialog && (
        <PartActionDialog
          action={dialog}
          part={part}
          onSubmit={(fields) => run(dialog, fields)}
          onClose={() => setDialog(null)}
          // The next step's button (Accept gives way to Mark shipped), or the packing slip when none is left.
          returnFocus={() => document.querySelector<HTMLElement>('#part-actions :is(button, a[href])')}
        />
      )}
    </div>
  );
}

function Row({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'font-bold' : ''}`}>
      <dt className={strong ? '' : 'text-muted'}>{label}</dt>
      <dd className="text-right break-words">{value}</dd>
    </div>
  );
}
