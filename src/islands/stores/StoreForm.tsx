import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { ErrorSummary } from '../../components/ui/ErrorSummary';
import { FormError } from '../../components/ui/FormError';
import { ApiRequestError } from '../../lib/api';
import { PARISHES, type Parish } from '../../lib/catalog';
import { STORE_LABELS as L } from '../../lib/contract/stores';
import {
  controlId,
  type EditedPaths,
  editedPathsOf,
  editedRatePaths,
  newRate,
  type RateState,
  type StoreFormState,
  storeBody,
  storeProblems,
  withoutErrors,
} from './store-form-state';

type Errors = Record<string, string>;

/**
 * The store's details, couriers and payment methods: the application on /sell and the store page
 * editor on /dashboard/store/. Sends the whole form; the API's message for each field (by its label,
 * saying how to put it right) is shown under it, and the banner above lists every one.
 */
export function StoreForm({
  initial,
  submitLabel,
  busyLabel,
  onSubmit,
  children,
}: {
  initial: StoreFormState;
  submitLabel: string;
  busyLabel: string;
  onSubmit: (body: ReturnType<typeof storeBody>) => Promise<void>;
  /** Extra sections above the details (the editor's photos). */
  children?: ReactNode;
}) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formErrorId = useId();

  // Each edit takes away the errors it may have put right; with the last one goes the form's own line.
  const forget = (edited: EditedPaths) => {
    const left = withoutErrors(errors, edited);
    if (Object.keys(left).length === Object.keys(errors).length) return;
    setErrors(left);
    if (Object.keys(left).length === 0) setMessage(null);
  };
  const set = <K extends keyof StoreFormState>(key: K, value: StoreFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    forget(editedPathsOf(key));
  };
  const setRate = (i: number, change: Partial<RateState>) => {
    setForm((f) => ({ ...f, rates: f.rates.map((r, j) => (j === i ? { ...r, ...change } : r)) }));
    forget(editedRatePaths(i, change));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    setErrors({});
    try {
      await onSubmit(storeBody(form));
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors(error.errors ?? {});
        // Refused fields are listed by the banner; the message alone is for a refusal of no field.
        setMessage(error.errors && Object.keys(error.errors).length > 0 ? null : error.message);
      } else setMessage('Something went wrong. Please check your connection and try again.');
    } finally {
      setBusy(false);
    }
  };

  const field = (path: string) => ({ error: errors[path], path });

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      aria-describedby={message || Object.keys(errors).length ? formErrorId : undefined}
    >
      <FormError message={message} id={formErrorId} />
      {!message && <ErrorSummary problems={storeProblems(errors)} id={formErrorId} />}
      {children}
      <Section title="Your store">
        <Text
          label={L.name}
          value={form.name}
          onChange={(v) => set('name', v)}
          {...field('name')}
          autoComplete="organization"
        />
        <Area
          label={L.description}
          hint="What you sell and what makes it yours (at least 20 characters)."
          value={form.description}
          onChange={(v) => set('description', v)}
          {...field('description')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Text
            label={L.location}
            hint="e.g. Ocho Rios"
            value={form.location}
            onChange={(v) => set('location', v)}
            {...field('location')}
          />
          <Select
            label={L.parish}
            value={form.parish}
            onChange={(v) => set('parish', v as Parish)}
            options={PARISHES}
            {...field('parish')}
          />
        </div>
      </Section>

      <Section title="How buyers reach you">
        <div className="grid gap-4 sm:grid-cols-2">
          <Text
            label={L.email}
            type="email"
            value={form.email}
            onChange={(v) => set('email', v)}
            {...field('email')}
            autoComplete="email"
          />
          <Text
            label={L.phone}
            type="tel"
            hint="e.g. 876-555-0123"
            value={form.phone}
            onChange={(v) => set('phone', v)}
            {...field('phone')}
            autoComplete="tel"
          />
        </div>
        <p className="text-sm text-muted">Social links are optional; https:// is added when you leave it out.</p>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['facebook', 'instagram', 'twitter', 'website'] as const).map((k) => (
            <Text
              key={k}
              label={L[k]}
              value={form[k]}
              onChange={(v) => set(k, v)}
              placeholder={k === 'website' ? 'yourstore.com' : `${k === 'twitter' ? 'x' : k}.com/yourstore`}
              {...field(`socialLinks.${k}`)}
              inputMode="url"
            />
          ))}
        </div>
      </Section>

      <Section title="Shipping">
        <div className="grid gap-4 sm:grid-cols-2">
          <Text
            label={L.processingTime}
            hint="Time before you hand an order to the courier."
            value={form.processingTime}
            onChange={(v) => set('processingTime', v)}
            {...field('processingTime')}
          />
          <Text
            label={L.freeShippingThreshold}
            hint="Leave blank for never."
            value={form.freeShippingThreshold}
            onChange={(v) => set('freeShippingThreshold', v)}
            inputMode="decimal"
            {...field('freeShippingThreshold')}
          />
        </div>
        {errors.shippingRates && <p className="field-error">{errors.shippingRates}</p>}
        <ol className="flex flex-col gap-4">
          {form.rates.map((rate, i) => (
            <li key={rate.key}>
              <RateFields
                n={i + 1}
                rate={rate}
                errors={errors}
                onChange={(change) => setRate(i, change)}
                onRemove={
                  form.rates.length > 1
                    ? () =>
                        set(
                          'rates',
                          form.rates.filter((_, j) => j !== i),
                        )
                    : undefined
                }
              />
            </li>
          ))}
        </ol>
        <button
          type="button"
          id={controlId('shippingRates')}
          className="btn btn-secondary self-start"
          onClick={() => set('rates', [...form.rates, newRate()])}
        >
          Add a courier
        </button>
      </Section>

      <Section title="Payment methods you accept">
        {errors['paymentMethods.cashOnDelivery'] && (
          <p className="field-error">{errors['paymentMethods.cashOnDelivery']}</p>
        )}
        <Check
          id={controlId('paymentMethods.cashOnDelivery')}
          label="Cash on delivery"
          checked={form.cashOnDelivery}
          onChange={(v) => set('cashOnDelivery', v)}
        />
        <Check
          id={controlId('paymentMethods.bankTransfer')}
          label="Bank transfer"
          checked={form.bankTransfer}
          onChange={(v) => set('bankTransfer', v)}
        />
        {form.bankTransfer && (
          <fieldset className="grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-2">
            <legend className="px-1 text-sm font-semibold">Bank details for transfers</legend>
            {errors['paymentMethods.bankDetails'] && (
              <p className="field-error sm:col-span-2">{errors['paymentMethods.bankDetails']}</p>
            )}
            <Text
              label={L.bankName}
              value={form.bankName}
              onChange={(v) => set('bankName', v)}
              {...field('paymentMethods.bankDetails.bankName')}
            />
            <Text
              label={L.branch}
              value={form.branch}
              onChange={(v) => set('branch', v)}
              {...field('paymentMethods.bankDetails.branch')}
            />
            <Text
              label={L.accountName}
              value={form.accountName}
              onChange={(v) => set('accountName', v)}
              {...field('paymentMethods.bankDetails.accountName')}
            />
            <Text
              label={L.accountNumber}
              value={form.accountNumber}
              onChange={(v) => set('accountNumber', v)}
              inputMode="numeric"
              {...field('paymentMethods.bankDetails.accountNumber')}
            />
          </fieldset>
        )}
      </Section>

      <Section title="Tax details">
        <p className="text-sm text-muted">
          Your TRN and GCT registration print on your tax invoices. Only a GCT-registered seller charges GCT: leave the
          box empty if you are not registered, and buyers pay no GCT on your items.
        </p>
        <Text
          label={`${L.trn} (optional unless GCT-registered)`}
          hint="Nine digits, like 123-456-789."
          value={form.trn}
          onChange={(v) => set('trn', v)}
          inputMode="numeric"
          {...field('taxDetails.trn')}
        />
        <Check
          id={controlId('taxDetails.gctRegistered')}
          label="My business is registered for GCT"
          checked={form.gctRegistered}
          onChange={(v) => set('gctRegistered', v)}
        />
        {form.gctRegistered && (
          <Text
            label={L.gctNumber}
            hint="As your GCT registration certificate shows it."
            value={form.gctNumber}
            onChange={(v) => set('gctNumber', v)}
            {...field('taxDetails.gctNumber')}
          />
        )}
      </Section>

      <div>
        <button type="submit" className="btn btn-primary btn-lg w-full sm:w-auto" disabled={busy}>
          {busy ? busyLabel : submitLabel}
        </button>
      </div>
    </form>
  );
}

