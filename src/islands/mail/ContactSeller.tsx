import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { Modal } from '../../components/ui/Modal';
import { ApiRequestError, api } from '../../lib/api';
import { type StoreMessageSent, STORE_MESSAGE_TEXT as T } from '../../lib/contract/store-messages';
import { $user, refreshSession } from '../../lib/stores/session';
import { VerifyReminder } from './VerifyReminder';

type Props = {
  storeId: string;
  storeName: string;
  /** The order it is about (order details, per seller's part). */
  orderNumber?: string;
  /** The product it is about (product page). */
  productId?: string;
  productName?: string;
  /** A full button (seller and product pages) or a text link (an order's part). */
  look?: 'button' | 'link';
};

const ERROR_ID = 'contact-error';

/**
 * "Contact Seller": a short form in a dialog. The message is mailed to the seller with the shopper's
 * address as Reply-To (POST /stores/{id}/messages), so a signed-in shopper with a verified address
 * is needed; the dialog says how to become one otherwise.
 */
export default function ContactSeller({
  storeId,
  storeName,
  orderNumber,
  productId,
  productName,
  look = 'button',
}: Props) {
  const user = useStore($user);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  function show() {
    setOpen(true);
    setSent(null);
    setError(null);
    setFieldErrors({});
    if ($user.get() === undefined) refreshSession().catch(() => $user.set(null));
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const subject = String(data.get('subject') ?? '').trim();
    const message = String(data.get('message') ?? '').trim();
    const problems: Record<string, string> = {};
    if (!subject) problems.subject = T.subjectRequired;
    if (message.length < 10) problems.message = T.messageShort;
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return setError(Object.values(problems)[0]);
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<StoreMessageSent>(`/stores/${encodeURIComponent(storeId)}/messages`, {
        subject,
        message,
        ...(orderNumber ? { orderNumber } : {}),
        ...(productId ? { productId } : {}),
      });
      setSent(answer.message);
    } catch (err) {
      if (err instanceof ApiRequestError && err.errors) setFieldErrors(err.errors);
      setError(err instanceof ApiRequestError && err.status < 500 ? err.message : T.failed);
    } finally {
      setBusy(false);
    }
  }

  const subjectDefault = orderNumber ? `Order ${orderNumber}` : productName ? `About ${productName}` : '';
  const trigger =
    look === 'link' ? (
      <button
        type="button"
        className="link"
        onClick={show}
        aria-haspopup="dialog"
        aria-label={`Contact ${storeName}${orderNumber ? ' about this order' : ''}`}
      >
        Contact seller
      </button>
    ) : (
      <button type="button" className="btn btn-secondary" onClick={show} aria-haspopup="dialog">
        Contact Seller
      </button>
    );

  return (
    <>
      {trigger}
      {open && (
        <Modal title={`Write to ${storeName}`} onClose={() => setOpen(false)}>
          <div className="p-5">
            {user === undefined && <div className="skeleton h-40" aria-label="Loading" />}
            {user === null && (
              <div className="flex flex-col gap-4">
                <p>{T.signIn}</p>
                <a
                  href={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}
                  className="btn btn-primary"
                >
                  Log in
                </a>
              </div>
            )}
            {user && !user.emailVerified && (
              <div className="flex flex-col gap-3">
                <p>{T.verifyFirst}</p>
                <VerifyReminder user={user} />
              </div>
            )}
            {user?.emailVerified && sent && (
              <div className="flex flex-col gap-4">
                <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
                  {sent}
                </p>
              </div>
            )}
            {user?.emailVerified && !sent && (
              <form onSubmit={submit} noValidate className="flex flex-col gap-4">
                <p className="text-sm text-muted">
                  {storeName} answers to {user.email}.{orderNumber ? ` About order ${orderNumber}.` : ''}
                </p>
                <FormError message={error} id={ERROR_ID} />
                <div>
                  <label htmlFor="contact-subject" className="label">
                    Subject
                  </label>
                  <input
                    id="contact-subject"
                    name="subject"
                    className="input"
                    maxLength={120}
                    defaultValue={subjectDefault}
                    aria-invalid={Boolean(fieldErrors.subject)}
                    aria-describedby={fieldErrors.subject ? ERROR_ID : undefined}
                  />
                </div>
                <div>
                  <label htmlFor="contact-message" className="label">
                    Message
                  </label>
                  <textarea
                    id="contact-message"
                    name="message"
                    rows={5}
                    maxLength={2000}
                    className="input min-h-32"
                    aria-invalid={Boolean(fieldErrors.message)}
                    aria-describedby={fieldErrors.message ? ERROR_ID : 'contact-hint'}
                  />
                  <p id="contact-hint" className="mt-1 text-xs text-muted">
                    10 to 2,000 characters.
                  </p>
                </div>
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {busy ? 'Sending…' : 'Send message'}
                </button>
              </form>
            )}
          </div>
        </Modal>
      )}
    </>
  );
}
