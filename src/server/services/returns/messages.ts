import type { ReturnRequest } from '../../../lib/contract/returns';
import { STORE_MESSAGE_TEXT } from '../../../lib/contract/store-messages';
import type { ReturnMessageAuthor } from '../../../lib/returns';
import type { Db } from '../../db/client';
import { returnMessages } from '../../db/schema';
import { returnMessageMail } from '../../mail/return-mails';
import { takeAllowance } from '../rate-limit';
import { MESSAGES_PER_WINDOW } from '../store-messages';
import { mailFacts, mailParties, type ReturnParty } from './notices';
import { getReturn, type ReturnSettings } from './request-lock';
import type { ReturnScope } from './scope';

/*
 * The request's thread (issue 28 #5, docs/decisions/042): the buyer, the seller and the operators
 * write on it. Each message is kept and mailed to the other side(s) in one transaction (the
 * operators too once the request is escalated or decided), and limited like Contact Seller: one
 * allowance per writer (services/store-messages.ts's MESSAGES_PER_WINDOW within rate-limit.ts's window).
 */

/** Writes a message on the request (404 for none of the scope's; 429 past the allowance) and mails it. */
export async function postReturnMessage(
  db: Db,
  scope: ReturnScope,
  author: { id: string; name: string; role: ReturnMessageAuthor },
  id: string,
  body: string,
  settings: ReturnSettings,
): Promise<ReturnRequest> {
  const request = await getReturn(db, scope, id, settings);
  await takeAllowance(
    db,
    [{ subject: `return-message:${author.id}`, max: MESSAGES_PER_WINDOW }],
    STORE_MESSAGE_TEXT.tooMany,
  );
  const withOperators = ['escalated', 'decided', 'closed'].includes(request.status);
  const to: ReturnParty[] = [
    ...(author.role !== 'buyer' ? ['buyer' as const] : []),
    ...(author.role !== 'seller' ? ['seller' as const] : []),
    ...(author.role !== 'operator' && withOperators ? ['operators' as const] : []),
  ];
  await db.transaction(async (tx) => {
    await tx.insert(returnMessages).values({ requestId: id, authorId: author.id, authorRole: author.role, body });
    const facts = await mailFacts(tx, id);
    const name = author.role === 'seller' ? request.storeName : author.name;
    await mailParties(tx, facts, to, returnMessageMail(facts.mail, { author: author.role, name, body }));
  });
  return getReturn(db, scope, id, settings);
}
