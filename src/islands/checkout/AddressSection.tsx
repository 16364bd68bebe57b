import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { inAddressBook, shippingAddressFrom } from '../../lib/addresses';
import { api } from '../../lib/api';
import { PARISHES } from '../../lib/catalog';
import type { Address } from '../../lib/contract/addresses';
import type { ShippingAddress, ShippingAddressInput } from '../../lib/contract/checkout';
import { MESSAGES } from '../../lib/messages';
import { $saveToAddressBook, saveAddress } from '../../lib/stores/checkout';

type Draft = {
  name: string;
  phone: string;
  street: string;
  city: string;
  parish: string;
  zipCode: string;
  country: string;
};

const EMPTY: Draft = { name: '', phone: '', street: '', city: '', parish: '', zipCode: '', country: 'Jamaica' };
const LABELS: Record<string, string> = {
  name: 'Full name',
  street: 'Street or district',
  city: 'Town / city',
  parish: 'Parish',
};

const fromShipping = (a: ShippingAddress): Draft => ({
  name: a.name,
  phone: a.phone ?? '',
  street: a.street,
  city: a.city,
  parish: a.parish,
  zipCode: a.zipCode ?? '',
  country: a.country || 'Jamaica',
});

/** A saved address (the profile's address book) as a checkout address, for the shopper's name. */
const fromSaved = (a: Address, name: string): Draft => fromShipping(shippingAddressFrom(a, name));

/**
 * Step 1: where it goes. The saved address shows with Change, and, when the address book does not
 * hold it yet, "Save this address to my address book" (kept when the order is placed); the form takes a Jamaican address:
 * the street line may be a district with no house number, the parish is one of the 14, the
 * postal zone is optional. The shopper's saved addresses (profile) fill the form in one click.
 */
