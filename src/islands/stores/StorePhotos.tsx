import type { OwnStore } from '../../lib/contract/stores';
import { toastSuccess } from '../../lib/stores/toasts';
import { PhotoUpload } from './PhotoUpload';

/**
 * The store's logo and banner, each uploaded with progress and saved at once (PUT /seller/store
 * with that field alone): on /sell right after applying, and in the store page editor. Uploads
 * belong to a store (docs/decisions/015), so they are offered once the application is in.
 */
export function StorePhotos({
  store,
  save,
  title = 'Logo and banner',
}: {
  store: OwnStore;
  save: (change: { logo?: string | null; bannerImage?: string | null }) => Promise<unknown>;
  title?: string;
}) {
  return (
    <section className="card flex flex-col gap-6 p-4 sm:p-6" aria-labelledby="store-photos">
      <h2 id="store-photos" className="text-lg font-semibold">
        {title}
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
  );
}
