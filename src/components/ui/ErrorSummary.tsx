import { type MouseEvent, useEffect, useRef } from 'react';

/** One refused field: its text as shown, and the id of the control it is about (to focus it). */
export type FieldProblem = { text: string; target?: string };

/**
 * A form's error banner when fields are refused: every problem, each a link that takes the focus to
 * its field, rather than only the first (issue 24, item 10). Announced, and focused when it appears
 * so keyboard users land on it; the fields point at their own error lines. The seller and operator
 * forms use it; a form's one-line error (no field) stays `FormError`.
 */
export function ErrorSummary({ problems, id }: { problems: FieldProblem[]; id?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = problems.map((p) => p.text).join('\n');
  useEffect(() => {
    if (shown) ref.current?.focus();
  }, [shown]);
  if (problems.length === 0) return null;
  const go = (target: string) => (event: MouseEvent) => {
    const field = document.getElementById(target);
    if (!field) return;
    event.preventDefault();
    field.scrollIntoView({ block: 'center' });
    field.focus();
  };
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      role="alert"
      data-error-summary
      className="rounded-lg border border-danger/40 bg-danger-50 p-3 text-sm text-ink sm:p-4"
    >
      <p className="font-semibold text-danger">
        {problems.length === 1
          ? 'Please fix this to continue:'
          : `Please fix these ${problems.length} things to continue:`}
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {problems.map((p) => (
          <li key={`${p.target ?? ''}${p.text}`}>
            {p.target ? (
              <a href={`#${p.target}`} className="font-medium text-danger underline" onClick={go(p.target)}>
                {p.text}
              </a>
            ) : (
              p.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
