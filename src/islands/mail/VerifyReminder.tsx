import { useState } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import type { User } from '../../lib/contract/auth';

/**
 * The reminder an unverified shopper sees (they can still shop), or a new address waiting for its
 * link, with a rate-limited "Send again".
 */
export function VerifyReminder({ user }: { user: User }) {
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const waiting = user.pendingEmail ?? (user.emailVerified ? undefined : user.email);
  if (!waiting) return null;

  async function resend() {
    setBusy(true);
    try {
      const { message } = await api.post<{ message: string }>('/auth/resend-verification');
      setAnswer({ ok: true, text: message });
    } catch (err) {
      setAnswer({
        ok: false,
        text:
          err instanceof ApiRequestError && err.status < 500
            ? err.message
            : 'Could not send the mail. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="verify-title" className="card border-l-4 border-l-gold-400 p-4 text-sm">
      <h2 id="verify-title" className="font-semibold">
        {user.pendingEmail ? 'Confirm your new e-mail address' : 'Please verify your e-mail address'}
      </h2>
      <p className="mt-1">
        {user.pendingEmail
          ? `We sent a link to ${user.pendingEmail}. Until you follow it, your account keeps ${user.email}.`
          : `We sent a link to ${user.email}. Following it confirms the address your order updates and password resets go to.`}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-secondary btn-sm" onClick={resend} disabled={busy}>
          {busy ? 'Sending…' : 'Send again'}
        </button>
        {answer && (
          <p role={answer.ok ? 'status' : 'alert'} className={answer.ok ? 'text-brand-800' : 'font-medium text-danger'}>
            {answer.text}
          </p>
        )}
      </div>
    </section>
  );
}
