import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $toast, dismissToast, pauseToast, resumeToast, type Toast } from '../../lib/stores/toasts';
import { useMounted } from '../use-mounted';

/**
 * The one toast on screen (spec §4: one at a time). Two live regions are always in the page, so
 * screen readers announce what is put into them: polite for news, assertive (role="alert") for
 * errors. It leaves after about 5 s, waits while hovered or focused, and has a close button.
 * Sits above the cookie banner (which publishes its height as --consent-banner-h).
 */
export default function Toaster() {
  const mounted = useMounted();
  const current = useStore($toast);
  const shown = mounted ? current : null;
  return (
    <div
      className="pointer-events-none fixed inset-x-0 z-[70] flex flex-col items-center gap-2 px-3 sm:items-end sm:px-6"
      style={{ bottom: 'calc(var(--consent-banner-h, 0px) + 1rem)' }}
    >
      <div role="status" aria-live="polite" aria-atomic="true" className="w-full sm:w-auto">
        {shown && shown.variant !== 'error' && <ToastCard key={shown.id} toast={shown} />}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="true" className="w-full sm:w-auto">
        {shown && shown.variant === 'error' && <ToastCard key={shown.id} toast={shown} />}
      </div>
    </div>
  );
}

function ToastCard({ toast }: { toast: Toast }) {
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const error = toast.variant === 'error';
  return (
    <div
      className={`pointer-events-auto mx-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white p-4 shadow-lg transition duration-200 motion-reduce:transition-none sm:w-96 ${
        error ? 'border-danger/40' : 'border-line'
      } ${entered ? 'translate-y-0 opacity-100' : 'translate-y-2 opacity-0'}`}
      onMouseEnter={pauseToast}
      onMouseLeave={resumeToast}
      onFocus={pauseToast}
      onBlur={resumeToast}
      data-toast={toast.variant}
    >
      <span
        aria-hidden="true"
        className={`mt-0.5 inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full ${
          error ? 'bg-danger-50 text-danger' : 'bg-brand-50 text-brand-700'
        }`}
      >
        {error ? (
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2">
            <path d="M10 5.5v5.5M10 14.2v.3" strokeLinecap="round" />
          </svg>
        ) : (
          <svg viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="2.2">
            <path d="m5 10.5 3.2 3L15 6.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-ink">{toast.title}</p>
        {toast.description && <p className="mt-0.5 text-sm text-muted">{toast.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="-m-1.5 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-surface hover:text-ink"
        aria-label="Close notification"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="m5 5 10 10M15 5 5 15" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
