/*
 * Payouts (issue 27 #4, docs/decisions/039): the operators pay sellers by bank transfer and record it.
 *
 *   run.ts        POST /admin/payout-runs: every store's available balance ≥ PAYOUT_MINIMUM, once
 *   mark.ts       POST /admin/payouts/{id}/paid|failed|returned: in transit → paid out, or back to
 *                 available; a paid payout the bank returned → back to available (decision 040)
 *   bank-file.ts  GET /admin/payout-runs/{id}/bank-file: the CSV for the bank's bulk ACH upload
 *   read.ts       the runs and their payouts, as operators read them
 */

export { payoutBankFile } from './bank-file';
export { markPayoutFailed, markPayoutPaid, markPayoutReturned } from './mark';
export { listPayoutRuns, payoutRunDetail } from './read';
export { startPayoutRun } from './run';
