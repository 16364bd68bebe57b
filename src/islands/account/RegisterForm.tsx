import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { AUTH_TEXT, PASSWORD_MIN } from '../../lib/contract/auth';
import { register } from '../../lib/stores/session';
import { toastError } from '../../lib/stores/toasts';
import { FormError } from './FormError';

/** /register (spec §2, §5, §8): full name, e-mail, password and confirmation; then /login with "Account created!". */
export default function RegisterForm() {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const name = String(data.get('name') ?? '').trim();
    const email = String(data.get('email') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const confirm = String(data.get('confirm') ?? '');
    if (!name || !email || !password || !confirm) return setError(AUTH_TEXT.fillAll);
    if (password !== confirm) return setError(AUTH_TEXT.passwordsDiffer);
    if (password.length < PASSWORD_MIN) return setError(AUTH_TEXT.passwordShort);
    setBusy(true);
    setError(null);
    try {
      await register(name, email, password);
      location.assign('/login?registered=1');
    } catch (err) {
      const message = err instanceof ApiRequestError ? err.message : 'Registration failed. Please try again.';
      setError(message);
      toastError('Registration Error', message);
      setBusy(false);
    }
  }

  const field = (id: string, label: string, type: string, autoComplete: string) => (
    <div>
      <label htmlFor={`register-${id}`} className="label">
        {label}
      </label>
      <input id={`register-${id}`} name={id} type={type} autoComplete={autoComplete} className="input" />
    </div>
  );
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormError message={error} />
      {field('name', 'Full name', 'text', 'name')}
      {field('email', 'Email', 'email', 'email')}
      {field('password', 'Password', 'password', 'new-password')}
      {field('confirm', 'Confirm password', 'password', 'new-password')}
      <p className="-mt-2 text-sm text-muted">At least {PASSWORD_MIN} characters.</p>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Creating account…' : 'Create account'}
      </button>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <a href="/login" className="link">
          Log in
        </a>
      </p>
    </form>
  );
}
