import { type FormEvent, useState } from 'react';
import { ErrorSummary } from '../../../components/ui/ErrorSummary';
import { FormError } from '../../../components/ui/FormError';
import { api } from '../../../lib/api';
import { BULK_LABELS } from '../../../lib/contract/seller-products';
import { toastSuccess } from '../../../lib/stores/toasts';
import {
  BULK_CONTROL,
  type BulkField,
  type BulkProblems,
  bulkBody,
  bulkDone,
  bulkFailure,
  bulkProblems,
  bulkSummary,
} from './bulk-edit';

/**
 * The bulk edit's state, kept by the list (what was typed stays while no product is ticked and
 * the form is hidden) and its one action: check, send, then clear the selection and reload.
 */
export function useBulkEdit({
  selected,
  clearSelection,
  setBusy,
  refresh,
}: {
  selected: ReadonlySet<string>;
  clearSelection: () => void;
  setBusy: (busy: string | null) => void;
  refresh: () => void;
}) {
  const [values, setValues] = useState<Record<BulkField, string>>({ price: '', stock: '' });
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<BulkProblems>({});

  const edit = (field: BulkField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setFields(({ [field]: _, ...rest }) => rest);
  };

  async function apply(e: FormEvent) {
    e.preventDefault();
    const price = values.price.trim();
    const stock = values.stock.trim();
    // The contract's own checks and words, before sending (the API checks again).
    const local = bulkProblems(price, stock);
    setError(local.none ?? null);
    setFields(local.fields);
    if (local.none || Object.keys(local.fields).length) return;
    setBusy('bulk');
    try {
      const result = await api.post<{ updated: number }>('/seller/products/bulk', bulkBody(selected, price, stock));
      toastSuccess(bulkDone(result.updated));
      clearSelection();
      setValues({ price: '', stock: '' });
      setFields({});
      refresh();
    } catch (err) {
      const failure = bulkFailure(err);
      setFields(failure.fields);
      if (failure.error) setError(failure.error);
    } finally {
      setBusy(null);
    }
  }

  return { values, error, fields, edit, apply };
}

function BulkInput({
  field,
  inputMode,
  bulk,
}: {
  field: BulkField;
  inputMode: 'decimal' | 'numeric';
  bulk: ReturnType<typeof useBulkEdit>;
}) {
  const id = BULK_CONTROL[field];
  const problem = bulk.fields[field];
  return (
    <div>
      <label htmlFor={id} className="label">
        {BULK_LABELS[field]}
      </label>
      <input
        id={id}
        className="input"
        inputMode={inputMode}
        value={bulk.values[field]}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        onChange={(e) => bulk.edit(field, e.target.value)}
      />
      {problem && (
        <p id={`${id}-error`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/** The form shown while products are ticked: a new price and/or stock for all of them. */
export function BulkEditForm({
  bulk,
  count,
  applying,
  onClear,
}: {
  bulk: ReturnType<typeof useBulkEdit>;
  count: number;
  applying: boolean;
  onClear: () => void;
}) {
  return (
    <form onSubmit={bulk.apply} className="card flex flex-col gap-3 border-brand-600 p-4" aria-label="Bulk edit">
      <p className="font-medium" aria-live="polite">
        {count} selected: set a new price and/or stock for all of them
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
        <BulkInput field="price" inputMode="decimal" bulk={bulk} />
        <BulkInput field="stock" inputMode="numeric" bulk={bulk} />
        <button type="submit" className="btn btn-primary" disabled={applying}>
          {applying ? 'Applying…' : 'Apply to selected'}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {bulk.error ? (
        <FormError message={bulk.error} />
      ) : (
        <ErrorSummary problems={bulkSummary(bulk.fields)} id="bulk-error" />
      )}
    </form>
  );
}
