import { useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { api } from '../../lib/api';
import type { Order } from '../../lib/contract/orders';
import { MESSAGES } from '../../lib/messages';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

/**
 * The buyer's "Cancel this order?" (the order page and the profile's orders tab): the shop's own
 * dialog, not the browser's bare confirm(). Cancelling calls DELETE /orders/cancel/{id}; a
 * refusal stays in the dialog (and is toasted, spec §8) so the buyer can try again or keep it.
 */
export function CancelOrderDialog({
  order,
  onCancelled,
  onClose,
  returnFocus,
}: {
  order: Pick<Order, 'id' | 'orderNumber'> & Partial<Pick<Order, 'cardPayment'>>;
  /** The cancelled order as the API answers it. */
  onCancelled: (order: Order) => void | Promise<void>;
  onClose: () => void;
  /** Where the focus goes once the dialog has gone with the Cancel button it came from. */
  returnFocus?: () => HTMLElement | null | undefined;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.delete<{ order: Order }>(`/orders/cancel/${encodeURIComponent(order.id)}`);
      toastSuccess(MESSAGES.orders.cancelledTitle, MESSAGES.orders.cancelled);
      await onCancelled(answer.order);
    } catch (e) {
      console.error(e);
      toastError('Error', MESSAGES.orders.cancelFailed);
      setError(MESSAGES.orders.cancelFailed);
      setBusy(false);
    }
  }

  return (
    <Modal title={`Cancel order ${order.orderNumber}?`} onClose={onClose} returnFocus={returnFocus}>
      <div className="flex flex-col gap-4 p-5">
        <p className="text-sm">
          Every item goes back on sale and the sellers are told not to ship.
          {order.cardPayment?.stage === 'paid' ? ' What you paid by card is refunded to your card.' : ''} This cannot be
          undone.
        </p>
        <FormError message={error} id={errorId} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={busy}>
            Keep order
          </button>
          <button type="button" className="btn btn-danger" onClick={() => void cancel()} disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel order'}
          </button>
        </div>
      </div>
    </Modal>
  );
}
