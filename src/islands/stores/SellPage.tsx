import { LoadFailed, StatusCard } from '../../components/ui/StatusCard';
import { api } from '../../lib/api';
import type { OwnStore } from '../../lib/contract/stores';
import { ApplicationStatus } from './ApplicationStatus';
import { OwnStoreLoading } from './own-store-states';
import { StoreForm } from './StoreForm';
import { StorePhotos } from './StorePhotos';
import { emptyStoreForm, type storeBody, storeFormOf } from './store-form-state';
import { useOwnStore } from './use-own-store';

/**
 * /sell: the application form for a signed-in shopper (POST /seller/apply), or where their
 * application stands (with the operator's reason when rejected or suspended); a pending one offers
 * the logo and banner upload. A rejected application comes with the form again, filled with what
 * was sent, to correct and resubmit.
 */
export default function SellPage() {
  const { state, setState, reload, save } = useOwnStore();

  if (state.kind === 'loading') return <OwnStoreLoading label="Loading your application" formHeight="h-64" />;
  if (state.kind === 'error') return <LoadFailed what="your application" onRetry={reload} />;
  if (state.kind === 'signed-out')
    return (
      <StatusCard
        title="Log in to apply"
        text="Your store belongs to your Yaad Market account: log in, or register in a minute."
      >
        <a className="btn btn-primary" href="/login?next=/sell">
          Log In
        </a>
        <a className="btn btn-secondary" href="/register">
          Register
        </a>
      </StatusCard>
    );
  const user = state.user;
  // A first application and a rejected one sent again are the same call (the server tells them apart).
  const apply = async (body: ReturnType<typeof storeBody>) => {
    const store = await api.post<OwnStore>('/seller/apply', body);
    setState({ kind: 'store', user, store });
    window.scrollTo({ top: 0 });
  };
  if (state.kind === 'store' && state.store.status === 'rejected')
    return (
      <div className="flex flex-col gap-4">
        <ApplicationStatus store={state.store} email={user.email} />
        <p className="text-muted">
          <span className="font-semibold text-ink">Correct your application:</span> it is below as you sent it. Change
          what the reason asks for and send it again: our team reviews it like a new one.
        </p>
        <StoreForm
          initial={storeFormOf(state.store)}
          submitLabel="Resubmit application"
          busyLabel="Resubmitting..."
          onSubmit={apply}
        />
      </div>
    );
  // Pending (just applied, or back while waiting): the logo and banner are offered here at once,
  // as the application's last step; uploads need the store the application made.
  if (state.kind === 'store' && state.store.status === 'pending')
    return (
      <div className="flex flex-col gap-4">
        <ApplicationStatus store={state.store} email={user.email} />
        <StorePhotos store={state.store} save={save} title="Add your logo and banner" />
      </div>
    );
  if (state.kind === 'store') return <ApplicationStatus store={state.store} email={user.email} />;

  return (
    <div className="flex flex-col gap-4">
      <p className="text-muted">
        Applying as <span className="font-medium text-ink">{user.email}</span>. Your logo and banner come next, as soon
        as your application is in.
      </p>
      <StoreForm
        initial={emptyStoreForm(user.email)}
        submitLabel="Submit application"
        busyLabel="Submitting..."
        onSubmit={apply}
      />
    </div>
  );
}
