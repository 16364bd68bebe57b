/*
 * Returns and disputes (issue 28, docs/decisions/042): a buyer's request to return items of a
 * delivered part, the seller's answers, the buyer's escalation, an operator's decision.
 *
 *   read.ts    the requests read back through each side's scope; what a part may still be refunded
 *   moves.ts   every move along THE status table (src/lib/returns.ts), under the order's row lock
 *   messages.ts the request's thread: kept, mailed to the other side(s), limited like Contact Seller
 *   notices.ts  who each step's mail goes to
 *   refund.ts  a return's refund decided: the one refund door for a card, flagged for an operator
 *              for a bank transfer, the seller charged in the books (ledger/events.ts)
 */

export { postReturnMessage } from './messages';
export {
  actOnReturn,
  createReturn,
  decideDispute,
  escalateReturn,
  getReturn,
  getReturnable,
  type ReturnSettings,
  type SellerReturnAction,
} from './moves';
export { listReturns, type ReturnScope } from './read';