export function AddressSection({ address, userName }: { address: ShippingAddress | null; userName: string }) {
  const [editing, setEditing] = useState(address === null);
  const [draft, setDraft] = useState<Draft>(address ? fromShipping(address) : { ...EMPTY, name: userName });
  const [saved, setSaved] = useState<Address[]>([]);
  // The book as read (null until then, or when it cannot be read): the offer to save is for a new place only.
  const [book, setBook] = useState<Address[] | null>(null);
  const keep = useStore($saveToAddressBook);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = useId();

  useEffect(() => {
    api
      .get<{ addresses: Address[] }>('/users/addresses')
      .then((book) => {
        setSaved(book.addresses);
        setBook(book.addresses);
        // A first checkout starts from the default address, when there is one.
        if (!address && book.addresses[0]) setDraft(fromSaved(book.addresses[0], userName));
      })
      .catch(() => setSaved([]));
  }, [address, userName]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    const input: ShippingAddressInput = {
      name: draft.name,
      street: draft.street,
      city: draft.city,
      parish: draft.parish,
      state: draft.parish,
      country: draft.country || 'Jamaica',
      ...(draft.phone.trim() ? { phone: draft.phone } : {}),
      ...(draft.zipCode.trim() ? { zipCode: draft.zipCode } : {}),
    };
    const problem = await saveAddress(input);
    setSaving(false);
    if (problem) {
      // Spec §5 lists the field names; the form says them as the labels read.
      setError(
        problem.replace(
          /: (.*)$/,
          (_, list: string) =>
            `: ${list
              .split(', ')
              .map((f) => LABELS[f] ?? f)
              .join(', ')}`,
        ),
      );
      return;
    }
    setError(null);
    setEditing(false);
  }

  const set = (field: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [field]: e.target.value }));

  if (!editing && address) {
    return (
      <section aria-labelledby={`${id}-h`} className="card p-5">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-h`} className="text-lg font-bold">
              1. Shipping address
            </h2>
            <address className="mt-2 text-sm not-italic leading-6" data-testid="saved-address">
              <strong>{address.name}</strong>
              <br />
              {address.street}
              <br />
              {[address.city, address.zipCode].filter(Boolean).join(', ')}
              <br />
              {address.parish}, {address.country}
              {address.phone && (
                <>
                  <br />
                  {address.phone}
                </>
              )}
            </address>
          </div>
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(true)}>
            Change
          </button>
        </div>
        {book !== null && !inAddressBook(book, address) && (
          <label className="mt-4 flex items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              checked={keep}
              onChange={(e) => $saveToAddressBook.set(e.target.checked)}
            />
            <span>
              {MESSAGES.checkout.saveToAddressBook}
              <span className="block text-xs text-muted">Saved when you place the order, for your next one.</span>
            </span>
          </label>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby={`${id}-h`} className="card p-5">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        1. Shipping address
      </h2>
      <p className="mt-1 text-sm text-muted">
        We deliver to all 14 parishes. A district name is fine without a house number.
      </p>
      {saved.length > 0 && (
        <div className="mt-4">
          <label htmlFor={`${id}-saved`} className="label">
            Use a saved address
          </label>
          <select
            id={`${id}-saved`}
            className="input"
            defaultValue=""
            onChange={(e) => {
              const pick = saved.find((a) => a.id === e.target.value);
              if (pick) setDraft(fromSaved(pick, draft.name || userName));
            }}
          >
            <option value="" disabled>
              Choose one of your addresses…
            </option>
            {saved.map((a) => (
              <option key={a.id} value={a.id}>
                {a.label}: {a.line1}, {a.town}, {a.parish}
                {a.isDefault ? ' (default)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
      <form
        className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2"
        onSubmit={submit}
        noValidate
        aria-describedby={`${id}-err`}
      >
        <div className="sm:col-span-2">
          <FormError message={error} id={`${id}-err`} />
        </div>
        <Field
          id={`${id}-name`}
          label="Full name"
          required
          value={draft.name}
          onChange={set('name')}
          autoComplete="name"
        />
        <Field
          id={`${id}-phone`}
          label="Phone"
          required
          value={draft.phone}
          onChange={set('phone')}
          autoComplete="tel"
          type="tel"
          hint="The courier calls before arriving."
        />
        <Field
          id={`${id}-street`}
          label="Street or district"
          required
          value={draft.street}
          onChange={set('street')}
          autoComplete="street-address"
          className="sm:col-span-2"
          placeholder="14 Hope Road, or Content District"
        />
        <Field
          id={`${id}-city`}
          label="Town / city"
          required
          value={draft.city}
          onChange={set('city')}
          autoComplete="address-level2"
        />
        <div>
          <label htmlFor={`${id}-parish`} className="label">
            Parish <span aria-hidden="true">*</span>
          </label>
          <select
            id={`${id}-parish`}
            className="input"
            value={draft.parish}
            onChange={set('parish')}
            aria-required="true"
            aria-invalid={error !== null && !draft.parish}
          >
            <option value="">Choose a parish…</option>
            {PARISHES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </div>
        <Field
          id={`${id}-zip`}
          label="Postal zone (optional)"
          value={draft.zipCode}
          onChange={set('zipCode')}
          autoComplete="postal-code"
          placeholder="Kingston 10"
        />
        <Field
          id={`${id}-country`}
          label="Country"
          value={draft.country}
          onChange={set('country')}
          autoComplete="country-name"
        />
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" className="btn btn-primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save address'}
          </button>
          {address && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setDraft(fromShipping(address));
                setError(null);
                setEditing(false);
              }}
            >
              Cancel
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

function Field(props: {
  id: string;
  label: string;
  value: string;
  onChange: (e: { target: { value: string } }) => void;
  required?: boolean;
  autoComplete?: string;
  type?: string;
  placeholder?: string;
  hint?: string;
  className?: string;
}) {
  return (
    <div className={props.className}>
      <label htmlFor={props.id} className="label">
        {props.label} {props.required && <span aria-hidden="true">*</span>}
      </label>
      <input
        id={props.id}
        className="input"
        type={props.type ?? 'text'}
        value={props.value}
        onChange={props.onChange}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        aria-required={props.required ? true : undefined}
        aria-describedby={props.hint ? `${props.id}-hint` : undefined}
      />
      {props.hint && (
        <p id={`${props.id}-hint`} className="mt-1 text-xs text-muted">
          {props.hint}
        </p>
      )}
    </div>
  );
}
