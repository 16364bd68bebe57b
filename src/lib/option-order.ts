/**
 * The order shoppers read option values in (issue 30 #2): sizes by size, "8, 9, 10, 11" and
 * "XS, S, M, L, XL, XXL", never by their letters ("10, 11, 8, 9", "L, M, S, XL"). The one home of
 * that order, for every list of values a shopper chooses from: a category's filters, where many
 * sellers' values meet and no seller's order can hold (`filterOrder`), and a product's pickers,
 * where the seller's order holds unless its values are sizes, which a seller adding "8" after
 * "9, 10, 11" would otherwise show last (`pickerOrder`).
 */

/** Natural order for the rest: "Size 8" before "Size 10", "EU 40" before "EU 42", any case. */
const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A size given as a number: shoe, ring and waist sizes, with halves ("9.5", "9,5", "9½"). */
const NUMBER = /^(\d+(?:[.,]\d+)?)(½)?$/;

/** Letter sizes with their words ("Small", "X-Large", "Extra large"), spelled as letters. */
const WORDS: [RegExp, string][] = [
  [/EXTRA/g, 'X'],
  [/SMALL/g, 'S'],
  [/MEDIUM/g, 'M'],
  [/LARGE/g, 'L'],
];
/** "XXL", "2XL", "3XS", "M": a count of X (or a number before one X) and S, M or L. */
const LETTERS = /^(?:(\d)X|(X*))([SML])$/;

/** Where a letter size sits: M is 0, each X further from it (XS -2, S -1, L 1, XL 2, XXL 3); null for any other value. */
function letterRank(value: string): number | null {
  let v = value.toUpperCase().replace(/[\s.-]/g, '');
  for (const [word, letter] of WORDS) v = v.replace(word, letter);
  const m = LETTERS.exec(v);
  if (!m) return null;
  const xs = m[1] ? Number(m[1]) : (m[2] ?? '').length;
  if (m[3] === 'M') return xs === 0 ? 0 : null;
  return (xs + 1) * (m[3] === 'L' ? 1 : -1);
}

function numberOf(value: string): number | null {
  const m = NUMBER.exec(value.trim());
  if (!m?.[1]) return null;
  return Number(m[1].replace(',', '.')) + (m[2] ? 0.5 : 0);
}

/** Numbers first, then letter sizes, then the rest; each by its own order, ties by text. */
function keyOf(value: string): [kind: number, rank: number] {
  const n = numberOf(value);
  if (n !== null) return [0, n];
  const letter = letterRank(value);
  if (letter !== null) return [1, letter];
  return [2, 0];
}

/** Compares two option values as shoppers read them (for `Array.prototype.sort`). */
export function compareOptionValues(a: string, b: string): number {
  const [kindA, rankA] = keyOf(a);
  const [kindB, rankB] = keyOf(b);
  return kindA - kindB || rankA - rankB || natural.compare(a, b);
}

/** Whether a value is a size this order knows: a number or a letter size. */
export const isSize = (value: string): boolean => keyOf(value)[0] < 2;

/** A category filter's values, many sellers' together: sizes by size, the rest (colours…) alphabetically. */
export const filterOrder = (values: readonly string[]): string[] => [...values].sort(compareOptionValues);

/** A product's values for its pickers: by size when every one is a size, else as its seller ordered them. */
export const pickerOrder = (values: readonly string[]): readonly string[] =>
  values.length > 1 && values.every(isSize) ? filterOrder(values) : values;
