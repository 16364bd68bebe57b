import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { BUSINESS_NAME_MAX, BUYER_TAX_LABELS as L } from '../../lib/contract/buyer-tax-id';
import { $businessBuyer, $businessBuyerErrors, editBusinessBuyer } from '../../lib/stores/business-buyer';

/**
 * Step 5, optional (docs/decisions/049): a buyer buying for a GCT-registered business gives its TRN
 * (and name) for each seller's tax invoice. Closed by default; ticking the box opens the fields,
 * unticking drops them from the order. The fields are checked with the API's own rule when Place
 * Order is pressed, and say what is wrong beside themselves.
 */
export function BusinessBuyerSection({ disabled }: { disabled: boolean }) {
  const draft = useStore($businessBuyer);
  const errors = useStore($businessBuyerErrors);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-h`} className="card p-5" data-testid="business-buyer">
      <h2 id={`${id}-h`} className="text-lg font-bold">
        5. Business buyer <span className="text-sm font-normal text-muted">(optional)</span>
      </h2>
      <div className="mt-3 flex items-start gap-3">
        <input
          id={`${id}-open`}
          type="checkbox"
          checked={draft.open}
          disabled={disabled}
          aria-controls={`${id}-fields`}
          aria-expanded={draft.open}
          aria-describedby={`${id}-open-hint`}
          onChange={(e) => editBusinessBuyer({ open: e.target.checked })}
          className="mt-0.5 h-4 w-4 shrink-0 accent-brand-700"
        />
        <div className="min-w-0">
          <label htmlFor={`${id}-open`} className="cursor-pointer text-sm font-medium">
            Buying for a GCT-registered business?
          </label>
          <p id={`${id}-open-hint`} className="text-sm text-muted">
            Its TRN goes on each seller's tax invoice, so the business can claim the GCT.
          </p>
        </div>
      </div>
      {draft.open && (
        <div id={`${id}-fields`} className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field
            id={`${id}-trn`}
            label={L.trn}
            hint="Nine digits, like 123-456-789"
            error={errors.trn}
            value={draft.trn}
            disabled={disabled}
            onChange={(trn) => editBusinessBuyer({ trn })}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
          />
          <Field
            id={`${id}-name`}
            label={`${L.businessName} (optional)`}
            hint="As it should read on the invoice"
            error={errors.businessName}
            value={draft.businessName}
            disabled={disabled}
            onChange={(businessName) => editBusinessBuyer({ businessName })}
            autoComplete="organization"
            maxLength={BUSINESS_NAME_MAX + 20}
          />
        </div>
      )}
    </section>
  );
}

function Field({
  id,
  label,
  hint,
  error,
  value,
  disabled,
  onChange,
  ...rest
}: {
  id: string;
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
  inputMode?: 'numeric';
  autoComplete: string;
  maxLength: number;
}) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        className="input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ')}
        {...rest}
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
