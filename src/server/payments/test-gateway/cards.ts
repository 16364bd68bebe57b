/**
 * The test gateway's cards (docs/decisions/028, docs/configuration.md): any future expiry, any
 * CVV. Every other number, even a valid one, is refused on the page: the gateway is for testing
 * what the shop does with each outcome, and a real card number has no business here.
 */
import { luhn } from '../../../lib/cards';
export type CardBehaviour = 'approve' | 'decline' | 'challenge' | 'slow';

export const TEST_CARDS: readonly { number: string; behaviour: CardBehaviour; outcome: string }[] = [
  { number: '4111111111111111', behaviour: 'approve', outcome: 'approves' },
  { number: '4000000000000002', behaviour: 'decline', outcome: 'declines (do not honour)' },
  { number: '4000000000003220', behaviour: 'challenge', outcome: 'asks for a 3-D Secure step' },
  { number: '4000000000000077', behaviour: 'slow', outcome: 'approves after 10 seconds' },
];

/** "4111111111111111" → "4111 1111 1111 1111". */
export const spacedCardNumber = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

export type CardForm = { cardNumber: string; expiry: string; cvv: string; name: string };
export type CardField = keyof CardForm;
export type CardCheck =
  | { ok: true; behaviour: CardBehaviour; suffix: string }
  | { ok: false; errors: Partial<Record<CardField, string>> };

/** MM/YY (or MM/YYYY, MMYY): valid through the last day of that month. */
function expiryProblem(value: string, now: Date): string | undefined {
  const match = /^(\d{2})\s*\/?\s*(\d{2}|\d{4})$/.exec(value);
  const month = match ? Number(match[1]) : 0;
  if (!match || month < 1 || month > 12) return 'Enter the expiry date as MM/YY, for example 08/29.';
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  const endOfMonth = Date.UTC(year, month, 1);
  if (endOfMonth <= now.getTime()) return 'This card has expired. Check the expiry date.';
  return undefined;
}

/** What the hosted page checks before it takes a card, with a message for each field that is wrong. */
export function checkCard(form: CardForm, now = new Date()): CardCheck {
  const errors: Partial<Record<CardField, string>> = {};
  const digits = form.cardNumber.replace(/[\s-]/g, '');
  const card = TEST_CARDS.find((c) => c.number === digits);
  if (!digits) errors.cardNumber = 'Enter the card number.';
  else if (!/^\d{13,19}$/.test(digits) || !luhn(digits))
    errors.cardNumber = 'Enter a valid card number: 13 to 19 digits, as printed on the card.';
  else if (!card) errors.cardNumber = 'This test gateway takes only its test cards, listed below.';
  const expiry = expiryProblem(form.expiry.trim(), now);
  if (expiry) errors.expiry = expiry;
  if (!/^\d{3,4}$/.test(form.cvv.trim())) errors.cvv = 'Enter the 3 or 4 digit CVV from the back of the card.';
  if (!form.name.trim()) errors.name = 'Enter the name as it is printed on the card.';
  else if (form.name.trim().length > 80) errors.name = 'The name on the card is at most 80 characters.';
  if (!card || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, behaviour: card.behaviour, suffix: digits.slice(-4) };
}
