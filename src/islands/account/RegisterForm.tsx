import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError } from '../../lib/api';
import { AUTH_TEXT, PASSWORD_MIN } from '../../lib/contract/auth';
import { firebaseErrorText } from '../../lib/firebase-errors';
import { nextPage, withNext } from '../../lib/next-page';
import { ProviderError, register } from '../../lib/stores/session';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

const ERROR_ID = 'register-error';

/** /register (spec §2, §5, §8): full name, e-mail, password and confirmation; then /login with "Account created!". */
export default function RegisterForm() {
  const [error, setError] = useState<string | null>(null);
  /** Which fields the error is about, so they are marked invalid. */
  const [bad, setBad] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  /** Where a shopper sent to log in goes back to, kept through sign-up. */
  const [next, setNext] = useState<string | undefined>();
  useEffect(() => setNext(nextPage(location.search)), []);

  const refuse = (message: string, fields: string[]) => {
    setError(message || null);
    setBad(fields);
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirm') ?? '');
    const empty = Object.entries({ name, email, password, confirm })
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (empty.length) return refuse(AUTH_TEXT.fillAll, empty);
    if (password !== confirm) return refuse(AUTH_TEXT.passwordsDiffer, ['confirm']);
    if (password.length < PASSWORD_MIN) return refuse(AUTH_TEXT.passwordShort, ['password']);
    setBusy(true);
    refuse('', []);
    try {
      await register(name, email, password);
      toastSuccess('Registration successful!', 'Please check your email to verify your account.');
      location.assign(withNext('/login', nextPage(location.search), { registered: '1' }));
    } catch (err) {
      const message =
        err instanceof ProviderError
          ? firebaseErrorText(err.cause, 'register')
          : err instanceof ApiRequestError && err.status < 500
            ? err.message
            : 'Registration failed. Please try again.';
      const fields = err instanceof ApiRequestError && err.errors ? Object.keys(err.errors) : [];
      refuse(message, fields);
      toastError('Registration Error', message);
      setBusy(false);
    }
  }

  const field = (id: string, label: string, type: string, autoComplete: string, hint?: string) => (
    <div>
      <label htmlFor={`register-${id}`} className="label">
        {label}
      </label>
      <input
        id={`register-${id}`}
        name={id}
        type={type}
        autoComplete={autoComplete}
        className="input"
        aria-invalid={bad.includes(id)}
        aria-describedby={
          [bad.includes(id) ? ERROR_ID : '', hint ? `register-${id}-hint` : ''].filter(Boolean).join(' ') || undefined
        }
      />
      {hint && (
        <p id={`register-${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
    </div>
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={error} id={ERROR_ID} />
      {field('name', 'Full name', 'text', 'name')}
      {field('email', 'Email', 'email', 'email')}
      {field('password', 'Password', 'password', 'new-password', `At least ${PASSWORD_MIN} characters.`)}
      {field('confirm', 'Confirm password', 'password', 'new-password')}
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating account…' : 'Create account'}
      </button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <a href={withNext('/login', next)} className="link">
          Log in
        </a>
      </p>
    </form>
  );
}
