import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import { StatusCard } from '../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../lib/api';
import { $user, refreshSession } from '../../lib/stores/session';

/**
 * The seller pages are static: this shows the page's content only to a signed-in user, and a
 * "Log in" card otherwise. Whether the user is a seller is the API's answer (403), shown by
 * `LoadFailed`. A page that is a form (`needsStore`: the new product) asks first, so a shopper
 * without a store learns at once that a store comes first, not after filling the form.
 */
export function SellerGate({
  next,
  needsStore = false,
  children,
}: {
  next: string;
  needsStore?: boolean;
  children: ReactNode;
}) {
  const user = useStore($user);
  const [store, setStore] = useState<'checking' | 'yes' | 'none'>(needsStore ? 'checking' : 'yes');
  useEffect(() => {
    refreshSession().catch(() => $user.set(null));
  }, []);
  useEffect(() => {
    if (!needsStore || !user) return;
    api
      .get('/seller/store')
      .then(() => setStore('yes'))
      // 403: the account owns no store. Any other failure: the form itself says what went wrong.
      .catch((error) => setStore(error instanceof ApiRequestError && error.status === 403 ? 'none' : 'yes'));
  }, [needsStore, user]);
  if (user === undefined || (user && store === 'checking'))
    return <div className="skeleton h-48" role="status" aria-label="Loading" />;
  if (user === null)
    return (
      <StatusCard size="page" title="Please log in to manage your store">
        <a href={`/login?next=${encodeURIComponent(next)}`} className="btn btn-primary">
          Log In
        </a>
      </StatusCard>
    );
  if (store === 'none') return <OpenAStoreFirst />;
  return <>{children}</>;
}

/** An account without a store on a seller page: what comes first, and where to do it. */
function OpenAStoreFirst() {
  return (
    <StatusCard
      size="page"
      title="Open your store first"
      text="Products are sold from a store. Apply to open yours on Yaad Market: it takes a few minutes, and you can add products while we review it."
    >
      <a href="/sell" className="btn btn-primary">
        Open your store
      </a>
      <a href="/" className="btn btn-secondary">
        Back to the shop
      </a>
    </StatusCard>
  );
}

/** The card for a failed load: a buyer's 403 says what the area is for; anything else offers Try Again. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  if (error instanceof ApiRequestError && error.status === 403) return <OpenAStoreFirst />;
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
