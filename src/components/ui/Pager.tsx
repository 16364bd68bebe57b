import { useRef } from 'react';

/**
 * Previous, "Page n of m", Next under a paged list of the workspace (one look for all of them);
 * nothing when there is one page. The page number is announced when it changes, and a button that
 * becomes disabled (the first or last page reached) hands the focus to the other one, so a
 * keyboard user's focus never falls to the top of the page.
 */
export function Pager({
  label,
  page,
  totalPages,
  onPage,
  className = '',
}: {
  /** The nav's name: "Store pages", "Review pages". */
  label: string;
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
  className?: string;
}) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  if (totalPages <= 1) return null;
  const go = (to: number) => {
    if (to <= 1) next.current?.focus();
    else if (to >= totalPages) previous.current?.focus();
    onPage(to);
  };
  return (
    <nav aria-label={label} className={`flex items-center justify-between gap-2 ${className}`}>
      <button
        ref={previous}
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => go(page - 1)}
      >
        Previous
      </button>
      <span className="text-sm text-muted" aria-live="polite">
        Page {page} of {totalPages}
      </span>
      <button
        ref={next}
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={page >= totalPages}
        onClick={() => go(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
