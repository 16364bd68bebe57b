import { randomInt } from 'node:crypto';

/** Crockford's base 32 without I, L, O, U: nothing to misread over the phone. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Human-friendly and unique: YM-<yymm>-<6 random characters>, e.g. YM-2611-4F7K2Q. */
export function newOrderNumber(at = new Date()): string {
  const yymm = `${String(at.getUTCFullYear() % 100).padStart(2, '0')}${String(at.getUTCMonth() + 1).padStart(2, '0')}`;
  let tail = '';
  for (let i = 0; i < 6; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `YM-${yymm}-${tail}`;
}
