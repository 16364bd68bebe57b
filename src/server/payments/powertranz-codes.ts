import type { PaymentStatus } from './provider';

/**
 * PowerTranz's IsoResponseCode, as its SPI documentation and the test-card tables name them
 * (docs/decisions/028). A code not listed here is never read as paid, nor as declined: the
 * adapter refuses the answer ('unknown_code') and the shop can ask again.
 */
export const APPROVED_CODE = '00';

/** The gateway has the payment in hand but has not decided: SPI and HPP preprocessing, 3-D Secure passed. */
const PENDING = new Set(['SP4', 'HP0', 'SP1', '3D0', '3D1', 'FC0']);

/** Decided against: no money moved. */
const DECLINED = new Set([
  '05', // do not honour
  '12', // invalid transaction (payment completion not permitted after a failed 3-D Secure)
  '13', // invalid amount
  '14', // invalid card number
  '51', // insufficient funds
  '54', // expired card
  '82', // invalid CVV
  '91', // issuer unavailable
  '98', // declined by the test cards' issuer
  '3D2', // 3-D Secure failed
  '3D3', // 3-D Secure unavailable
  'FC1', // fraud check declined
]);

/** The merchant's credentials were refused: the shop's problem, not the shopper's card. */
export const FAILED_AUTHENTICATION_CODE = '89';

/**
 * What an answer says happened. `Approved: true` counts only together with "00", and "00" only
 * with `Approved: true`: a gateway answer that contradicts itself is unknown.
 */
export function statusOfCode(code: string, approved: boolean): PaymentStatus | 'unknown' {
  if (code === APPROVED_CODE) return approved ? 'approved' : 'unknown';
  if (approved) return 'unknown';
  if (PENDING.has(code)) return 'pending';
  if (DECLINED.has(code)) return 'declined';
  return 'unknown';
}
