/*
 * Returns and disputes (issue 28, docs/decisions/042): a buyer's request to return items of a
 * delivered part, the seller's answers, the buyer's escalation, an operator's decision.
 *
 *   read.ts    the requests read back through each side's scope
 *   part-money.ts what a part may still be refunded
 *   request-lock.ts the request locked in its scope (its order row first) and THE one move along
 *              the status table (src/lib/returns.ts)
 *   moves.ts   the buyer's request and the seller's answers
 *   disputes.ts the buyer's escalation and an operator's decision
 *   photos.ts  the buyer's photos (decision 043): made with the request, all or none, private, read
 *              through each side's scope; their sizes photo-sizes.ts
 *   messages.ts the request's thread: kept, mailed to the other side(s), limited like Contact Seller
 *   notices.ts  who each step's mail goes to
 *   refund.ts  a return's refund decided: the one refund door for a card, flagged for an operator
 *              for a bank transfer, the seller charged in the books (ledger/return-events.ts)
 */

export { decideDispute, escalateReturn } from './disputes';
export { postReturnMessage } from './messages';
export { actOnReturn, createReturn, getReturnable, type SellerReturnAction } from './moves';
export { addReturnPhotos, createReturnWithPhotos, returnPhotoFile } from './photos';
export { listReturns } from './read';
export { getReturn, type ReturnSettings } from './request-lock';
export type { ReturnScope } from './scope';
