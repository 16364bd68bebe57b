/*
 * Card payments of orders (issue 26 #3, docs/decisions/029). The gateways themselves are
 * src/server/payments (decision 028); this is what the shop does with them.
 *
 *   start.ts        POST /orders/{id}/pay (and placing a card order): an attempt at the gateway
 *   returns.ts      the gateway's word, from the browser's return or a callback: verified, then decided
 *   decide.ts       THE decision under the order's lock: paid (every part, by orders/pay-parts.ts),
 *                   declined, pending, already counted, or a late approval to refund
 *   attempts.ts     THE writes of the payments table
 *   cancel-refunds.ts a cancelled paid card part's share decided for a refund, in the cancel's transaction
 *   refund.ts       a refund sent to the gateway after its decision's commit, recorded once (decision 033)
 *   hold.ts         card orders unpaid when their hold ends: cancelled, stock back (the sweep)
 *   sweeper.ts      the sweep, run in the shop process
 *   page.ts         the shop's page that hands the browser over to the gateway's hosted page
 *   gateway-label.ts the gateway's name and cards, as checkout and the receipt say them
 *   bank-transfers.ts an operator records a transfer to the marketplace's bank (docs/decisions/034)
 *   operator-list.ts the operators' payments screen (with what is owed back of each record)
 *   operator-refunds.ts refunds an operator settles: a bank-transfer order's excess sent back by bank
 *                   transfer, a refused card refund asked again or sent by bank transfer
 */
export { recordBankTransfer } from './bank-transfers';
export { cardGateway } from './gateway-label';
export { sweepExpiredHolds } from './hold';
export { listOperatorPayments } from './operator-list';
export { recordBankRefund, refundByBankTransfer, retryRefund } from './operator-refunds';
export { attemptPage } from './page';
export { recordReturnRefund } from './return-refunds';
export { acceptGatewayReturn, type ReturnOutcome } from './returns';
export { payUrlOf, startCardPayment } from './start';
export { PaymentHoldSweeper } from './sweeper';
