import { type FormEvent, useEffect, useState } from 'react';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError } from '../../lib/api';
import { AUTH_TEXT } from '../../lib/contract/auth';
import { firebaseSetup } from '../../lib/firebase-client';
import { firebaseErrorText } from '../../lib/firebase-errors';
import { loginReason, nextPage, withNext } from '../../lib/next-page';
import { login, loginWithGoogle, ProviderError, sessionSettled } from '../../lib/stores/session';
import { toastError, toastSuccess } from '../../lib/stores/toasts';

const ERROR_ID = 'login-error';

/** The words for a failed sign-in: Firebase's code in the spec's texts, or the server's message. */
function failureText(err: unknown, during: 'login' | 'social'): string {
  if (err instanceof ProviderError) return firebaseErrorText(err.cause, during);
  if (err instanceof ApiRequestError) return err.status >= 500 ? AUTH_TEXT.authFailed : err.message;
  return during === 'login' ? 'Login failed.' : 'Login failed. Please try again.';
}

/**
 * /login (spec §2, §5, §8): e-mail and password (built-in, or Firebase when configured), the
 * Google popup when Firebase is configured, and "Account created!" after registering.
 */
export default function LoginForm() {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<'form' | 'google' | null>(null);

  const [reason, setReason] = useState<string | undefined>();
  const [next, setNext] = useState<string | undefined>();

  useEffect(() => {
    if (new URLSearchParams(location.search).get('registered') === '1') setNotice(AUTH_TEXT.registered);
    const wanted = nextPage(location.search);
    setNext(wanted);
    setReason(loginReason(wanted));
  }, []);

  async function signedIn(firstName: string) {
    toastSuccess('Login successful', `Welcome back, ${firstName}.`);
    // What follows the sign-in (a guest cart merging, "Cart Synced" replacing the welcome) finishes before leaving.
    await sessionSettled();
    location.assign(nextPage(location.search) ?? '/profile');
  }

  function failed(message: string) {
    setError(message);
    toastError('Login Failed', message);
    setBusy(null);
  }

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) return setError(AUTH_TEXT.fillAll);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return setError(AUTH_TEXT.loginEmailFormat);
    setBusy('form');
    setError(null);
    try {
      const user = await login(email, password);
      await signedIn(user.name.split(/\s+/)[0]);
    } catch (err) {
      failed(failureText(err, 'login'));
    }
  }

  async function google() {
    setBusy('google');
    setError(null);
    try {
      const user = await loginWithGoogle();
      await signedIn(user.name.split(/\s+/)[0]);
    } catch (err) {
      failed(failureText(err, 'social'));
    }
  }

  const described = error ? ERROR_ID : undefined;
  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        {reason && !notice && (
          <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
            {reason}
          </p>
        )}
        {notice && (
          <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
            {notice} Log in with your new account.
          </p>
        )}
        <FormError message={error} id={ERROR_ID} />
        <div>
          <label htmlFor="login-email" className="label">
            Email
          </label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="email"
            className="input"
            aria-invalid={Boolean(error)}
            aria-describedby={described}
          />
        </div>
        <div>
          <label htmlFor="login-password" className="label">
            Password
          </label>
          <input
            id="login-password"
            name="password"
            type="password"
            autoComplete="current-password"
            className="input"
            aria-invalid={Boolean(error)}
            aria-describedby={described}
          />
        </div>
        <div className="flex justify-end text-sm">
          <a href="/forgot-password" className="link">
            Forgot password?
          </a>
        </div>
        <button type="submit" className="btn btn-primary" disabled={busy !== null}>
          {busy === 'form' ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      {firebaseSetup !== 'off' && (
        <>
          <div className="flex items-center gap-3 text-sm text-muted" aria-hidden="true">
            <span className="h-px flex-1 bg-line" />
            or
            <span className="h-px flex-1 bg-line" />
          </div>
          <button type="button" className="btn btn-secondary" onClick={google} disabled={busy !== null}>
            <GoogleMark />
            {busy === 'google' ? 'Waiting for Google…' : 'Continue with Google'}
          </button>
        </>
      )}
      <p className="text-center text-sm text-muted">
        New to Yaad Market?{' '}
        <a href={withNext('/register', next)} className="link">
          Create an account
        </a>
      </p>
    </div>
  );
}

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" width="18" height="18" aria-hidden="true">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.2C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.3 5.7c4.3-4 7-9.8 7-17.1z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.7c-.5-1.4-.8-3-.8-4.7s.3-3.2.8-4.7l-7.9-6.2C1 16.5 0 20.1 0 24s1 7.5 2.7 10.8l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.3-5.7c-2 1.4-4.7 2.3-8.6 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
