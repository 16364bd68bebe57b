import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { FormError } from '../../../components/ui/FormError';
import { ListSkeletons, LoadFailed, StatusCard } from '../../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../../lib/api';
import { CATEGORY_NAMES } from '../../../lib/catalog';
import { formatRate } from '../../../lib/commission';
import { type CommissionRate, CommissionRates } from '../../../lib/contract/commission';
import { refreshSession } from '../../../lib/stores/session';
import { OperatorsOnly } from '../OperatorsOnly';
import { StatementField } from '../payments/StatementField';
import { checkRateForm, EMPTY_FORM, fallbackOf, type RateForm, rateScope, removeQuery } from './commission-form';

type Load =
  | { kind: 'loading' }
  | { kind: 'denied'; status: number }
  | { kind: 'error' }
  | { kind: 'ok'; rates: CommissionRates };

const day = (iso: string) => new Date(iso).toLocaleDateString('en-JM', { dateStyle: 'medium' });

/**
 * /admin/commission/: the marketplace's commission rate as configured, every store and category
 * rate, and a form to set or remove one (issue 27 #6, docs/decisions/040). A change applies to
 * orders placed after it.
 */
export default function CommissionPage() {
  const id = useId();
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const fetchRates = useCallback(async () => {
    try {
      setLoad({ kind: 'ok', rates: await api.get('/admin/commission-rates', CommissionRates) });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
        setLoad({ kind: 'denied', status: error.status });
      else setLoad({ kind: 'error' });
    }
  }, []);
  useEffect(() => {
    fetchRates();
  }, [fetchRates]);
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);

  const remove = async (rate: CommissionRate) => {
    setOutcome(null);
    try {
      const rates = await api.delete(`/admin/commission-rates?${removeQuery(rate)}`, undefined, CommissionRates);
      setLoad({ kind: 'ok', rates });
      setOutcome({
        ok: true,
        text: `Removed ${formatRate(rate.basisPoints)} for ${rateScope(rate)}: new orders pay ${fallbackOf(rate, rates.marketplace.basisPoints)}.`,
      });
    } catch (error) {
      setOutcome({
        ok: false,
        text: error instanceof ApiRequestError ? error.message : 'The rate could not be removed. Try again.',
      });
    }
  };

  if (load.kind === 'denied') return <OperatorsOnly status={load.status} here="/admin/commission/" />;
  const rates = load.kind === 'ok' ? load.rates : null;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-market`} className="card flex flex-col gap-2 p-4">
        <h2 id={`${id}-market`} className="text-lg font-bold">
          Marketplace rate
        </h2>
        {rates ? (
          <p className="text-sm" data-testid="marketplace-rate">
            <strong className="text-base">{formatRate(rates.marketplace.basisPoints)}</strong> of each item’s price (not
            shipping), unless a store or category rate below applies: set by COMMISSION_RATE.{' '}
            {rates.marketplace.gctBasisPoints > 0
              ? `GCT on commission: ${formatRate(rates.marketplace.gctBasisPoints)}.`
              : 'No GCT on commission (the marketplace is not GCT-registered).'}
          </p>
        ) : (
          load.kind === 'loading' && <div className="skeleton h-6 w-2/3" />
        )}
        <p className="text-sm text-muted">
          The most specific rate wins: a store’s rate for a category, then the store’s, then the category’s, then the
          marketplace’s. A change applies to orders placed after it; earlier orders keep their rates.
        </p>
      </section>
      {rates && (
        <RateFormCard
          rates={rates}
          onSaved={(saved, text) => {
            setLoad({ kind: 'ok', rates: saved });
            setOutcome({ ok: true, text });
          }}
        />
      )}
      <section aria-labelledby={`${id}-rates`} className="flex flex-col gap-4">
        <h2 id={`${id}-rates`} className="text-lg font-bold">
          Store and category rates
        </h2>
        {outcome?.ok && (
          <p className="text-sm font-medium" role="status">
            {outcome.text}
          </p>
        )}
        <FormError message={outcome && !outcome.ok ? outcome.text : null} />
        {load.kind === 'loading' && <ListSkeletons label="Loading commission rates" />}
        {load.kind === 'error' && <LoadFailed what="the commission rates" onRetry={fetchRates} />}
        {rates && rates.rates.length === 0 && (
          <StatusCard
            title="No store or category rates."
            text={`Every item is charged the marketplace’s ${formatRate(rates.marketplace.basisPoints)}.`}
          />
        )}
        {rates && rates.rates.length > 0 && (
          <ul className="flex flex-col gap-2" data-testid="commission-rates">
            {rates.rates.map((rate) => (
              <li
                key={`${rate.storeId ?? ''}|${rate.category ?? ''}`}
                className="card flex flex-wrap items-center justify-between gap-3 p-3"
                data-testid="commission-rate"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{rateScope(rate)}</p>
                  <p className="text-sm text-muted">Since {day(rate.updatedAt)}</p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-lg font-bold tabular-nums">{formatRate(rate.basisPoints)}</span>
                  <button
                    type="button"
                    className="btn btn-secondary"
                    aria-label={`Remove the ${formatRate(rate.basisPoints)} rate of ${rateScope(rate)}`}
                    onClick={() => remove(rate)}
                  >
                    Remove
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Setting (or replacing) one rate: a store, a category or both, and a percentage. */
function RateFormCard({
  rates,
  onSaved,
}: {
  rates: CommissionRates;
  onSaved: (rates: CommissionRates, text: string) => void;
}) {
  const id = useId();
  const [form, setForm] = useState<RateForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const set = (change: Partial<RateForm>) => setForm((f) => ({ ...f, ...change }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const checked = checkRateForm(form);
    if (!checked.ok) {
      setErrors(checked.errors);
      document.getElementById(`${id}-${Object.keys(checked.errors)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setSending(true);
    try {
      const saved = await api.put('/admin/commission-rates', checked.body, CommissionRates);
      const store = rates.stores.find((s) => s.id === checked.body.storeId);
      const scope = rateScope({
        storeId: checked.body.storeId ?? null,
        storeName: store?.name ?? null,
        category: checked.body.category ?? null,
      });
      setForm(EMPTY_FORM);
      onSaved(saved, `${scope}: ${formatRate(checked.body.basisPoints)} for orders placed from now.`);
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors({ ...error.errors, percent: error.errors?.basisPoints });
        setProblem(error.message);
      } else setProblem('The rate could not be saved. Check your connection and try again.');
    } finally {
      setSending(false);
    }
  };

  const described = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);
  return (
    <section aria-labelledby={`${id}-title`} className="card p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Set a rate
      </h2>
      <form noValidate onSubmit={submit} className="mt-3 grid gap-4 sm:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-storeId`} className="text-sm font-medium">
            Store
          </label>
          <select
            id={`${id}-storeId`}
            className="input"
            value={form.storeId}
            onChange={(e) => set({ storeId: e.target.value })}
            aria-invalid={errors.storeId ? true : undefined}
            aria-describedby={described('storeId')}
          >
            <option value="">Every store</option>
            {rates.stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
          {errors.storeId && (
            <p id={`${id}-storeId-error`} className="text-sm font-medium text-danger">
              {errors.storeId}
            </p>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={`${id}-category`} className="text-sm font-medium">
            Category
          </label>
          <select
            id={`${id}-category`}
            className="input"
            value={form.category}
            onChange={(e) => set({ category: e.target.value })}
            aria-invalid={errors.category ? true : undefined}
            aria-describedby={described('category')}
          >
            <option value="">Every category</option>
            {CATEGORY_NAMES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors.category && (
            <p id={`${id}-category-error`} className="text-sm font-medium text-danger">
              {errors.category}
            </p>
          )}
        </div>
        <StatementField
          id={`${id}-percent`}
          label="Rate (%)"
          value={form.percent}
          onChange={(percent) => set({ percent })}
          error={errors.percent}
          hint="Such as 8 or 8.5"
          input={{ inputMode: 'decimal', autoComplete: 'off', name: 'percent' }}
        />
        <div className="sm:col-span-3">
          <FormError message={problem} />
          <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={sending}>
            {sending ? 'Saving…' : 'Save rate'}
          </button>
        </div>
      </form>
    </section>
  );
}