function RateFields({
  n,
  rate,
  errors,
  onChange,
  onRemove,
}: {
  n: number;
  rate: RateState;
  errors: Errors;
  onChange: (change: Partial<RateState>) => void;
  onRemove?: () => void;
}) {
  const at = (k: string) => ({ error: errors[`shippingRates.${n - 1}.${k}`], path: `shippingRates.${n - 1}.${k}` });
  const toggle = (p: Parish) =>
    onChange({ parishes: rate.parishes.includes(p) ? rate.parishes.filter((x) => x !== p) : [...rate.parishes, p] });
  const parishError = errors[`shippingRates.${n - 1}.parishes`];
  return (
    <fieldset className="grid gap-4 rounded-lg border border-line p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold">Courier {n}</legend>
      <Text
        label={L.provider}
        hint="e.g. Knutsford Express"
        value={rate.provider}
        onChange={(v) => onChange({ provider: v })}
        {...at('provider')}
      />
      <Text
        label={L.method}
        hint="e.g. Depot pickup"
        value={rate.method}
        onChange={(v) => onChange({ method: v })}
        {...at('method')}
      />
      <Text
        label={L.cost}
        value={rate.cost}
        onChange={(v) => onChange({ cost: v })}
        inputMode="decimal"
        {...at('cost')}
      />
      <div className="grid grid-cols-2 gap-3">
        <Text
          label={L.minDays}
          value={rate.minDays}
          onChange={(v) => onChange({ minDays: v })}
          inputMode="numeric"
          {...at('minDays')}
        />
        <Text
          label={L.maxDays}
          value={rate.maxDays}
          onChange={(v) => onChange({ maxDays: v })}
          inputMode="numeric"
          {...at('maxDays')}
        />
      </div>
      <div className="sm:col-span-2">
        <Text
          label={`${L.rateDescription} (optional)`}
          value={rate.description}
          onChange={(v) => onChange({ description: v })}
          {...at('description')}
        />
      </div>
      <fieldset className="sm:col-span-2">
        <legend className="label">{L.parishes}</legend>
        <div className="grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
          {PARISHES.map((p, j) => (
            <label key={p} className="flex min-h-9 items-center gap-2 text-sm">
              <input
                type="checkbox"
                // The first box is where the banner's "Delivers to" link lands.
                id={j === 0 ? controlId(`shippingRates.${n - 1}.parishes`) : undefined}
                className="h-4 w-4 accent-brand-700"
                checked={rate.parishes.includes(p)}
                onChange={() => toggle(p)}
                aria-describedby={
                  parishError && j === 0 ? `${controlId(`shippingRates.${n - 1}.parishes`)}-error` : undefined
                }
              />
              {p}
            </label>
          ))}
        </div>
        {parishError && (
          <p id={`${controlId(`shippingRates.${n - 1}.parishes`)}-error`} className="field-error">
            {parishError}
          </p>
        )}
      </fieldset>
      {onRemove && (
        <button type="button" className="btn btn-danger btn-sm justify-self-start" onClick={onRemove}>
          Remove courier {n}
        </button>
      )}
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card flex flex-col gap-4 p-4 sm:p-6" aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

type FieldProps = {
  label: string;
  hint?: string;
  error?: string;
  path: string;
  value: string;
  onChange: (v: string) => void;
};

function Described({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </>
  );
}
const describedBy = (id: string, hint?: string, error?: string) =>
  [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

function Text({
  label,
  hint,
  error,
  path,
  value,
  onChange,
  type = 'text',
  ...rest
}: FieldProps & {
  type?: string;
  autoComplete?: string;
  inputMode?: 'url' | 'decimal' | 'numeric';
  placeholder?: string;
}) {
  const id = controlId(path);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        name={path}
        type={type}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...rest}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

function Area({ label, hint, error, path, value, onChange }: FieldProps) {
  const id = controlId(path);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <textarea
        id={id}
        name={path}
        rows={4}
        className="input py-2"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
      <Described id={id} hint={hint} error={error} />
    </div>
  );
}

function Select({ label, error, path, value, onChange, options }: FieldProps & { options: readonly string[] }) {
  const id = controlId(path);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        name={path}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, undefined, error)}
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      <Described id={id} error={error} />
    </div>
  );
}

function Check({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        type="checkbox"
        className="h-5 w-5 accent-brand-700"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="font-medium">{label}</span>
    </label>
  );
}
