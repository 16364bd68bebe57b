import type { ReactNode } from 'react';

/**
 * What an island shows in place of its content (the listing, search, the cart, favourites):
 * grey placeholders while it loads, and one card for a failure (with Try Again) or an empty
 * result (with a way on). One look everywhere; the words stay with each island.
 */

type StatusCardProps = {
  /** The main line: the spec's text for what happened. */
  title: string;
  /** A line under it. */
  text?: ReactNode;
  /** A picture in a round badge above the title (page size only). */
  icon?: ReactNode;
  tone?: 'brand' | 'danger';
  /** A whole page's state (a centred card with a heading) or a results section's (a plain line). */
  size?: 'page' | 'section';
  /** A failure: announced at once to screen readers. */
  alert?: boolean;
  /** The actions: Try Again, Clear Filters, Browse Products… */
  children?: ReactNode;
};

const TONES = { brand: 'bg-brand-50 text-brand-700', danger: 'bg-danger-50 text-danger' };

export function StatusCard({ title, text, icon, tone = 'brand', size = 'section', alert, children }: StatusCardProps) {
  const role = alert ? 'alert' : undefined;
  if (size === 'section') {
    return (
      <div className="card flex flex-col items-center gap-4 p-10 text-center" role={role}>
        <p className="font-medium">{title}</p>
        {text && <p className="text-sm text-muted">{text}</p>}
        {children && <div className="flex flex-wrap justify-center gap-2">{children}</div>}
      </div>
    );
  }
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center" role={role}>
      {icon && (
        <span
          aria-hidden="true"
          className={`mb-4 flex h-16 w-16 items-center justify-center rounded-full ${TONES[tone]}`}
        >
          {icon}
        </span>
      )}
      <h2 className="text-xl font-bold">{title}</h2>
      {text && <p className="mt-2 text-muted">{text}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>}
    </div>
  );
}

/** A list could not be read: say so and offer to try again (`what`: "the stores", "the payments"…). */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <StatusCard title={`We could not load ${what}.`} text="Please check your connection and try again." alert>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try Again
      </button>
    </StatusCard>
  );
}

/** Two grey rows where a workspace list of cards (stores, payments) will be, announced as `label`. */
export function ListSkeletons({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <div className="skeleton h-28" />
      <div className="skeleton h-28" />
    </div>
  );
}

/** Placeholders shaped like product cards, in the grid the real cards will fill. */
export function CardSkeletons({ count, gridClassName }: { count: number; gridClassName: string }) {
  return (
    <div className={gridClassName} aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="card overflow-hidden">
          <div className="skeleton aspect-square rounded-none" />
          <div className="space-y-2 p-3">
            <div className="skeleton h-3 w-1/2" />
            <div className="skeleton h-4 w-full" />
            <div className="skeleton h-4 w-1/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
