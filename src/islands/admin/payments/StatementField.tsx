/**
 * One labelled field of a form an operator fills from a bank statement (a transfer received, a
 * refund sent): its hint and its error line under it, both tied to the input for screen readers.
 */
export function StatementField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  input = {},
}: {
  /** The input's id; the hint and error take it with -hint and -error. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  input?: { type?: string; inputMode?: 'decimal'; max?: string; autoComplete?: string; name?: string };
}) {
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted">
          {hint}
        </p>
      )}
      <input
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

/** Today where the operator is, as a date input wants it (YYYY-MM-DD): a statement's day is never after it. */
export const todayHere = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};
