import { StatusCard } from '../../components/ui/StatusCard';

/** /sell and /dashboard/store/ while the signed-in shopper's store is read (use-own-store.ts). */
export function OwnStoreLoading({ label, formHeight }: { label: string; formHeight: 'h-64' | 'h-96' }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <div className="skeleton h-24" />
      <div className={`skeleton ${formHeight}`} />
    </div>
  );
}

/** The store could not be read: say so and offer to try again. */
export function OwnStoreFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <StatusCard title={`We could not load ${what}.`} text="Please check your connection and try again." alert>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Try Again
      </button>
    </StatusCard>
  );
}
