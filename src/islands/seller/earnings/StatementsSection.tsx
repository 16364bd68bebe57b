import { ListSkeletons, LoadFailed, StatusCard } from '../../../components/ui/StatusCard';
import { API_BASE } from '../../../lib/api';
import type { CommissionInvoiceSummary } from '../../../lib/contract/commission-invoices';
import type { StatementMonths } from '../../../lib/contract/statements';
import { monthName } from '../../../lib/shop-time';
import type { SellerData } from '../use-seller-data';
import { statementHref, taxDocumentsHref } from './earnings-query';

/**
 * The earnings screen's monthly statements (issue 27 #5, docs/decisions/041): each month the books
 * have entries in, newest first, with its statement as CSV and as PDF (downloads from the API),
 * and a button that shows that month's entries below; once a month is over, the marketplace's
 * invoice to the seller for that month's commission as PDF (decision 048).
 */
export function StatementsSection({
  state,
  onRetry,
  onShowMonth,
  invoices = [],
}: {
  state: SellerData<StatementMonths>;
  /** The marketplace's invoices for commission, one per month over (none while they load). */
  invoices?: readonly CommissionInvoiceSummary[];
  onRetry: () => void;
  onShowMonth: (month: string) => void;
}) {
  return (
    <section id="statements" aria-labelledby="statements-heading" className="flex flex-col gap-3">
      <h2 id="statements-heading" className="text-lg font-bold">
        Monthly statements
      </h2>
      {state.kind === 'loading' ? (
        <ListSkeletons label="Loading your statements" />
      ) : state.kind !== 'ready' ? (
        <LoadFailed what="your statements" onRetry={onRetry} />
      ) : state.data.months.length === 0 ? (
        <StatusCard
          title="No statements yet"
          text="Your first monthly statement appears here once a shopper pays for an order from your store."
        />
      ) : (
        <ul className="card divide-y divide-line" data-testid="statements">
          {state.data.months.map((month) => {
            const name = monthName(month);
            const invoice = invoices.find((i) => i.month === month);
            return (
              <li key={month} className="flex flex-wrap items-center justify-between gap-2 p-4" data-month={month}>
                <p className="font-medium">{name}</p>
                <div className="flex flex-wrap items-center gap-2">
                  <button type="button" className="btn btn-secondary" onClick={() => onShowMonth(month)}>
                    Entries<span className="sr-only"> of {name}</span>
                  </button>
                  <a
                    className="btn btn-secondary"
                    href={`${API_BASE}${statementHref(month, 'csv')}`}
                    download
                    aria-label={`${name} statement, CSV`}
                  >
                    CSV
                  </a>
                  <a
                    className="btn btn-secondary"
                    href={`${API_BASE}${statementHref(month, 'pdf')}`}
                    download
                    aria-label={`${name} statement, PDF`}
                  >
                    PDF
                  </a>
                  <a
                    className="btn btn-secondary"
                    href={`${API_BASE}${taxDocumentsHref(month)}`}
                    download
                    aria-label={`${name} tax invoices and credit notes, CSV`}
                  >
                    Tax invoices CSV
                  </a>
                  {invoice ? (
                    <a
                      className="btn btn-secondary"
                      href={`${API_BASE}${invoice.pdfUrl}`}
                      download
                      aria-label={`Commission ${invoice.kind === 'credit_note' ? 'credit note' : 'invoice'} ${invoice.number} for ${name}, PDF`}
                    >
                      Commission {invoice.kind === 'credit_note' ? 'credit note' : 'invoice'}
                    </a>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
