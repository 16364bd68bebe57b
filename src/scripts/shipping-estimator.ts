/** The product page's shipping estimator (src/components/product/ShippingEstimator.astro): the rates to the chosen parish. */
import { api } from '../lib/api';
import type { ShippingInfo } from '../lib/contract/catalog';
import { formatDollars, formatShipping } from '../lib/money';

const esc = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** Wires one estimator (its `[data-shipping-estimator]` element); a parish already chosen is estimated at once. */
export function enhanceShippingEstimator(root: HTMLElement) {
  const id = root.dataset.shippingEstimator as string;
  const select = root.querySelector('select') as HTMLSelectElement;
  const out = root.querySelector('[data-estimate-result]') as HTMLElement;
  const estimate = async () => {
    if (!select.value) {
      out.innerHTML = '';
      return;
    }
    out.innerHTML = '<p class="text-sm text-muted">Loading shipping options…</p>';
    try {
      const info = await api.get<ShippingInfo>(
        `/products/${encodeURIComponent(id)}/shipping?parish=${encodeURIComponent(select.value)}`,
      );
      if (!info.rates.length) {
        out.innerHTML = `<p class="rounded-lg bg-surface p-3 text-sm">${esc(info.message ?? 'No shipping options available for this location')}.</p>`;
        return;
      }
      const rows = info.rates
        .map(
          (r) =>
            `<li class="flex items-start justify-between gap-4 py-3"><div><p class="font-medium">${esc(r.provider)}: ${esc(r.method)}</p><p class="text-sm text-muted">${esc(r.description)} ${esc(r.estimatedDays)}.</p></div><p class="shrink-0 font-semibold">${formatShipping(r.cost, r.isFreeShipping)}</p></li>`,
        )
        .join('');
      const free =
        info.freeShippingThreshold !== null
          ? `<p class="mt-2 text-sm text-muted">Free shipping from this seller on orders of ${formatDollars(info.freeShippingThreshold)} or more.</p>`
          : '';
      out.innerHTML = `<ul class="divide-y divide-line">${rows}</ul><p class="mt-2 text-sm text-muted">Processing time: ${esc(info.processingTime)}.</p>${free}`;
    } catch {
      out.innerHTML =
        '<p class="text-sm text-danger" role="alert">Failed to load shipping options. Please try again.</p>';
    }
  };
  select.addEventListener('change', estimate);
  if (select.value) void estimate();
}
