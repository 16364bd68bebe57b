import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError, api } from '../../lib/api';
import { PARISHES } from '../../lib/catalog';
import { ADDRESS_TEXT, type Address } from '../../lib/contract/addresses';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

type Book = { addresses: Address[] };

/**
 * Settings → Shipping Addresses (spec §2): the list with a Default badge, Edit, Set Default and
 * Delete, and an add/edit form for a Jamaican address. Kept on the server, so it follows the
 * shopper to a new device.
 */
export function AddressBookDialog({ onClose }: { onClose: () => void }) {
  const [book, setBook] = useState<Address[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Address | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<Book>('/users/addresses')
      .then((b) => setBook(b.addresses))
      .catch(() => setFailed(true));
  }, []);

  async function run(action: () => Promise<Book>, success: string) {
    setBusy(true);
    try {
      setBook((await action()).addresses);
      toastSuccess(success);
      return true;
    } catch (err) {
      const message = err instanceof ApiRequestError ? err.message : 'Something went wrong. Please try again.';
      setError(message);
      toastError('Error', message);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = Object.fromEntries(new FormData(e.currentTarget)) as Record<string, string>;
    if (!data.label?.trim() || !data.line1?.trim() || !data.town?.trim() || !data.parish)
      return setError(ADDRESS_TEXT.required);
    setError(null);
    const target = editing;
    const ok =
      target === 'new'
        ? await run(() => api.post<Book>('/users/addresses', data), ADDRESS_TEXT.added)
        : target && (await run(() => api.put<Book>(`/users/addresses/${target.id}`, data), ADDRESS_TEXT.updated));
    if (ok) setEditing(null);
  }

  const current = editing && editing !== 'new' ? editing : undefined;
  return (
    <Modal title="Shipping Addresses" onClose={onClose}>
      <div className="flex flex-col gap-4 p-5">
        {failed && <p role="alert">Could not load your addresses. Please try again.</p>}
        {!failed && book === null && <div className="skeleton h-24" />}
        {book && !editing && (
          <>
            {book.length === 0 && <p className="text-muted">No saved addresses yet.</p>}
            <ul className="flex flex-col gap-3">
              {book.map((a) => (
                <li key={a.id} className="card p-4">
                  <p className="font-semibold">
                    {a.label} {a.isDefault && <span className="badge badge-green ml-1">Default</span>}
                  </p>
                  <p className="text-sm text-muted">
                    {[a.line1, a.line2, a.town, a.parish, a.postalZone, a.country].filter(Boolean).join(', ')}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button type="button" className="btn btn-secondary btn-sm" onClick={() => setEditing(a)}>
                      Edit<span className="sr-only"> {a.label}</span>
                    </button>
                    {!a.isDefault && (
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        disabled={busy}
                        onClick={() =>
                          run(() => api.post<Book>(`/users/addresses/${a.id}/default`), ADDRESS_TEXT.defaulted)
                        }
                      >
                        Set Default<span className="sr-only"> {a.label}</span>
                      </button>
                    )}
                    <button
                      type="button"
                      className="btn btn-danger btn-sm"
                      disabled={busy}
                      onClick={() => run(() => api.delete<Book>(`/users/addresses/${a.id}`), ADDRESS_TEXT.removed)}
                    >
                      Delete<span className="sr-only"> {a.label}</span>
                    </button>
                  </div>
                </li>
              ))}
            </ul>
            <button type="button" className="btn btn-primary self-start" onClick={() => setEditing('new')}>
              Add Address
            </button>
          </>
        )}
        {editing && (
          <form onSubmit={save} noValidate className="flex flex-col gap-3">
            <FormError message={error} />
            {(
              [
                ['label', 'Address Name', 'e.g. Home, Work', current?.label],
                ['line1', 'Address Line 1', 'Street, or district', current?.line1],
                ['line2', 'Address Line 2 (optional)', '', current?.line2],
                ['town', 'Town', '', current?.town],
                ['postalZone', 'Postal Zone (optional)', 'e.g. Kingston 10', current?.postalZone],
              ] as const
            ).map(([name, label, hint, value]) => (
              <div key={name}>
                <label htmlFor={`address-${name}`} className="label">
                  {label}
                </label>
                <input
                  id={`address-${name}`}
                  name={name}
                  defaultValue={value ?? ''}
                  placeholder={hint}
                  className="input"
                />
              </div>
            ))}
            <div>
              <label htmlFor="address-parish" className="label">
                Parish
              </label>
              <select id="address-parish" name="parish" defaultValue={current?.parish ?? ''} className="input">
                <option value="">Choose a parish…</option>
                {PARISHES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="address-country" className="label">
                Country
              </label>
              <input
                id="address-country"
                name="country"
                defaultValue={current?.country ?? 'Jamaica'}
                className="input"
              />
            </div>
            <div className="flex gap-2">
              <button type="submit" className="btn btn-primary" disabled={busy}>
                {editing === 'new' ? 'Add Address' : 'Update Address'}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setEditing(null);
                  setError(null);
                }}
              >
                Cancel
              </button>
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
