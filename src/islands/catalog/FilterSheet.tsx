import { type ReactNode, useEffect, useRef } from 'react';

/** The filters in a left sheet below 768 px (spec §2), for the listing and /search: a modal dialog. */
export function FilterSheet({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-label="Filters"
      className="m-0 h-full max-h-none w-[85vw] max-w-sm bg-white p-0 backdrop:bg-ink/40"
    >
      <div className="flex items-center justify-between border-b border-line p-4">
        <h2 className="text-lg font-semibold">Filters</h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={onClose}>
          Done
        </button>
      </div>
      <div className="p-4">{children}</div>
    </dialog>
  );
}
