import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError, api } from '../../lib/api';
import { AUTH_TEXT, MAIL_LINK_TEXT, PASSWORD_MIN } from '../../lib/contract/auth';
import { forgetLinkToken, linkToken } from '../../lib/link-token';
import { refreshSession } from '../../lib/stores/session';
import { toastSuccess } from '../../lib/stores/toasts';

const ERROR_ID = 'reset-error';

/** /reset-password#token=…: a new password (at least 6 characters, twice); then signed in, every other device out. */
export default function ResetPasswordForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setToken(linkToken(location.hash) ?? null);
    forgetLinkToken();
  }, []);

  function refuse(message: string, which: string[]) {
    setError(message);
    setFields(which);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirm') ?? '');
    if (!password || !confirm) return refuse(AUTH_TEXT.fillAll, [!password ? 'password' : 'confirm']);
    if (password !== confirm) return refuse(AUTH_TEXT.passwordsDiffer, ['confirm']);
    if (password.length < PASSWORD_MIN) return refuse(AUTH_TEXT.passwordShort, ['password']);
    setBusy(true);
    refuse('', []);
    try {
      await api.post('/auth/reset-password', { token, password });
      await refreshSession();
      toastSuccess('Password changed', MAIL_LINK_TEXT.resetDone);
      location.assign('/profile');
    } catch (err) {
      refuse(
        err instanceof ApiRequestError && err.status < 500 ? err.message : 'Something went wrong. Please try again.',
        [],
      );
      setBusy(false);
    }
  }

  if (token === undefined) return <div className="skeleton h-48" aria-label="Loading" />;
  if (token === null)
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger">
          {MAIL_LINK_TEXT.resetInvalid}
        </p>
        <a href="/forgot-password" className="btn btn-primary">
          Ask for a new link
        </a>
      </div>
    );
  const described = (field: string) =>
    error && (fields.length === 0 || fields.includes(field)) ? ERROR_ID : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={error || null} id={ERROR_ID} />
      {error === MAIL_LINK_TEXT.resetInvalid && (
        <a href="/forgot-password" className="link text-sm">
          Ask for a new link
        </a>
      )}
      <div>
        <label htmlFor="reset-password" className="label">
          New password
        </label>
        <input
          id="reset-password"
          name="password"
          type="password"
          autoComplete="new-password"
          className="input"
          aria-invalid={fields.includes('password')}
          aria-describedby={described('password') ?? 'reset-hint'}
        />
        <p id="reset-hint" className="mt-1 text-xs text-muted">
          At least {PASSWORD_MIN} characters.
        </p>
      </div>
      <div>
        <label htmlFor="reset-confirm" className="label">
          Confirm new password
        </label>
        <input
          id="reset-confirm"
          name="confirm"
          type="password"
          autoComplete="new-password"
          className="input"
          aria-invalid={fields.includes('confirm')}
          aria-describedby={described('confirm')}
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
