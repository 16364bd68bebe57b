import { useId } from 'react';
import { formatDollars } from '../../lib/money';
import { dayLabel } from './display';

type Day = { day: string; orders: number; sales: number };

const BAR = 20;
const GAP = 4;
const HEIGHT = 160;

/**
 * The last 30 days of sales as bars (SVG, drawn from the figures: no chart library). Screen readers
 * get a one-line summary on the picture and the same figures as a table, which sighted sellers
 * can open too ("Show as a table").
 */
export function SalesChart({ days }: { days: Day[] }) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(...days.map((d) => d.sales), 0);
  const total = days.reduce((n, d) => n + Math.round(d.sales * 100), 0) / 100;
  const orders = days.reduce((n, d) => n + d.orders, 0);
  const best = days.reduce<Day | null>((b, d) => (d.sales > (b?.sales ?? 0) ? d : b), null);
  const width = days.length * (BAR + GAP) - GAP;
  const first = days[0]?.day;
  const last = days.at(-1)?.day;

  return (
    <div>
      {max === 0 ? (
        <p className="rounded-lg bg-surface p-6 text-center text-sm text-muted" data-testid="chart-empty">
          No sales in the last 30 days yet. Each day’s sales will show here as a bar.
        </p>
      ) : (
        <figure className="m-0">
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-40 w-full"
            role="img"
            aria-labelledby={`${titleId} ${descId}`}
          >
            <title id={titleId}>Sales per day, last 30 days</title>
            <desc id={descId}>
              {`${formatDollars(total)} from ${orders} ${orders === 1 ? 'order' : 'orders'} between ${dayLabel(first ?? '')} and ${dayLabel(last ?? '')}` +
                (best ? `; the best day was ${dayLabel(best.day)} with ${formatDollars(best.sales)}.` : '.')}
            </desc>
            <line x1="0" x2={width} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} className="stroke-line" strokeWidth="1" />
            {days.map((d, i) => {
              const h = d.sales > 0 ? Math.max(2, (d.sales / max) * (HEIGHT - 8)) : 0;
              return (
                <rect
                  key={d.day}
                  x={i * (BAR + GAP)}
                  y={HEIGHT - h}
                  width={BAR}
                  height={h}
                  rx="2"
                  className={i === days.length - 1 ? 'fill-gold-400' : 'fill-brand-600'}
                >
                  <title>{`${dayLabel(d.day)}: ${formatDollars(d.sales)}, ${d.orders} ${d.orders === 1 ? 'order' : 'orders'}`}</title>
                </rect>
              );
            })}
          </svg>
          <figcaption className="mt-1 flex justify-between text-xs text-muted" aria-hidden="true">
            <span>{first && dayLabel(first)}</span>
            <span>Highest day {formatDollars(max)}</span>
            <span>Today</span>
          </figcaption>
        </figure>
      )}
      <details className="mt-3 text-sm">
        <summary className="link cursor-pointer">Show as a table</summary>
        <div className="mt-2 max-h-72 overflow-y-auto">
          <table className="w-full text-left" data-testid="sales-table">
            <caption className="sr-only">Orders and sales per day, last 30 days, oldest first</caption>
            <thead>
              <tr className="border-b border-line text-muted">
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Sales
                </th>
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.day} className="border-b border-line/60">
                  <th scope="row" className="py-1 font-normal">
                    {dayLabel(d.day)}
                  </th>
                  <td className="py-1 text-right">{d.orders}</td>
                  <td className="py-1 text-right">{formatDollars(d.sales)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
