import { useEffect, useState } from 'react';
import { ApiRequestError, api } from '../../lib/api';
import { MAIL_LINK_TEXT, type User } from '../../lib/contract/auth';
import { NEWSLETTER_TEXT } from '../../lib/contract/newsletter';
import { forgetLinkToken, linkToken } from '../../lib/link-token';
import { $user } from '../../lib/stores/session';

type Action = 'verify-email' | 'newsletter-confirm' | 'unsubscribe';

/** What each e-mailed link does, its texts, and whether it runs on arrival or waits for a press. */
const ACTIONS: Record<
  Action,
  { invalid: string; run: (token: string) => Promise<string>; button?: string; next: { href: string; label: string } }
> = {
  'verify-email': {
    invalid: MAIL_LINK_TEXT.verifyInvalid,
    run: async (token) => {
      const { user } = await api.post<{ user: User }>('/auth/verify-email', { token });
      // The same browser may be signed in as this user: its copy of the user is now verified.
      if ($user.get()?.id === user.id) $user.set(user);
      return MAIL_LINK_TEXT.verified;
    },
    next: { href: '/profile', label: 'Go to your profile' },
  },
  'newsletter-confirm': {
    invalid: NEWSLETTER_TEXT.confirmInvalid,
    run: async (token) => (await api.post<{ message: string }>('/newsletter/confirm', { token })).message,
    next: { href: '/', label: 'Back to the shop' },
  },
  unsubscribe: {
    invalid: NEWSLETTER_TEXT.unsubscribeInvalid,
    run: async (token) => (await api.post<{ message: string }>(`/newsletter/unsubscribe/${token}`)).message,
    button: 'Unsubscribe me',
    next: { href: '/', label: 'Back to the shop' },
  },
};

type State = { kind: 'loading' } | { kind: 'ready' } | { kind: 'busy' } | { kind: 'done' | 'failed'; message: string };

/** /verify-email, /newsletter/confirm, /newsletter/unsubscribe: follows the link's token (#token=…). */
export default function LinkAction({ action }: { action: Action }) {
  const spec = ACTIONS[action];
  const [token, setToken] = useState<string | undefined>();
  const [state, setState] = useState<State>({ kind: 'loading' });

  async function run(t: string) {
    setState({ kind: 'busy' });
    try {
      setState({ kind: 'done', message: await spec.run(t) });
    } catch (err) {
      setState({
        kind: 'failed',
        message:
          err instanceof ApiRequestError && err.status < 500 ? err.message : 'Something went wrong. Please try again.',
      });
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on arrival
  useEffect(() => {
    const t = linkToken(location.hash);
    forgetLinkToken();
    if (!t) return setState({ kind: 'failed', message: spec.invalid });
    setToken(t);
    if (spec.button) setState({ kind: 'ready' });
    else void run(t);
  }, []);

  if (state.kind === 'loading' || (state.kind === 'busy' && !spec.button))
    return <div className="skeleton h-24" aria-label="Working" />;
  if (state.kind === 'ready' || state.kind === 'busy')
    return (
      <button
        type="button"
        className="btn btn-primary"
        disabled={state.kind === 'busy'}
        onClick={() => token && run(token)}
      >
        {state.kind === 'busy' ? 'Working…' : spec.button}
      </button>
    );
  return (
    <div className="flex flex-col gap-4">
      <p
        role={state.kind === 'failed' ? 'alert' : 'status'}
        className={
          state.kind === 'failed'
            ? 'rounded-lg bg-danger-50 p-3 text-sm font-medium text-danger'
            : 'rounded-lg bg-brand-50 p-3 text-sm font-medium text-brand-800'
        }
      >
        {state.message}
      </p>
      <a href={spec.next.href} className="btn btn-secondary">
        {spec.next.label}
      </a>
    </div>
  );
}
