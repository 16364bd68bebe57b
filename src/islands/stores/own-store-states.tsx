/** /sell and /dashboard/store/ while the signed-in shopper's store is read (use-own-store.ts). */
export function OwnStoreLoading({ label, formHeight }: { label: string; formHeight: 'h-64' | 'h-96' }) {
  return (
    <div role="status" aria-label={label} className="flex flex-col gap-3">
      <div className="skeleton h-24" />
      <div className={`skeleton ${formHeight}`} />
    </div>
  );
}
