import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect } from 'react';
import { StatusCard } from '../../components/ui/StatusCard';
import { ApiRequestError } from '../../lib/api';
import { $user, refreshSession } from '../../lib/stores/session';

/**
 * The seller pages are static: this shows the page's content only to a signed-in user, and a
 * "Log in" card otherwise. Whether the user is a seller is the API's answer (403), shown by
 * `NotASeller`.
 */
export function SellerGate({ next, children }: { next: string; children: ReactNode }) {
  const user = useStore($user);
  useEffect(() => {
    refreshSession().catch(() => $user.set(null));
  }, []);
  if (user === undefined) return <div className="skeleton h-48" role="status" aria-label="Loading" />;
  if (user === null)
    return (
      <StatusCard size="page" title="Please log in to manage your store">
        <a href={`/login?next=${encodeURIComponent(next)}`} className="btn btn-primary">
          Log In
        </a>
      </StatusCard>
    );
  return <>{children}</>;
}

/** The card for a failed load: a buyer's 403 says what the area is for; anything else offers Try Again. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  if (error instanceof ApiRequestError && error.status === 403)
    return (
      <StatusCard size="page" title="This area is for sellers" text="Your account does not own a store yet.">
        <a href="/" className="btn btn-secondary">
          Back to the shop
        </a>
      </StatusCard>
    );
  if (error instanceof ApiRequestError && error.status === 404)
    return (
      <StatusCard size="page" title="Product not found" text="It may have been removed, or belong to another store.">
        <a href="/dashboard/products/" className="btn btn-secondary">
          All products
        </a>
      </StatusCard>
    );
  return (
    <StatusCard
      size="page"
      tone="danger"
      alert
      title="Could not load your products"
      text={error instanceof Error ? error.message : undefined}
    >
      <button type="button" className="btn btn-primary" onClick={retry}>
        Try Again
      </button>
    </StatusCard>
  );
}
