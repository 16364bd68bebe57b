/**
 * Saved payment cards (spec §3 "Saved card (local sample only)"), done safely: the full number and
 * the CVV are checked and then dropped; only the brand, the last four digits, the expiry and the
 * holder's name are kept, in this browser. No payment gateway is in scope.
 */
export type SavedCard = {
  id: string;
  brand: string;
  last4: string;
  expiry: string;
  holder: string;
  isDefault: boolean;
};
export type CardInput = { holder: string; number: string; expiry: string; cvv: string };

/** The longest card number (ISO/IEC 7812), and the spec's limit for the field (§5: at most 19). */
export const MAX_CARD_DIGITS = 19;

/**
 * What the card number field keeps of what is typed or pasted: digits, spaces and dashes, and
 * no digit past the 19th. Spaces between groups are allowed (and do not count), so a 19-digit
 * number may be typed as the card shows it.
 */
export function limitCardNumber(typed: string): string {
  let digits = 0;
  let kept = '';
  for (const ch of typed.replace(/[^\d\s-]/g, '')) {
    if (digits === MAX_CARD_DIGITS) break;
    if (/\d/.test(ch)) digits++;
    kept += ch;
  }
  return kept;
}

export const CARD_TEXT = {
  required: 'Please fill in all required fields',
  number: 'Enter a card number of 12 to 19 digits',
  luhn: 'That card number is not valid',
  expiry: 'Enter the expiry as MM/YY',
  expired: 'This card has expired',
  cvv: 'The CVV is 3 or 4 digits',
} as const;

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^6(011|5)/.test(digits)) return 'Discover';
  return 'Card';
}

/** The Luhn check digit test every card number passes (also the test gateway's, src/server/payments/test-gateway/cards.ts). */
export function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Checks the form (spec §5 limits: number ≤ 19, expiry ≤ 5 as MM/YY, CVV ≤ 4); answers the card to keep or an error. */
export function checkCard(
  input: CardInput,
  now = new Date(),
): { card: Omit<SavedCard, 'id' | 'isDefault'> } | { error: string } {
  const holder = input.holder.trim();
  const digits = input.number.replace(/[\s-]/g, '');
  const expiry = input.expiry.trim();
  if (!holder || !digits || !expiry) return { error: CARD_TEXT.required };
  if (!/^\d{12,19}$/.test(digits)) return { error: CARD_TEXT.number };
  if (!luhn(digits)) return { error: CARD_TEXT.luhn };
  const m = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!m) return { error: CARD_TEXT.expiry };
  const endOfMonth = new Date(Date.UTC(2000 + Number(m[2]), Number(m[1]), 1));
  if (endOfMonth <= now) return { error: CARD_TEXT.expired };
  if (input.cvv && !/^\d{3,4}$/.test(input.cvv.trim())) return { error: CARD_TEXT.cvv };
  return { card: { brand: cardBrand(digits), last4: digits.slice(-4), expiry, holder } };
}
