import { StatusCard } from '../../components/ui/StatusCard';
import { api } from '../../lib/api';
import type { OwnStore } from '../../lib/contract/stores';
import { toastSuccess } from '../../lib/stores/toasts';
import { ApplicationStatus } from './ApplicationStatus';
import { OwnStoreFailed, OwnStoreLoading } from './own-store-states';
import { PhotoUpload } from './PhotoUpload';
import { StoreForm } from './StoreForm';
import { storeFormOf } from './store-form-state';
import { useOwnStore } from './use-own-store';

/**
 * /dashboard/store/: the seller edits its store page (PUT /seller/store): logo and banner (uploaded
 * with progress, saved at once), details, couriers and payment methods. An active store's change
 * is on its public page within seconds.
 */
export default function StoreEditor() {
  const { state, setState, reload } = useOwnStore();

  if (state.kind === 'loading') return <OwnStoreLoading label="Loading your store" formHeight="h-96" />;
  if (state.kind === 'error') return <OwnStoreFailed what="your store" onRetry={reload} />;
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
  const save = async (change: Record<string, unknown>) => {
    const fresh = await api.put<OwnStore>('/seller/store', change);
    setState({ kind: 'store', user, store: fresh });
    return fresh;
  };
  const live = store.status === 'active';
  return (
    <div className="flex flex-col gap-6">
      <ApplicationStatus store={store} editorLink={false} />
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
          <section className="card flex flex-col gap-6 p-4 sm:p-6" aria-labelledby="store-photos">
            <h2 id="store-photos" className="text-lg font-semibold">
              Logo and banner
            </h2>
            <PhotoUpload
              label="Logo"
              hint="A square picture, at least 320 pixels wide. JPEG, PNG, WebP or AVIF, up to 10 MB."
              shape="round"
              url={store.logo}
              onUploaded={async (url) => {
                await save({ logo: url });
                toastSuccess('Logo saved');
              }}
              onRemove={async () => {
                await save({ logo: null });
              }}
            />
            <PhotoUpload
              label="Banner"
              hint="A wide picture (4 to 1), at least 1200 pixels wide. Up to 10 MB."
              shape="wide"
              url={store.bannerImage}
              onUploaded={async (url) => {
                await save({ bannerImage: url });
                toastSuccess('Banner saved');
              }}
              onRemove={async () => {
                await save({ bannerImage: null });
              }}
            />
          </section>
        </StoreForm>
      )}
    </div>
  );
}
