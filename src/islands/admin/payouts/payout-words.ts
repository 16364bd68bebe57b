import type { PayoutStatus } from '../../../lib/payouts';

/** A payout's state as operators and sellers read it (docs/decisions/039). */
export const PAYOUT_STATUS_LABELS: Record<PayoutStatus, string> = {
  in_transit: 'In transit',
  paid: 'Paid',
  failed: 'Failed',
  returned: 'Returned by the bank',
};
export const PAYOUT_STATUS_BADGES: Record<PayoutStatus, string> = {
  in_transit: 'badge-gold',
  paid: 'badge-green',
  failed: 'badge-red',
  returned: 'badge-red',
};

export const usd = (dollars: number) =>
  `US$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
