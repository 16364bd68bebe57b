import type { OwnStore } from '../../lib/contract/stores';
import { SHOP } from '../../lib/site';
import { REVIEW_PROMISE, STATUS_LABELS } from '../../lib/store-status';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString('en-JM', { day: 'numeric', month: 'long', year: 'numeric' }) : null;

const BADGE = { pending: 'badge-gold', active: 'badge-green', rejected: 'badge-red', suspended: 'badge-red' } as const;

/**
 * Where a store stands, in its owner's words: on /sell and above the store page editor. `email`:
 * the owner's account address, where the decision is mailed.
 */
export function ApplicationStatus({
  store,
  email,
  editorLink = true,
}: {
  store: OwnStore;
  email: string;
  editorLink?: boolean;
}) {
  const applied = when(store.appliedAt);
  const decided = when(store.decidedAt);
  return (
    <section
      className="card flex flex-col gap-3 p-5"
      aria-labelledby="store-status-title"
      data-store-status={store.status}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="store-status-title" className="text-lg font-semibold">
          {store.name}
        </h2>
        <span className={`badge ${BADGE[store.status]}`}>{STATUS_LABELS[store.status]}</span>
        {store.verified && store.status === 'active' && <span className="badge badge-green">✓ Verified Seller</span>}
      </div>
      {store.status === 'pending' && (
        <>
          <p>
            Thanks for applying{applied ? ` on ${applied}` : ''}. Our team reviews every store; your store and its
            products go live the moment it is approved.
          </p>
          <p className="rounded-lg bg-brand-50 p-3 text-sm" data-review-promise>
            <span className="font-semibold">{REVIEW_PROMISE.sentence}.</span> We&rsquo;ll e-mail you at{' '}
            <span className="font-medium break-all">{email}</span> as soon as we decide.
          </p>
        </>
      )}
      {store.status === 'active' && (
        <p>
          Your store is open{decided ? ` since ${decided}` : ''}.{' '}
          <a className="link" href={`/seller/${store.id}/`}>
            See your public store page
          </a>
          .
        </p>
      )}
      {store.status === 'rejected' && (
        <>
          <p>Your application was not approved{decided ? ` (${decided})` : ''}.</p>
          <p className="rounded-lg bg-danger-50 p-3 text-sm">
            <span className="font-semibold">Reason: </span>
            {store.statusReason}
          </p>
          <p className="text-sm text-muted">
            You can correct your application and send it again. Questions? Write to us from the Contact details in the
            footer.
          </p>
        </>
      )}
      {store.status === 'suspended' && (
        <>
          <p>
            Your store is suspended{decided ? ` since ${decided}` : ''}: it and its products are hidden from shoppers.
          </p>
          <p className="rounded-lg bg-danger-50 p-3 text-sm">
            <span className="font-semibold">Reason: </span>
            {store.statusReason}
          </p>
          <p className="text-sm text-muted">
            To appeal, reply to the e-mail we sent you or write to{' '}
            <a className="link" href={`mailto:${SHOP.email}`}>
              {SHOP.email}
            </a>
            : tell us what happened and what you have changed. We answer within {REVIEW_PROMISE.days}.
          </p>
        </>
      )}
      {editorLink && store.status !== 'rejected' && (
        <a className="btn btn-secondary self-start" href="/dashboard/store/">
          Edit your store page
        </a>
      )}
    </section>
  );
}
