import { useState } from 'react';
import { cardPaymentView, goPay } from '../../lib/card-payment';
import type { Order } from '../../lib/contract/orders';

const TONE = {
  ok: 'border-brand-600 bg-brand-50',
  waiting: 'border-line bg-surface',
  failed: 'border-danger bg-danger-50',
  off: 'border-line bg-surface',
} as const;

/**
 * A card order's payment (docs/decisions/029): paid, failed (with Try again), awaiting (with Pay
 * now and until when the items are held), or not paid in time. Nothing for the other methods.
 */
export function CardPaymentStatus({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 3 }) {
  const view = cardPaymentView(order);
  const [going, setGoing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!view) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section
      className={`rounded-lg border p-4 text-left ${TONE[view.tone]}`}
      aria-labelledby="card-payment-h"
      data-testid="card-payment"
      data-stage={order.cardPayment?.stage}
    >
      <Heading id="card-payment-h" className="font-bold">
        {view.title}
      </Heading>
      <p className="mt-1 text-sm">{view.text}</p>
      {view.action && (
        <button
          type="button"
          className="btn btn-primary mt-3"
          disabled={going}
          onClick={async () => {
            setGoing(true);
            setProblem(await goPay(order.id));
            setGoing(false);
          }}
        >
          {going ? 'Opening the payment page…' : view.action}
        </button>
      )}
      {problem && (
        <p role="alert" className="mt-2 text-sm font-medium text-danger">
          {problem}
        </p>
      )}
    </section>
  );
}
