import { type FormEvent, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError, api } from '../../lib/api';
import { AUTH_TEXT } from '../../lib/contract/auth';

const ERROR_ID = 'forgot-error';

/**
 * /forgot-password: asks for the address and always answers the same way, whether or not an
 * account uses it (the server mails a link only when one does).
 */
export default function ForgotPasswordForm() {
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const email = String(new FormData(e.currentTarget).get('email') ?? '').trim();
    if (!email) return setError(AUTH_TEXT.fillAll);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError(AUTH_TEXT.badEmail);
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ message: string }>('/auth/forgot-password', { email });
      setSent(answer.message);
    } catch (err) {
      setError(
        err instanceof ApiRequestError && err.status < 500 ? err.message : 'Something went wrong. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
          {sent}
        </p>
        <p className="text-sm text-muted">
          No mail after a few minutes? Check your spam folder, or try again with the address you registered.
        </p>
        <a href="/login" className="btn btn-secondary">
          Back to log in
        </a>
      </div>
    );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={error} id={ERROR_ID} />
      <div>
        <label htmlFor="forgot-email" className="label">
          Email
        </label>
        <input
          id="forgot-email"
          name="email"
          type="email"
          autoComplete="email"
          className="input"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? ERROR_ID : undefined}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send me a reset link'}
      </button>
      <a href="/login" className="link text-center text-sm">
        Back to log in
      </a>
    </form>
  );
}
