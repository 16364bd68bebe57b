import { type ReactNode, useEffect, useId, useRef } from 'react';

/** Where the focus is when nothing holds it: on <body>, or on an element no longer in the page. */
export const focusLost = () => {
  const active = document.activeElement;
  return !active || active === document.body || !active.isConnected;
};

/**
 * A dialog: native modal <dialog> (focus trap, Escape), a titled header with Close. Every dialog of
 * the shop is one of these, so this is where the focus comes back when one goes: to the element that
 * had it when the dialog opened, or, when that is gone by then (the action removed its row or
 * button), to what `returnFocus` names.
 */
export function Modal({
  title,
  onClose,
  returnFocus,
  children,
}: {
  title: string;
  onClose: () => void;
  /** Where the focus goes when the opener is no longer in the page (or cannot take it) as the dialog goes. */
  returnFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fallback = useRef(returnFocus);
  fallback.current = returnFocus;
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    ref.current?.showModal();
    // The browser gives the focus back on close() (Escape, Close), but not when the dialog leaves
    // the page still open (a confirmed action unmounts it), nor to an opener that has gone: focus
    // would fall to <body> and a keyboard or screen reader user starts again from the top. Runs
    // after the dialog left the page; moves the focus only when nothing holds it, never away from
    // where the user already is.
    return () => {
      if (!focusLost()) return;
      for (const target of [opener, fallback.current?.()]) {
        if (!target?.isConnected) continue;
        target.focus();
        if (document.activeElement === target) return;
      }
    };
  }, []);
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby={titleId}
      className="m-auto w-[calc(100%-1.5rem)] max-w-lg rounded-2xl border border-line bg-white p-0 text-ink shadow-2xl backdrop:bg-ink/50"
    >
      <div className="flex items-center justify-between border-b border-line px-5 py-4">
        <h2 id={titleId} className="text-lg font-bold">
          {title}
        </h2>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => ref.current?.close()}>
          Close
        </button>
      </div>
      {children}
    </dialog>
  );
}
