import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { checkCard, limitCardNumber, type SavedCard } from '../../lib/cards';
import { readJson, writeJson } from '../../lib/stores/browser-storage';
import { toastSuccess } from '../../lib/stores/toasts';

const KEY = 'yaad-cards';

const asCards = (value: unknown): SavedCard[] | undefined =>
  Array.isArray(value) ? value.filter((c) => typeof c?.last4 === 'string' && typeof c?.id === 'string') : undefined;
const readCards = (): SavedCard[] => readJson(KEY, asCards) ?? [];

/**
 * Settings → Payment Methods (spec §2, §5): the saved cards and a card form with the spec's
 * checks. Only the brand, last four digits, expiry and holder are kept, in this browser; the full
 * number and the CVV are never stored or sent (see README "Deviations").
 */
export function PaymentMethodsDialog({ onClose }: { onClose: () => void }) {
  const [cards, setCards] = useState<SavedCard[]>(readCards);
  const [adding, setAdding] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = (next: SavedCard[]) => {
    setCards(next);
    writeJson(KEY, next);
  };

  function add(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const value = (name: string) => String(new FormData(form).get(name) ?? '');
    const result = checkCard({
      holder: value('holder'),
      number: value('number'),
      expiry: value('expiry'),
      cvv: value('cvv'),
    });
    if ('error' in result) return setError(result.error);
    save([...cards, { ...result.card, id: crypto.randomUUID(), isDefault: cards.length === 0 }]);
    form.reset();
    setError(null);
    setAdding(false);
    toastSuccess('Card saved', `${result.card.brand} ending ${result.card.last4}`);
  }

  return (
    <Modal title="Payment Methods" onClose={onClose}>
      <div className="flex flex-col gap-4 p-5">
        <p className="text-sm text-muted">
          Cards are kept on this device only, as the brand, last four digits and expiry, and are never charged from
          here: a card order is paid on the card gateway's secure page after Place Order; other methods are paid as
          checkout says.
        </p>
        {cards.length === 0 && !adding && <p>No saved cards.</p>}
        <ul className="flex flex-col gap-2">
          {cards.map((c) => (
            <li key={c.id} className="card flex items-center justify-between gap-3 p-3">
              <span>
                <span className="font-semibold">
                  {c.brand} •••• {c.last4}
                </span>{' '}
                {c.isDefault && <span className="badge badge-green ml-1">Default</span>}
                <span className="block text-sm text-muted">
                  {c.holder} · expires {c.expiry}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() =>
                  save(
                    cards
                      .filter((x) => x.id !== c.id)
                      .map((x, i, rest) => ({
                        ...x,
                        isDefault: x.isDefault || (c.isDefault && i === 0 && rest.length > 0),
                      })),
                  )
                }
              >
                Remove<span className="sr-only"> card ending {c.last4}</span>
              </button>
            </li>
          ))}
        </ul>
        {adding ? (
          <form onSubmit={add} noValidate className="flex flex-col gap-3" autoComplete="off">
            <FormError message={error} />
            <div>
              <label htmlFor="card-holder" className="label">
                Cardholder name
              </label>
              <input id="card-holder" name="holder" className="input" autoComplete="cc-name" />
            </div>
            <div>
              <label htmlFor="card-number" className="label">
                Card number
              </label>
              <input
                id="card-number"
                name="number"
                inputMode="numeric"
                className="input"
                autoComplete="cc-number"
                onInput={(e) => {
                  // At most 19 digits however they are typed or pasted (spaces between groups are free).
                  const field = e.currentTarget;
                  const kept = limitCardNumber(field.value);
                  if (kept !== field.value) field.value = kept;
                }}
              />
            </div>
            <div className="grid grid-cols-2 gap-3">
              <div>
                <label htmlFor="card-expiry" className="label">
                  Expiry (MM/YY)
                </label>
                <input
                  id="card-expiry"
                  name="expiry"
                  maxLength={5}
                  placeholder="MM/YY"
                  className="input"
                  autoComplete="cc-exp"
                />
              </div>
              <div>
                <label htmlFor="card-cvv" className="label">
                  CVV (checked, not kept)
                </label>
                <input
                  id="card-cvv"
                  name="cvv"
                  inputMode="numeric"
                  maxLength={4}
                  className="input"
                  autoComplete="cc-csc"
                />
              </div>
            </div>
            <div className="flex gap-2">
              <button type="submit" className="btn btn-primary">
                Save Card
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setAdding(false);
                  setError(null);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className="btn btn-primary self-start" onClick={() => setAdding(true)}>
            Add Card
          </button>
        )}
      </div>
    </Modal>
  );
}
