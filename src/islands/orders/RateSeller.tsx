import { type FormEvent, useEffect, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError, api } from '../../lib/api';
import type { OrderPart } from '../../lib/contract/orders';
import { MySellerRatings } from '../../lib/contract/reviews';
import { StarPicker } from '../reviews/StarPicker';

type Given = MySellerRatings['ratings'][number];

/** The ratings the buyer gave this order's sellers (POST /seller-ratings, once per delivered part). */
export function useSellerRatings(orderId: string, anyDelivered: boolean) {
  const [given, setGiven] = useState<Map<string, Given>>(new Map());
  useEffect(() => {
    if (!anyDelivered) return;
    api
      .get(`/seller-ratings?orderId=${encodeURIComponent(orderId)}`, MySellerRatings)
      .then((body) => setGiven(new Map(body.ratings.map((r) => [r.storeId, r]))))
      // Not shown is better than wrong: the form then offers a rating the server refuses (409) with its reason.
      .catch(() => {});
  }, [orderId, anyDelivered]);
  const add = (rating: Given) => setGiven((now) => new Map(now).set(rating.storeId, rating));
  return { given, add };
}

/**
 * A delivered part's seller, rated by its buyer: delivery and communication, 1 to 5 stars each,
 * once (issue 16). The store's rating and count on its page come from these.
 */
export function RateSeller({
  orderId,
  part,
  given,
  onRated,
}: {
  orderId: string;
  part: OrderPart;
  given: Given | undefined;
  onRated: (rating: Given) => void;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [delivery, setDelivery] = useState(0);
  const [communication, setCommunication] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (part.status !== 'delivered') return null;
  if (given)
    return (
      <p className="mt-3 rounded-lg bg-surface p-3 text-sm" data-seller-rated>
        You rated {part.storeName}: delivery {given.delivery} of 5, communication {given.communication} of 5. Thank you.
      </p>
    );
  if (!open)
    return (
      <button type="button" className="btn btn-secondary btn-sm mt-3" onClick={() => setOpen(true)}>
        Rate {part.storeName}
      </button>
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (delivery < 1 || communication < 1) {
      setError('Choose from 1 to 5 stars for delivery and for communication.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post('/seller-ratings', { orderId, storeId: part.sellerId, delivery, communication });
      onRated({ storeId: part.sellerId, delivery, communication });
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Your rating could not be saved. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="mt-3 flex flex-col gap-3 rounded-lg bg-surface p-4"
      onSubmit={submit}
      noValidate
      aria-label={`Rate ${part.storeName}`}
      aria-describedby={`${id}-error`}
    >
      <h3 className="font-semibold">How was {part.storeName}?</h3>
      <StarPicker
        legend="Delivery"
        name={`${id}-delivery`}
        value={delivery}
        onChange={(stars) => {
          setDelivery(stars);
          setError(null);
        }}
      />
      <StarPicker
        legend="Communication"
        name={`${id}-communication`}
        value={communication}
        onChange={(stars) => {
          setCommunication(stars);
          setError(null);
        }}
      />
      <FormError id={`${id}-error`} message={error} />
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
          {busy ? 'Sending...' : 'Send rating'}
        </button>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(false)} disabled={busy}>
          Cancel
        </button>
      </div>
    </form>
  );
}
