import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError, api } from '../../lib/api';
import { ReturnAnswer, Returnable, ReturnList, type ReturnRequest } from '../../lib/contract/returns';
import { RETURN_REASON_LABELS, RETURN_REASONS, type ReturnReason } from '../../lib/returns';
import { toastSuccess } from '../../lib/stores/toasts';
import { PhotoPicker } from './ReturnPhotos';
import { itemsLine, statusBadgeOf } from './returns-logic';

/** The order's returns and what may still be returned, loaded once for the order page (once a part is delivered). */
export function useOrderReturns(orderId: string, enabled: boolean) {
  const [returnable, setReturnable] = useState<Returnable | null>(null);
  const [requests, setRequests] = useState<ReturnRequest[]>([]);
  const load = useCallback(async () => {
    if (!enabled) return;
    try {
      const [can, list] = await Promise.all([
        api.get(`/returns/returnable/${encodeURIComponent(orderId)}`, Returnable),
        api.get(`/returns?orderId=${encodeURIComponent(orderId)}&limit=100`, ReturnList),
      ]);
      setReturnable(can);
      setRequests(list.requests);
    } catch {
      // The order page stands without its returns: nothing to offer until it loads.
      setReturnable(null);
    }
  }, [orderId, enabled]);
  useEffect(() => {
    void load();
  }, [load]);
  return { returnable, requests, reload: load };
}

const until = (iso: string) =>
  new Intl.DateTimeFormat('en-JM', { dateStyle: 'medium', timeZone: 'America/Jamaica' }).format(new Date(iso));

/**
 * On the order page, for one part (issue 28 #6): its return requests and their status, and "Return
 * an item" while it is delivered, paid, inside the return window and has units left to ask for.
 */
export function PartReturns({
  partId,
  storeName,
  returns,
}: {
  partId: string;
  storeName: string;
  returns: ReturnType<typeof useOrderReturns>;
}) {
  const [open, setOpen] = useState(false);
  const own = returns.requests.filter((r) => r.partId === partId);
  const can = returns.returnable?.parts.find((p) => p.partId === partId);
  const left = can?.lines.filter((l) => l.left > 0) ?? [];
  if (own.length === 0 && left.length === 0) return null;
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="part-returns">
      {own.map((r) => {
        const badge = statusBadgeOf(r.status);
        return (
          <p key={r.id} className="flex flex-wrap items-center gap-2 text-sm">
            <span>Return of {itemsLine(r)}:</span>
            <span className={`badge ${badge.className}`} data-testid="part-return-status">
              {badge.label}
            </span>
            <a href={`/returns/?id=${encodeURIComponent(r.id)}`} className="link">
              Details<span className="sr-only"> of the return of {itemsLine(r)}</span>
            </a>
          </p>
        );
      })}
      {can && left.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <button type="button" className="btn btn-secondary btn-sm" onClick={() => setOpen(true)}>
            Return an item<span className="sr-only"> from {storeName}</span>
          </button>
          <span className="text-xs text-muted">Until {until(can.until)}</span>
        </div>
      ) : null}
      {open && can ? (
        <ReturnForm
          partId={partId}
          storeName={storeName}
          lines={left}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false);
            toastSuccess('Return requested', `${storeName} has been asked to answer.`);
            void returns.reload();
          }}
        />
      ) : null}
    </div>
  );
}

function ReturnForm({
  partId,
  storeName,
  lines,
  onClose,
  onDone,
}: {
  partId: string;
  storeName: string;
  lines: { lineId: string; productName: string; left: number }[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = useId();
  const reasonId = useId();
  const noteId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const picked = Object.entries(chosen).map(([lineId, quantity]) => ({ lineId, quantity }));
    if (picked.length === 0) return setError('Choose at least one item to return.');
    if (!reason) return setError('Choose why you are returning it.');
    setBusy(true);
    setError(null);
    try {
      // With its photos, all or none: a photo refused makes no request.
      const form = new FormData();
      form.set('request', JSON.stringify({ partId, lines: picked, reason, note }));
      for (const photo of photos) form.append('photos', photo, photo.name);
      await api.postForm('/returns/with-photos', form, ReturnAnswer);
      onDone();
    } catch (err) {
      setError(err instanceof ApiRequestError || err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={`Return items from ${storeName}`} onClose={onClose}>
      <form className="flex flex-col gap-4 p-5" onSubmit={submit} noValidate>
        <FormError message={error} id={errorId} />
        <fieldset className="flex flex-col gap-3">
          <legend className="label">Items to return</legend>
          {lines.map((l) => {
            const on = l.lineId in chosen;
            return (
              <div key={l.lineId} className="flex flex-wrap items-center gap-3">
                <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={(e) =>
                      setChosen((c) => {
                        const next = { ...c };
                        if (e.target.checked) next[l.lineId] = 1;
                        else delete next[l.lineId];
                        return next;
                      })
                    }
                  />
                  {l.productName}
                </label>
                {on ? (
                  <label className="flex items-center gap-2 text-sm">
                    How many
                    <select
                      className="input w-20"
                      value={chosen[l.lineId]}
                      onChange={(e) => setChosen((c) => ({ ...c, [l.lineId]: Number(e.target.value) }))}
                    >
                      {Array.from({ length: l.left }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <div>
          <label htmlFor={reasonId} className="label">
            Reason
          </label>
          <select
            id={reasonId}
            className="input"
            value={reason}
            onChange={(e) => setReason(e.target.value as ReturnReason)}
          >
            <option value="">Choose a reason</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {RETURN_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={noteId} className="label">
            Note for the seller (optional)
          </label>
          <textarea id={noteId} className="input min-h-20" value={note} onChange={(e) => setNote(e.target.value)} />
        </div>
        <PhotoPicker photos={photos} onChange={setPhotos} />
        <p className="text-xs text-muted">Settled by a refund to how you paid. Exchanges are not offered.</p>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? 'Sending…' : 'Ask to return'}
        </button>
      </form>
    </Modal>
  );
}
