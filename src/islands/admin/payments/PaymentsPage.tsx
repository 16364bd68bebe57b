import { useCallback, useEffect, useId, useState } from 'react';
import { Pager } from '../../../components/ui/Pager';
import { ListSkeletons, LoadFailed, StatusCard } from '../../../components/ui/StatusCard';
import { ApiRequestError, api } from '../../../lib/api';
import { PAYMENT_METHODS } from '../../../lib/contract/payment-methods';
import { type OperatorPayment, OperatorPaymentList, PAYMENT_RECORD_STATUSES } from '../../../lib/contract/payments';
import { refreshSession } from '../../../lib/stores/session';
import { OperatorsOnly } from '../OperatorsOnly';
import {
  type Filters,
  methodLabel,
  NO_FILTERS,
  paymentNotes,
  paymentsQuery,
  referenceLabel,
  STATUS_BADGES,
  STATUS_LABELS,
} from './payments-query';
import { RecordTransferForm } from './RecordTransferForm';
import { RefundActions } from './RefundActions';

type Load =
  | { kind: 'loading' }
  | { kind: 'denied'; status: number }
  | { kind: 'error' }
  | { kind: 'ok'; list: OperatorPaymentList };

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-JM', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * /admin/payments/: every payment record with filters (refund due among them), the form to record a
 * bank transfer, and on each record its refunds and what to do about what is owed back (docs/decisions/034).
 */
export default function PaymentsPage() {
  const id = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const fetchList = useCallback(async () => {
    setLoad((l) => (l.kind === 'ok' ? l : { kind: 'loading' }));
    try {
      setLoad({
        kind: 'ok',
        list: await api.get(`/admin/payments?${paymentsQuery(filters, page)}`, OperatorPaymentList),
      });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
        setLoad({ kind: 'denied', status: error.status });
      else setLoad({ kind: 'error' });
    }
  }, [filters, page]);
  useEffect(() => {
    fetchList();
  }, [fetchList]);
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);

  const filter = (next: Partial<Filters>) => {
    setFilters({ ...filters, ...next });
    setPage(1);
    setLoad({ kind: 'loading' });
  };

  if (load.kind === 'denied') return <OperatorsOnly status={load.status} here="/admin/payments/" />;

  const filtered = Object.values(filters).some(Boolean);
  return (
    <div className="flex flex-col gap-6">
      <RecordTransferForm onRecorded={fetchList} />
      <section aria-labelledby={`${id}-list`} className="flex flex-col gap-4">
        <h2 id={`${id}-list`} className="text-lg font-bold">
          Payment records
        </h2>
        <fieldset className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <legend className="sr-only">Filter payments</legend>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-status`} className="text-sm font-medium">
              Status
            </label>
            <select
              id={`${id}-status`}
              className="input"
              value={filters.status}
              onChange={(e) => filter({ status: e.target.value as Filters['status'] })}
            >
              <option value="">Any</option>
              {PAYMENT_RECORD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-method`} className="text-sm font-medium">
              Method
            </label>
            <select
              id={`${id}-method`}
              className="input"
              value={filters.method}
              onChange={(e) => filter({ method: e.target.value as Filters['method'] })}
            >
              <option value="">Any</option>
              {PAYMENT_METHODS.map((m) => (
                <option key={m} value={m}>
                  {methodLabel(m)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-from`} className="text-sm font-medium">
              From
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className="input"
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => filter({ from: e.target.value })}
            />
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-to`} className="text-sm font-medium">
              To
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className="input"
              value={filters.to}
              min={filters.from || undefined}
              onChange={(e) => filter({ to: e.target.value })}
            />
          </div>
          <div className="col-span-2 flex items-center gap-2 sm:col-span-4">
            <input
              id={`${id}-refund-due`}
              type="checkbox"
              className="h-4 w-4 accent-brand-700"
              checked={filters.refundDue}
              onChange={(e) => filter({ refundDue: e.target.checked })}
            />
            <label htmlFor={`${id}-refund-due`} className="text-sm font-medium">
              Refund due: only money still to give back
            </label>
          </div>
        </fieldset>
        {filtered && (
          <div>
            <button type="button" className="btn btn-secondary" onClick={() => filter(NO_FILTERS)}>
              Clear filters
            </button>
          </div>
        )}
        {load.kind === 'loading' && <ListSkeletons label="Loading payments" />}
        {load.kind === 'error' && <LoadFailed what="the payments" onRetry={fetchList} />}
        {load.kind === 'ok' && load.list.payments.length === 0 && (
          <StatusCard
            title={filtered ? 'No payments match these filters.' : 'No payments yet.'}
            text={
              filters.refundDue && Object.values({ ...filters, refundDue: false }).every((v) => !v)
                ? 'Nothing is owed back: every refund is made.'
                : filtered
                  ? 'Clear a filter to see more.'
                  : 'Card payments, bank transfers and cash collected show here.'
            }
          />
        )}
        {load.kind === 'ok' && load.list.payments.length > 0 && (
          <>
            <p className="text-sm text-muted" aria-live="polite">
              {load.list.pagination.total} payment{load.list.pagination.total === 1 ? '' : 's'}
            </p>
            <ul className="flex flex-col gap-3" data-testid="payments-list">
              {load.list.payments.map((p) => (
                <li key={p.id}>
                  <PaymentCard payment={p} onChanged={fetchList} />
                </li>
              ))}
            </ul>
            <Pager
              label="Payment pages"
              page={page}
              totalPages={load.list.pagination.totalPages}
              onPage={setPage}
              className="mt-2"
            />
          </>
        )}
      </section>
    </div>
  );
}

function PaymentCard({ payment: p, onChanged }: { payment: OperatorPayment; onChanged: () => void }) {
  const notes = paymentNotes(p);
  return (
    <article className="card p-4" data-testid="payment" data-order={p.orderNumber}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          <span className="tabular-nums">US${p.amount.toFixed(2)}</span> · {methodLabel(p.method)}
        </h3>
        <span className={`badge ${STATUS_BADGES[p.status]}`}>{STATUS_LABELS[p.status]}</span>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
        <div className="min-w-0">
          <dt className="text-muted">Order</dt>
          <dd className="font-medium break-words">{p.orderNumber}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">{referenceLabel(p)}</dt>
          <dd className="font-medium break-all">{p.reference}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-muted">{p.receivedOn ? 'Received' : 'Recorded'}</dt>
          <dd>{p.receivedOn ?? dateTime(p.createdAt)}</dd>
        </div>
        {p.recordedBy && (
          <div className="min-w-0">
            <dt className="text-muted">Recorded by</dt>
            <dd className="break-words">{p.recordedBy}</dd>
          </div>
        )}
      </dl>
      {notes.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Notes">
          {notes.map((n) => (
            <li key={n.text} className={`badge ${n.attention ? 'badge-gold' : 'badge-grey'}`}>
              {n.text}
            </li>
          ))}
        </ul>
      )}
      <RefundActions payment={p} onChanged={onChanged} />
    </article>
  );
}
