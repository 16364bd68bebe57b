import type { ReactNode } from 'react';
import { Price } from '../../components/ui/Price';
import { type Invoice, paymentMethodLabel } from '../../lib/contract/orders';
import { formatDateTime, statusLabel } from '../../lib/order-display';
import { partTaxLabel } from '../../lib/tax-details';
import { SummaryRow } from './SummaryRow';

/**
 * The invoice as a page to read on a phone (where an A4 PDF shrinks to a stamp, or is not shown at
 * all): the same facts the PDF is drawn from (GET /orders/{id}/invoice, services/invoices.ts), in
 * the same order: who issues it, the invoice and order numbers, the buyer and where it goes, each
 * seller's items and shipping, the totals and the payment.
 */
export function InvoicePage({ invoice }: { invoice: Invoice }) {
  const a = invoice.shippingAddress;
  return (
    <article className="flex flex-col gap-4 p-4 text-sm" aria-label={`Invoice ${invoice.invoiceNumber}`}>
      <header className="rounded-xl bg-brand-700 p-4 text-white">
        <p className="text-lg font-bold">{invoice.shop.name}</p>
        <p className="text-xs text-brand-50">{invoice.shop.address}</p>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
          <dt className="text-brand-50">Invoice</dt>
          <dd className="font-semibold" data-testid="invoice-number">
            {invoice.invoiceNumber}
          </dd>
          <dt className="text-brand-50">Order</dt>
          <dd>{invoice.orderNumber}</dd>
          <dt className="text-brand-50">Date</dt>
          <dd>{formatDateTime(invoice.issuedAt)}</dd>
          <dt className="text-brand-50">Status</dt>
          <dd>{statusLabel(invoice.status)}</dd>
        </dl>
      </header>

      <div className="grid gap-4 sm:grid-cols-2">
        <Block title="Billed to">
          {invoice.buyer.name}
          <br />
          <span className="break-all text-muted">{invoice.buyer.email}</span>
        </Block>
        <Block title="Ship to">
          {a.name}
          <br />
          {a.street}
          <br />
          {[a.city, a.zipCode].filter(Boolean).join(', ')}
          <br />
          {a.parish}, {a.country}
        </Block>
      </div>

      {invoice.sellers.map((part) => (
        <section key={part.partId} aria-label={`Sold by ${part.storeName}`} className="rounded-xl border border-line">
          <h3 className="border-b border-line bg-surface px-3 py-2 font-semibold">
            Sold and shipped by {part.storeName}
            {part.status === 'cancelled' && <span className="ml-2 badge badge-red">Cancelled</span>}
          </h3>
          <ul className="divide-y divide-line">
            {part.items.map((line) => (
              <li key={line.id} className="flex justify-between gap-3 px-3 py-2">
                <span className="min-w-0 break-words">
                  {line.productName}
                  {line.variantLabel && <span className="block text-xs text-muted">{line.variantLabel}</span>}
                  <span className="block text-xs text-muted">
                    {line.quantity} × <Price dollars={line.price} />
                  </span>
                </span>
                <span className="whitespace-nowrap font-medium">
                  <Price dollars={line.lineTotal} />
                </span>
              </li>
            ))}
            <li className="flex justify-between gap-3 px-3 py-2 text-muted">
              <span>
                Shipping: {part.shipping.method} ({part.courier ?? part.shipping.provider})
              </span>
              <span className="whitespace-nowrap">
                <Price shipping dollars={part.shippingCost} />
              </span>
            </li>
            <li className="flex justify-between gap-3 px-3 py-2 font-semibold">
              <span>{part.storeName} subtotal</span>
              <span className="whitespace-nowrap">
                <Price dollars={part.total} />
              </span>
            </li>
            <li className="flex justify-between gap-3 px-3 py-2 text-muted" data-testid="invoice-part-tax">
              <span>{partTaxLabel(part.taxRate)}</span>
              <span className="whitespace-nowrap">
                <Price dollars={part.tax} />
              </span>
            </li>
          </ul>
        </section>
      ))}

      <dl className="ml-auto flex w-full max-w-xs flex-col gap-1" data-testid="invoice-totals">
        <SummaryRow label="Subtotal" value={<Price dollars={invoice.subtotal} />} />
        <SummaryRow label="Shipping" value={<Price shipping dollars={invoice.shippingCost} />} />
        <SummaryRow label="GCT" value={<Price dollars={invoice.tax} />} />
        <div className="flex justify-between gap-3 border-t border-line pt-1 text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="invoice-total">
            <Price dollars={invoice.total} />
          </dd>
        </div>
        <SummaryRow label="Payment" value={paymentMethodLabel(invoice.paymentMethod)} />
        <SummaryRow label="Paid" value={invoice.paymentStatus === 'paid' ? 'Paid' : 'Not yet paid'} />
      </dl>

      {invoice.customerNotes && (
        <Block title="Order notes">
          <span className="whitespace-pre-wrap">{invoice.customerNotes}</span>
        </Block>
      )}
      {invoice.taxDocuments.length > 0 && (
        <div>
          {/* Each seller's own tax invoice and credit notes, numbered in its sequence (decision 045). */}
          <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">Sellers' tax documents</h3>
          <ul className="mt-1 flex flex-col gap-1 leading-6" data-testid="tax-documents">
            {invoice.taxDocuments.map((d) => (
              <li key={d.id}>
                <a className="link" href={d.pdfUrl} download={`${d.number}.pdf`}>
                  {d.title} {d.number}
                </a>{' '}
                from {d.storeName}
                {d.credits && ` (credits ${d.credits})`}: <Price dollars={d.total} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-xs text-muted">
        Thank you for shopping with {invoice.shop.name}. Questions: {invoice.shop.email} · {invoice.shop.phone}
      </p>
    </article>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-muted">{title}</h3>
      <p className="mt-1 leading-6">{children}</p>
    </div>
  );
}
