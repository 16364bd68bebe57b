import { MESSAGES } from '../../../lib/messages';
import type { Db } from '../../db/client';
import { type Seller, sellerOf } from '../sellers';
import { type LoadedOrder, loadOrders } from './rows';
import { boughtBy, orderSoldBy, refuse } from './scope';

/**
 * Who may read an order's invoice: its buyer (everything) or one of its sellers (their parts).
 * Anyone else: 403; no such order: 404 (the invoice's own texts). The invoice is built from the
 * rows (services/invoices.ts), which need the stores' contacts and the order's tax in cents.
 */
export async function invoiceAccess(
  db: Db,
  principal: { orderId: string; userId: string },
): Promise<{ loaded: LoadedOrder; scope: 'buyer' } | { loaded: LoadedOrder; scope: 'seller'; seller: Seller }> {
  const [asBuyer] = await loadOrders(db, boughtBy(principal.userId, principal.orderId));
  if (asBuyer) return { loaded: asBuyer, scope: 'buyer' };
  const seller = await sellerOf(db, principal.userId);
  if (seller) {
    const [asSeller] = await loadOrders(db, orderSoldBy(seller, principal.orderId));
    if (asSeller) return { loaded: asSeller, scope: 'seller', seller };
  }
  return refuse(db, principal.orderId, MESSAGES.invoice.accessDenied, MESSAGES.invoice.notFound);
}
