import { ACTION_STATUS, type SellerPartDetail } from '../../../lib/contract/seller-orders';
import type { Db } from '../../db/client';
import { type RefundGateway, sendRefunds } from '../payments/refund';
import type { Seller } from '../sellers';
import { movePart, type PartMove } from './move-part';
import { getSellerPart } from './seller-parts';

/*
 * A seller acts on one of its parts from the workspace: accept, ship (courier and tracking number),
 * deliver, cancel (with a reason; the stock goes back) or record the payment. Each action is only
 * said as a move; ./move-part.ts (the one door, shared with PUT /orders/update-status) checks and
 * does it.
 */

export type PartActionInput =
  | { action: 'accept' }
  | { action: 'ship'; courier: string; trackingNumber: string }
  | { action: 'deliver' }
  | { action: 'cancel'; reason: string }
  | { action: 'record-payment' };

function asMove(input: PartActionInput): PartMove {
  switch (input.action) {
    case 'record-payment':
      return { paymentReceived: true };
    case 'ship':
      return { to: ACTION_STATUS.ship, courier: input.courier, trackingNumber: input.trackingNumber };
    case 'cancel':
      return { to: ACTION_STATUS.cancel, cancelReason: input.reason };
    default:
      return { to: ACTION_STATUS[input.action] };
  }
}

/**
 * Applies the action in one transaction and answers the part as it now is (a cancelled paid card
 * part refunded through the gateway after the commit). The refusals are movePart's.
 */
export async function actOnPart(
  db: Db,
  seller: Seller,
  partId: string,
  input: PartActionInput,
  gateway: RefundGateway,
): Promise<SellerPartDetail> {
  const moved = await db.transaction((tx) => movePart(tx, seller, { partId }, asMove(input)));
  await sendRefunds(db, gateway.payments, moved.refunds, gateway.log);
  return getSellerPart(db, seller, partId);
}
