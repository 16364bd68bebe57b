import { useEffect, useMemo, useState } from 'react';
import { Pager } from '../../../components/ui/Pager';
import { StatusCard } from '../../../components/ui/StatusCard';
import { CommissionInvoiceList } from '../../../lib/contract/commission-invoices';
import { SellerEarnings } from '../../../lib/contract/earnings';
import { StatementMonths } from '../../../lib/contract/statements';
import { formatDollars } from '../../../lib/money';
import { monthName } from '../../../lib/shop-time';
import { detailHref, whenLabel } from '../display';
import { SellerNotice } from '../SellerNotice';
import SellingCosts from '../SellingCosts';
import { useSellerData } from '../use-seller-data';
import { balanceNote, type EarningsFilter, KIND_LABELS, queryOf, readFilter, SELLER_KINDS } from './earnings-query';
import { StatementsSection } from './StatementsSection';

/** A signed amount as the seller reads it: "+US$12.00" owed to it, "-US$1.20" taken. */
const signed = (dollars: number) => (dollars > 0 ? `+${formatDollars(dollars)}` : formatDollars(dollars));

const CARDS = [
  { key: 'pending', title: 'Pending' },
  { key: 'available', title: 'Available' },
  { key: 'inTransit', title: 'In transit' },
  { key: 'paidOut', title: 'Paid out' },
] as const;

/** "Friday, 4 December 2026" from YYYY-MM-DD, the day as Jamaica's calendar names it. */
const payoutDate = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-JM', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * /dashboard/earnings/ (issue 27 #5): the seller's balance (pending, available, in transit, paid
 * out; a negative one is owed and says so), the next payout day (docs/decisions/039), every entry of its books newest first with its order, by
 * kind and by month, in pages of 20, its monthly statements as CSV and PDF (decision 041), and what
 * selling costs. The filter lives in the address.
 */
export default function EarningsPage() {
  const [filter, setFilter] = useState<EarningsFilter>(() => readFilter(location.search));
  const path = useMemo(() => `/seller/earnings${queryOf(filter)}`, [filter]);
  const { state, reload } = useSellerData(path, SellerEarnings);
  const statements = useSellerData('/seller/statements', StatementMonths);
  const commissionInvoices = useSellerData('/seller/commission-invoices', CommissionInvoiceList);
  const months = statements.state.kind === 'ready' ? statements.state.data.months : [];
  // A month in the address stays choosable while the list loads (or if it has no entries).
  const monthOptions = filter.month && !months.includes(filter.month) ? [filter.month, ...months] : months;
  const showMonth = (month: string) => {
    setFilter({ kind: '', month, page: 1 });
    document.getElementById('entries-heading')?.scrollIntoView({ block: 'start' });
  };

  useEffect(() => {
    const url = `${location.pathname}${queryOf(filter)}`;
    if (url !== `${location.pathname}${location.search}`) history.replaceState(null, '', url);
  }, [filter]);

  if (state.kind !== 'ready' && state.kind !== 'loading')
    return (
      <SellerNotice
        state={state}
        onRetry={reload}
        loadingLabel="Loading your earnings"
        failed="Failed to load your earnings"
      />
    );
  const data = state.kind === 'ready' ? state.data : undefined;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="balance-heading">
        <h2 id="balance-heading" className="sr-only">
          Your balance
        </h2>
        {data ? (
          <>
            <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="balance">
              {CARDS.map((card) => {
                const dollars = data.balance[card.key];
                return (
                  <div key={card.key} className="card p-5" data-balance={card.key}>
                    <dt className="text-sm font-medium text-muted">{card.title}</dt>
                    <dd className={`mt-1 text-2xl font-semibold ${dollars < 0 ? 'text-danger' : ''}`}>
                      {formatDollars(dollars)}
                    </dd>
                    <dd className="mt-1 text-xs text-muted">{balanceNote(dollars, card.key)}</dd>
                  </div>
                );
              })}
            </dl>
            <p className="mt-3 text-sm" data-testid="next-payout">
              Next payout: <strong>{payoutDate(data.nextPayoutOn)}</strong>, by bank transfer, when your available
              balance reaches the minimum payout.
            </p>
          </>
        ) : (
          <SellerNotice state={{ kind: 'loading' }} onRetry={reload} loadingLabel="Loading your earnings" />
        )}
      </section>

      <section aria-labelledby="entries-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="entries-heading" className="text-lg font-bold">
            Entries
          </h2>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <div className="w-full sm:w-56">
              <label htmlFor="entry-kind" className="label">
                Kind
              </label>
              <select
                id="entry-kind"
                className="input"
                value={filter.kind}
                onChange={(e) => setFilter((f) => ({ ...f, kind: e.target.value as EarningsFilter['kind'], page: 1 }))}
              >
                <option value="">All entries</option>
                {SELLER_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_LABELS[k]}
                  </option>
                ))}
              </select>
            </div>
            <div className="w-full sm:w-48">
              <label htmlFor="entry-month" className="label">
                Month
              </label>
              <select
                id="entry-month"
                className="input"
                value={filter.month}
                onChange={(e) => setFilter((f) => ({ ...f, month: e.target.value, page: 1 }))}
              >
                <option value="">All months</option>
                {monthOptions.map((m) => (
                  <option key={m} value={m}>
                    {monthName(m)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        {!data ? null : data.entries.length === 0 ? (
          filter.kind || filter.month ? (
            <StatusCard
              title={filter.kind ? 'No entries of this kind' : 'No entries in this month'}
              text={filter.kind ? 'Try another kind.' : 'Try another month.'}
            >
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => setFilter({ kind: '', month: '', page: 1 })}
              >
                All entries
              </button>
            </StatusCard>
          ) : (
            <StatusCard
              title="No earnings yet"
              text="When a shopper pays for an order from your store, its sale and commission appear here."
            />
          )
        ) : (
          <>
            <ul className="flex flex-col gap-2" data-testid="earnings-entries">
              {data.entries.map((e) => (
                <li
                  key={e.id}
                  className="card flex flex-wrap items-center justify-between gap-2 p-4"
                  data-kind={e.kind}
                >
                  <div className="min-w-0">
                    <p className="font-medium">{KIND_LABELS[e.kind]}</p>
                    <p className="text-sm text-muted">
                      {whenLabel(e.at)}
                      {e.orderNumber && e.partId ? (
                        <>
                          {' · '}
                          <a href={detailHref(e.partId)} className="link">
                            Order {e.orderNumber}
                          </a>
                        </>
                      ) : null}
                    </p>
                  </div>
                  <div className="ml-auto text-right">
                    <p className={`font-semibold ${e.amount < 0 ? 'text-danger' : ''}`}>{signed(e.amount)}</p>
                    <p className="text-xs text-muted">{e.balance === 'pending' ? 'Pending' : 'Available'}</p>
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              label="Entry pages"
              page={data.pagination.page}
              totalPages={data.pagination.totalPages}
              onPage={(page) => setFilter((f) => ({ ...f, page }))}
            />
          </>
        )}
      </section>

      <StatementsSection
        state={statements.state}
        onRetry={statements.reload}
        onShowMonth={showMonth}
        invoices={commissionInvoices.state.kind === 'ready' ? commissionInvoices.state.data.invoices : []}
      />

      <section aria-labelledby="costs-heading" className="flex flex-col gap-3">
        <h2 id="costs-heading" className="text-lg font-bold">
          What selling costs
        </h2>
        <SellingCosts headingLevel={3} />
      </section>
    </div>
  );
}
