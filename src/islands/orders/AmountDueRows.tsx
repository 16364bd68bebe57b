import { Price } from '../../components/ui/Price';
import type { Order } from '../../lib/contract/orders';
import { orderAmountDue } from '../../lib/order-display';

/**
 * Under an order's total, once a part of it is cancelled: what the cancelled parts came to (not
 * charged, or refunded to the card that paid it) and what is due, or was paid, for the rest. Nothing while no part is cancelled, when the
 * total is what is due. The rows of a <dl>, styled by the screen around them.
 */
export function AmountDueRows({ order, rowClass }: { order: Order; rowClass: string }) {
  const due = orderAmountDue(order);
  if (due.cancelledCents === 0) return null;
  // A card order was paid whole: its cancelled parts are refunded to the card (decision 033), and
  // what is left is what it paid (the card box above says whether each refund is made yet).
  const byCard = order.cardPayment?.stage === 'paid';
  const paid = byCard || (order.paymentStatus === 'paid' && due.dueCents > 0);
  return (
    <>
      <div className={rowClass}>
        <dt>{byCard ? 'Cancelled, refunded to your card' : 'Cancelled, not charged'}</dt>
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
