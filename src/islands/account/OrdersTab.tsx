import { useCallback, useEffect, useState } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import { formatCents, toCents } from '../../lib/money';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

/**
 * Profile → Orders (spec §2). Reads GET /orders/my-orders (spec §7: `{ success, data }`); until the
 * orders API exists (404) or when there are none: "No orders found" with Start Shopping. The
 * shape is read loosely here; the checkout work owns the orders contract and can tighten it.
 */
type OrderLine = { productName?: string; name?: string; quantity?: number; price?: number };
type OrderRow = {
  id?: string;
  _id?: string;
  orderNumber?: string;
  status?: string;
  createdAt?: string;
  updatedAt?: string;
  total?: number;
  totalAmount?: number;
  totalPrice?: number;
  items?: OrderLine[];
  product?: { name?: string };
  quantity?: number;
};

const STATUS_BADGE: Record<string, string> = {
  pending: 'badge-gold',
  processing: 'badge-gold',
  shipped: 'badge-green',
  delivered: 'badge-green',
  cancelled: 'badge-red',
};
const dateText = (iso?: string) =>
  iso ? new Date(iso).toLocaleDateString('en-JM', { day: 'numeric', month: 'short', year: 'numeric' }) : '—';
const money = (dollars?: number) => formatCents(typeof dollars === 'number' ? toCents(dollars) : undefined);

export function OrdersTab() {
  const [orders, setOrders] = useState<OrderRow[] | null>(null);

  const load = useCallback(async () => {
    try {
      const body = await api.get<{ data?: OrderRow[]; orders?: OrderRow[] } | OrderRow[]>('/orders/my-orders');
      setOrders(Array.isArray(body) ? body : (body?.data ?? body?.orders ?? []));
    } catch (error) {
      // No orders API yet (404), or a failure: the spec only logs these.
      if (!(error instanceof ApiRequestError && error.status === 404)) console.error(error);
      setOrders([]);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  async function cancel(id: string) {
    try {
      await api.delete(`/orders/cancel/${encodeURIComponent(id)}`);
      toastSuccess('Order cancelled', 'Your order has been successfully cancelled.');
      await load();
    } catch (error) {
      console.error(error);
      toastError('Error', 'Failed to cancel your order');
    }
  }

  if (orders === null) return <div className="skeleton h-32" aria-label="Loading orders" />;
  if (orders.length === 0)
    return (
      <div className="card flex flex-col items-center gap-4 p-10 text-center">
        <p className="font-medium">No orders found</p>
        <a href="/products" className="btn btn-primary">
          Start Shopping
        </a>
      </div>
    );

  return (
    <ul className="flex flex-col gap-4">
      {orders.map((order) => {
        const id = order.id ?? order._id ?? '';
        const status = order.status ?? 'pending';
        const lines = order.items?.length
          ? order.items
          : order.product
            ? [{ productName: order.product.name, quantity: order.quantity }]
            : [];
        return (
          <li key={id} className="card flex flex-col gap-3 p-5">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <div>
                <h3 className="font-semibold">Order {order.orderNumber ?? id}</h3>
                <p className="text-sm text-muted">Placed {dateText(order.createdAt)}</p>
              </div>
              <span className={`badge ${STATUS_BADGE[status] ?? 'badge-grey'}`}>
                {status.charAt(0).toUpperCase() + status.slice(1)}
              </span>
            </div>
            <ul className="divide-y divide-line text-sm">
              {lines.map((line) => (
                <li
                  key={`${id}-${line.productName ?? line.name}-${line.quantity}`}
                  className="flex justify-between gap-4 py-2"
                >
                  <span>
                    {line.productName ?? line.name ?? 'Item'} × {line.quantity ?? 1}
                  </span>
                  {'price' in line && typeof line.price === 'number' && <span>{money(line.price)}</span>}
                </li>
              ))}
            </ul>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-muted">
                Total{' '}
                <strong className="text-ink">{money(order.totalAmount ?? order.total ?? order.totalPrice)}</strong>
                {' · '}Updated {dateText(order.updatedAt ?? order.createdAt)}
              </p>
              <div className="flex gap-2">
                {status === 'pending' && (
                  <button type="button" className="btn btn-secondary btn-sm" onClick={() => cancel(id)}>
                    Cancel Order
                  </button>
                )}
                <a href={`/order/${encodeURIComponent(id)}`} className="btn btn-primary btn-sm">
                  View Details
                </a>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
