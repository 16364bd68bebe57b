import type { ReactNode } from 'react';

/** One label–amount line of an order's totals (order page and invoice page alike), inside a <dl>. */
export function SummaryRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex justify-between gap-3">
      <dt className="text-muted">{label}</dt>
      <dd className="text-right">{value}</dd>
    </div>
  );
}
