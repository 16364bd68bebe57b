import { Price } from '../../components/ui/Price';
import type { Order } from '../../lib/contract/orders';
import { orderAmountDue } from '../../lib/order-display';

/**
 * Under an order's total, once a part of it is cancelled: what the cancelled parts came to (not
 * charged) and what is due, or was paid, for the rest. Nothing while no part is cancelled, when the
 * total is what is due. The rows of a <dl>, styled by the screen around them.
 */
export function AmountDueRows({ order, rowClass }: { order: Order; rowClass: string }) {
  const due = orderAmountDue(order);
  if (due.cancelledCents === 0) return null;
  const paid = order.paymentStatus === 'paid' && due.dueCents > 0;
  return (
    <>
      <div className={rowClass}>
        <dt>Cancelled, not charged</dt>
        <dd data-testid="cancelled-amount">
          -<Price cents={due.cancelledCents} />
        </dd>
      </div>
      <div className={`${rowClass} text-base font-bold`}>
        <dt>{paid ? 'Amount paid' : 'Amount due'}</dt>
        <dd data-testid="amount-due">
          <Price cents={due.dueCents} />
        </dd>
      </div>
    </>
  );
}
