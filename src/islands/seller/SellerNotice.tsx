import { StatusCard } from '../../components/ui/StatusCard';
import { SELLER_ORDER_MESSAGES } from '../../lib/seller-order-messages';
import type { SellerData } from './use-seller-data';

/** What a seller screen shows instead of its content: placeholders, not a seller, not found, or a failure. */
export function SellerNotice({
  state,
  onRetry,
  loadingLabel,
  notFound,
  failed = SELLER_ORDER_MESSAGES.loadFailed,
}: {
  state: Exclude<SellerData<unknown>, { kind: 'ready' }>;
  onRetry: () => void;
  loadingLabel: string;
  notFound?: { title: string; text: string };
  /** The failure's title, naming what did not load. */
  failed?: string;
}) {
  switch (state.kind) {
    case 'loading':
      return (
        <div className="flex flex-col gap-4" role="status" aria-label={loadingLabel}>
          <div className="skeleton h-24" />
          <div className="skeleton h-48" />
        </div>
      );
    case 'notSeller':
      return (
        <StatusCard
          size="page"
          title={SELLER_ORDER_MESSAGES.notSeller}
          text="This account does not own a store on Yaad Market."
        >
          <a href="/" className="btn btn-primary">
            Back to the shop
          </a>
          <a href="/login" className="btn btn-secondary">
            Sign in as a seller
          </a>
        </StatusCard>
      );
    case 'notFound':
      return (
        <StatusCard size="page" title={notFound?.title ?? SELLER_ORDER_MESSAGES.partNotFound} text={notFound?.text}>
          <a href="/dashboard/orders/" className="btn btn-primary">
            All orders
          </a>
        </StatusCard>
      );
    case 'failed':
      return (
        <StatusCard size="page" tone="danger" alert title={failed} text={state.message}>
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Try Again
          </button>
        </StatusCard>
      );
  }
}
