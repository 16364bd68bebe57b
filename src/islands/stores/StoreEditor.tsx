import { LoadFailed, StatusCard } from '../../components/ui/StatusCard';
import { toastSuccess } from '../../lib/stores/toasts';
import { ApplicationStatus } from './ApplicationStatus';
import { OwnStoreLoading } from './own-store-states';
import { StoreForm } from './StoreForm';
import { StorePhotos } from './StorePhotos';
import { storeFormOf } from './store-form-state';
import { useOwnStore } from './use-own-store';

/**
 * /dashboard/store/: the seller edits its store page (PUT /seller/store): logo and banner (uploaded
 * with progress, saved at once), details, couriers and payment methods. An active store's change
 * is on its public page within seconds.
 */
export default function StoreEditor() {
  const { state, reload, save } = useOwnStore();

  if (state.kind === 'loading') return <OwnStoreLoading label="Loading your store" formHeight="h-96" />;
  if (state.kind === 'error') return <LoadFailed what="your store" onRetry={reload} />;
  if (state.kind === 'signed-out')
    return (
      <StatusCard title="Log in to manage your store">
        <a className="btn btn-primary" href="/login?next=/dashboard/store/">
          Log In
        </a>
      </StatusCard>
    );
  if (state.kind === 'none')
    return (
      <StatusCard title="You have no store yet" text="Apply to open one: it takes a few minutes.">
        <a className="btn btn-primary" href="/sell">
          Sell on Yaad Market
        </a>
      </StatusCard>
    );

  const { store, user } = state;
  const live = store.status === 'active';
  return (
    <div className="flex flex-col gap-6">
      <ApplicationStatus store={store} email={user.email} editorLink={false} />
      {store.status === 'rejected' ? null : (
        <StoreForm
          key={store.id}
          initial={storeFormOf(store)}
          submitLabel="Save changes"
          busyLabel="Saving..."
          onSubmit={async (body) => {
            await save(body);
            toastSuccess(
              'Store saved',
              live ? 'Your store page updates within a few seconds.' : 'Your changes are saved.',
            );
          }}
        >
          <StorePhotos store={store} save={save} />
        </StoreForm>
      )}
    </div>
  );
}
