/*
 * Orders (docs/decisions/007): placing one, reading them, the buyer cancelling, sellers moving
 * their own parts. Every function here answers the API's shapes (src/lib/contract/orders.ts).
 *
 *   place.ts           POST /orders/place: one transaction (idempotency.ts, then write-order.ts:
 *                      lock, check, group, choose rates, price, insert, take stock, clear cart)
 *   read.ts            the buyer's orders, a seller's orders (its parts only)
 *   change.ts          cancel (buyer); PUT /orders/update-status (seller), said as a move
 *   move-part.ts       THE one door by which a seller's part changes (status, tracking, payment),
 *                      for the spec's route and the workspace alike (decision 025)
 *   settle.ts          the order row's status and payment status, from its parts
 *   status.ts          THE status machine, pure
 *   scope.ts           whose orders a query reaches (the principal in every WHERE; a seller's
 *                      through services/sellers.ts)
 *   rows.ts, shapes.ts the tables read back, and turned into API shapes
 *   stock.ts           stock taken and given back in one guarded statement
 *   invoice-access.ts  who may read an invoice (services/invoices.ts builds it)
 *   seller-parts.ts    the seller's workspace: its parts listed, searched and read one by one
 *   part-actions.ts    the workspace's actions on one part (accept, ship, deliver, cancel, payment) as moves
 *   notices.ts         the mails each event sends, queued in the event's transaction (decision 013)
 */
export { cancelOrder, updatePartStatus } from './change';
export { newOrderNumber } from './order-number';
export { actOnPart, type PartActionInput } from './part-actions';
export { invoiceUrlFor, placeOrder } from './place';
export { getBuyerOrder, getSellerOrder, listBuyerOrders, listSellerOrders } from './read';
export { getSellerPart, listSellerParts, partSummaries, statusCounts } from './seller-parts';
