import { type FormEvent, useEffect, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { AUTH_TEXT } from '../../lib/contract/auth';
import { cartSettled } from '../../lib/stores/cart';
import { login } from '../../lib/stores/session';
import { toastSuccess } from '../../lib/stores/toasts';
import { FormError } from './FormError';

/** /login (spec §2, §5, §8): e-mail and password, "Account created!" after registering. */
export default function LoginForm() {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (new URLSearchParams(location.search).get('registered') === '1') setNotice(AUTH_TEXT.registered);
  }, []);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    if (!email || !password) return setError(AUTH_TEXT.fillAll);
    setBusy(true);
    setError(null);
    try {
      const user = await login(email, password);
      toastSuccess('Login successful', `Welcome back, ${user.name.split(/\s+/)[0]}.`);
      // A guest cart merges now ("Cart Synced" then replaces the welcome): finish before leaving.
      await cartSettled();
      const next = new URLSearchParams(location.search).get('next');
      location.assign(next?.startsWith('/') && !next.startsWith('//') ? next : '/profile');
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : 'Login failed.');
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {notice && (
        <p role="status" className="rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800">
          {notice} Log in with your new account.
        </p>
      )}
      <FormError message={error} />
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
        />
      </div>
      <div className="flex justify-end text-sm">
        <a href="/forgot-password" className="link">
          Forgot password?
        </a>
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
      <p className="text-center text-sm text-muted">
        New to Yaad Market?{' '}
        <a href="/register" className="link">
          Create an account
        </a>
      </p>
    </form>
  );
}
