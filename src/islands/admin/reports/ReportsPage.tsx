import { useCallback, useEffect, useId, useState } from 'react';
import { ListSkeletons, LoadFailed, StatusCard } from '../../../components/ui/StatusCard';
import { API_BASE, ApiRequestError, api } from '../../../lib/api';
import { MarketplaceReport } from '../../../lib/contract/reports';
import { shopMonth } from '../../../lib/shop-time';
import { refreshSession } from '../../../lib/stores/session';
import { OperatorsOnly } from '../OperatorsOnly';
import { monthFrom, monthTitle, reportSections } from './report-view';

type Load =
  | { kind: 'loading' }
  | { kind: 'denied'; status: number }
  | { kind: 'error' }
  | { kind: 'not-yet' }
  | { kind: 'ok'; report: MarketplaceReport };

/**
 * /admin/reports/: the marketplace's monthly report from its books (issue 27 #6,
 * docs/decisions/040): a month picker (Jamaica's calendar), the figures by section, the CSV; for a
 * month over, the CSV of the marketplace's invoices for its commission (decision 048).
 */
export default function ReportsPage() {
  const id = useId();
  const [month, setMonth] = useState(() => monthFrom(typeof location === 'undefined' ? '' : location.search));
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  const fetchReport = useCallback(async (wanted: string) => {
    setLoad({ kind: 'loading' });
    try {
      setLoad({ kind: 'ok', report: await api.get(`/admin/reports/${wanted}`, MarketplaceReport) });
    } catch (error) {
      if (error instanceof ApiRequestError && (error.status === 401 || error.status === 403))
        setLoad({ kind: 'denied', status: error.status });
      else if (error instanceof ApiRequestError && error.status === 404) setLoad({ kind: 'not-yet' });
      else setLoad({ kind: 'error' });
    }
  }, []);
  useEffect(() => {
    fetchReport(month);
  }, [fetchReport, month]);
  useEffect(() => {
    refreshSession().catch(() => {});
  }, []);

  const pick = (value: string) => {
    if (!/^\d{4}-\d{2}$/.test(value)) return;
    setMonth(value);
    history.replaceState(null, '', `?month=${value}`);
  };

  if (load.kind === 'denied') return <OperatorsOnly status={load.status} here="/admin/reports/" />;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby={`${id}-pick`} className="card flex flex-col gap-3 p-4">
        <h2 id={`${id}-pick`} className="text-lg font-bold">
          {monthTitle(month)}
        </h2>
        <p className="text-sm">
          What moved through the marketplace’s books in the month (Jamaica time), and what it held at the month’s end.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={`${id}-month`} className="text-sm font-medium">
              Month
            </label>
            <input
              id={`${id}-month`}
              type="month"
              className="input"
              value={month}
              max={shopMonth(new Date())}
              onChange={(e) => pick(e.target.value)}
            />
          </div>
          <a
            className="btn btn-secondary"
            href={`${API_BASE}/admin/reports/${encodeURIComponent(month)}?format=csv`}
            download
          >
            Download CSV
          </a>
          {month < shopMonth(new Date()) ? (
            <a
              className="btn btn-secondary"
              href={`${API_BASE}/admin/reports/${encodeURIComponent(month)}/commission-invoices`}
              download
              aria-label={`Commission invoices CSV, ${monthTitle(month)}, for the GCT return`}
            >
              Commission invoices CSV
            </a>
          ) : null}
        </div>
        {month < shopMonth(new Date()) ? null : (
          <p className="text-sm text-muted">
            The marketplace invoices each seller for a month’s commission once the month is over.
          </p>
        )}
      </section>
      {load.kind === 'loading' && <ListSkeletons label="Loading the report" />}
      {load.kind === 'error' && <LoadFailed what="the report" onRetry={() => fetchReport(month)} />}
      {load.kind === 'not-yet' && (
        <StatusCard title="That month has not begun yet." text="Pick this month or an earlier one." />
      )}
      {load.kind === 'ok' && (
        <div className="grid gap-4 lg:grid-cols-2" data-testid="report">
          {reportSections(load.report).map((section) => (
            <section key={section.title} className="card p-4" aria-label={section.title}>
              <h3 className="font-semibold">{section.title}</h3>
              <dl className="mt-2 flex flex-col gap-1">
                {section.rows.map((row) => (
                  <div key={row.label} className="flex flex-wrap justify-between gap-x-4 text-sm">
                    <dt className={row.total ? 'font-semibold' : undefined}>{row.label}</dt>
                    <dd className={`ml-auto tabular-nums ${row.total ? 'font-semibold' : ''}`}>{row.amount}</dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          {!load.report.atMonthEnd.balanced && (
            <StatusCard
              title="The books do not balance at this month’s end."
              text="What the marketplace holds is not what it owes and earned: tell the developers."
              alert
            />
          )}
        </div>
      )}
    </div>
  );
}
