import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { Price } from '../../components/ui/Price';
import type { SellerDashboard } from '../../lib/contract/seller-reads';
import { statusBadge, statusLabel } from '../../lib/order-display';
import { productReviewsPath } from '../../lib/ratings';
import { dayLabel, detailHref, prepareLabels, whenLabel } from './display';
import { SalesChart } from './SalesChart';
import { SellerNotice } from './SellerNotice';
import { useSellerData } from './use-seller-data';

/** Imported beside the request, not before the first view (issue 31). */
const dashboardSchema = () => import('../../lib/contract/seller-reads').then((m) => m.SellerDashboard);

/**
 * /dashboard/ (issue 14 #2): today's and this month's orders and sales (Jamaica's calendar), the
 * last 30 days as a chart, the order parts waiting for the seller, products low on stock and the
 * newest reviews of its products. A new seller sees zeros and a word on what will appear, never an
 * empty box.
 */
export default function Dashboard() {
  const { state, reload } = useSellerData('/seller/dashboard', dashboardSchema);
  useEffect(() => prepareLabels('day', 'when'), []);
  if (state.kind !== 'ready')
    return <SellerNotice state={state} onRetry={reload} loadingLabel="Loading your dashboard" />;
  const d = state.data;
  const waitingTotal = d.waiting.counts.pending + d.waiting.counts.processing;

  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-muted">
        {dayLabel(d.today)}, Jamaica time. Sales are orders not cancelled, items and shipping, before tax.
      </p>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label="Figures">
        <Figure label="Orders today" value={String(d.figures.today.orders)} testId="today-orders" />
        <Figure label="Sales today" value={<Price dollars={d.figures.today.sales} />} testId="today-sales" />
        <Figure label="Orders this month" value={String(d.figures.month.orders)} testId="month-orders" />
        <Figure label="Sales this month" value={<Price dollars={d.figures.month.sales} />} testId="month-sales" />
      </ul>

      <section className="card p-5" aria-labelledby="chart-h">
        <h2 id="chart-h" className="mb-3 text-lg font-bold">
          Sales, last 30 days
        </h2>
        <SalesChart days={d.daily} />
      </section>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-2">
        <section className="card p-5" aria-labelledby="waiting-h" data-testid="waiting">
          <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="waiting-h" className="text-lg font-bold">
              Waiting for you
            </h2>
            <a href="/dashboard/orders/" className="link text-sm">
              All orders
            </a>
          </div>
          {waitingTotal === 0 ? (
            <p className="text-sm text-muted">Nothing waiting. New orders appear here to accept and ship.</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-muted">
                {d.waiting.counts.pending} to accept · {d.waiting.counts.processing} to ship (oldest first)
              </p>
              <ul className="divide-y divide-line">
                {d.waiting.parts.map((p) => (
                  <li key={p.partId}>
                    <a
                      href={detailHref(p.partId)}
                      className="flex items-center justify-between gap-3 py-3 hover:bg-brand-50"
                    >
                      <span className="min-w-0">
                        <span className="block font-semibold">Order {p.orderNumber}</span>
                        <span className="block truncate text-sm text-muted">
                          {p.buyer.name} · {p.itemCount} {p.itemCount === 1 ? 'item' : 'items'} ·{' '}
                          {whenLabel(p.placedAt)}
                        </span>
                      </span>
                      <span className={`badge shrink-0 ${statusBadge(p.status)}`}>{statusLabel(p.status)}</span>
                    </a>
                  </li>
                ))}
              </ul>
              {waitingTotal > d.waiting.parts.length && (
                <a href="/dashboard/orders/" className="link mt-2 inline-block text-sm">
                  See all {waitingTotal}
                </a>
              )}
            </>
          )}
        </section>

        <section className="card p-5" aria-labelledby="stock-h" data-testid="low-stock">
          <h2 id="stock-h" className="mb-3 text-lg font-bold">
            Low on stock
          </h2>
          {d.lowStock.total === 0 ? (
            <p className="text-sm text-muted">
              Every product has more than {d.lowStock.threshold} in stock. Products with {d.lowStock.threshold} or fewer
              show here.
            </p>
          ) : (
            <>
              <ul className="divide-y divide-line">
                {d.lowStock.products.map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0">
                      <a
                        href={`/product/${encodeURIComponent(p.productId)}/${p.variant ? `?variant=${encodeURIComponent(p.id)}` : ''}`}
                        className="block font-medium hover:underline"
                      >
                        <span className="block truncate">{p.name}</span>
                        {/* The variant on a line of its own: a phone truncates the name, never the size. */}
                        {p.variant && <span className="block text-sm font-normal">{p.variant}</span>}
                      </a>
                      <span className="block text-xs text-muted">SKU {p.sku}</span>
                    </span>
                    <span className={`badge shrink-0 ${p.stock <= 0 ? 'badge-red' : 'badge-gold'}`}>
                      {p.stock <= 0 ? 'Out of stock' : `${p.stock} left`}
                    </span>
                  </li>
                ))}
              </ul>
              {d.lowStock.total > d.lowStock.products.length && (
                <p className="mt-2 text-sm text-muted">and {d.lowStock.total - d.lowStock.products.length} more</p>
              )}
            </>
          )}
        </section>

        <ReviewsCard reviews={d.reviews} />
      </div>
    </div>
  );
}

/** The newest reviews of the seller's products, each to its page's reviews where the seller replies. */
function ReviewsCard({ reviews }: { reviews: SellerDashboard['reviews'] }) {
  return (
    <section className="card p-5 lg:col-span-2" aria-labelledby="reviews-h" data-testid="reviews">
      <h2 id="reviews-h" className="mb-3 text-lg font-bold">
        Latest reviews
      </h2>
      {reviews.latest.length === 0 ? (
        <p className="text-sm text-muted">
          No reviews yet. Buyers can review a product once its order part is delivered; you will get a mail for each.
        </p>
      ) : (
        <>
          <p className="mb-2 text-sm text-muted" data-testid="unanswered">
            {reviews.unanswered === 0
              ? 'You have replied to every review.'
              : `${reviews.unanswered} ${reviews.unanswered === 1 ? 'review has' : 'reviews have'} no reply from you yet.`}
          </p>
          <ul className="divide-y divide-line">
            {reviews.latest.map((r) => (
              <li key={r.id}>
                <a
                  href={productReviewsPath(r.productId)}
                  className="flex items-start justify-between gap-3 py-3 hover:bg-brand-50"
                >
                  <span className="min-w-0">
                    <span className="line-clamp-2 font-semibold">{r.productName}</span>
                    <span className="my-1 block" role="img" aria-label={`${r.rating} out of 5 stars`}>
                      <span
                        aria-hidden="true"
                        className="stars"
                        style={{ '--stars-full': r.rating } as CSSProperties}
                      />
                    </span>
                    {r.title && <span className="line-clamp-2 text-sm">{r.title}</span>}
                    <span className="block text-sm text-muted">
                      {r.authorName} · {whenLabel(r.createdAt)}
                    </span>
                  </span>
                  <span className={`badge shrink-0 ${r.replied ? 'badge-green' : 'badge-gold'}`}>
                    {r.replied ? 'Replied' : 'Needs a reply'}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <li className="card p-4">
      <p className="text-sm text-muted">{label}</p>
      <p className="mt-1 text-2xl font-bold text-ink" data-testid={testId}>
        {value}
      </p>
    </li>
  );
}
