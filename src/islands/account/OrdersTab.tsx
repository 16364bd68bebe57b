import { useCallback, useEffect, useState } from 'react';
import { Price } from '../../components/ui/Price';
import { StatusCard } from '../../components/ui/StatusCard';
import { api } from '../../lib/api';
import type { Order } from '../../lib/contract/orders';
import { MESSAGES } from '../../lib/messages';
import { statusBadge, statusLabel } from '../../lib/order-display';
import { nameWithVariant } from '../../lib/variants';
import { CancelOrderDialog } from '../orders/CancelOrderDialog';

/**
 * Profile → Orders (spec §2): GET /orders/my-orders (`{ success, data }`, the orders contract),
 * newest first. Each order: number, placed date, status badge, items (name, quantity, price),
 * total, last update, Cancel Order only while pending (the shop's dialog asks first, then the list
 * reloads), View Details. None: "No orders found" with Start Shopping. A failed read says so with
 * Try Again (the spec only logs it and shows none: README deviations); it is logged too (spec §8).
 */
const dateText = (iso?: string) =>
  iso ? new Date(iso).toLocaleDateString('en-JM', { day: 'numeric', month: 'short', year: 'numeric' }) : '—';
export function OrdersTab() {
  const [orders, setOrders] = useState<Order[] | null | 'failed'>(null);
  const [cancelling, setCancelling] = useState<Order | null>(null);

  const load = useCallback(async () => {
    try {
      const { MyOrders } = await import('../../lib/contract/orders');
      setOrders((await api.get('/orders/my-orders', MyOrders)).data);
    } catch (error) {
      console.error(error);
      setOrders('failed');
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  if (orders === null) return <div className="skeleton h-32" role="status" aria-label="Loading orders" />;
  if (orders === 'failed')
    return (
      <StatusCard title={MESSAGES.orders.listFailed} text="Please check your connection and try again." alert>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setOrders(null);
            void load();
          }}
        >
          Try Again
        </button>
      </StatusCard>
    );
  if (orders.length === 0)
    return (
      <StatusCard title={MESSAGES.orders.empty}>
        <a href="/products" className="btn btn-primary">
          Start Shopping
        </a>
      </StatusCard>
    );

  return (
    <ul className="flex flex-col gap-4">
      {orders.map((order) => (
        <li key={order.id} className="card flex flex-col gap-3 p-5" data-order={order.orderNumber}>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div>
              <h3 className="font-semibold">Order {order.orderNumber || order.id}</h3>
              <p className="text-sm text-muted">Placed {dateText(order.createdAt)}</p>
            </div>
            <span className={`badge ${statusBadge(order.status)}`}>{statusLabel(order.status)}</span>
          </div>
          <ul className="divide-y divide-line text-sm">
            {order.items.map((line) => (
              <li key={line.id} className="flex justify-between gap-4 py-2">
                <span>
                  {nameWithVariant(line.productName, line.variantLabel)} × {line.quantity}
                </span>
                <span>
                  <Price dollars={line.price} />
                </span>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted">
              Total{' '}
              <strong className="text-ink">
                <Price dollars={order.totalAmount} />
              </strong>
              {' · '}Updated {dateText(order.updatedAt)}
            </p>
            <div className="flex gap-2">
              {order.status === 'pending' && (
                <button
                  type="button"
                  className="btn btn-secondary btn-sm"
                  onClick={() => setCancelling(order)}
                  aria-haspopup="dialog"
                >
                  Cancel Order
                </button>
              )}
              <a href={`/order/${encodeURIComponent(order.id)}`} className="btn btn-primary btn-sm">
                View Details
              </a>
            </div>
          </div>
        </li>
      ))}
      {cancelling && (
        <CancelOrderDialog
          order={cancelling}
          onCancelled={async () => {
            await load();
            setCancelling(null);
          }}
          onClose={() => setCancelling(null)}
          returnFocus={() =>
            document.querySelector<HTMLElement>(`[data-order="${CSS.escape(cancelling.orderNumber)}"] a`)
          }
        />
      )}
    </ul>
  );
}
