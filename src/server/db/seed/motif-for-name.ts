/**
 * The picture a product's name asks for, where its shelf's motif would draw something else: a
 * "Cedar Coffee Table" on the furniture shelf (drawn as chairs) is a table. The words are checked
 * in order, first match wins; a name none of them names keeps its shelf's motif.
 */
const BY_WORD: [word: RegExp, motif: string][] = [
  [/\blamps?\b/i, 'lamp'],
  [/\b(bookshelf|bookcase|shelf|shelves|shelving)\b/i, 'shelf'],
  [/(?<!weight )\bbench(es)?\b/i, 'bench'], // a weight bench keeps the gym's picture
  [/\btables?\b/i, 'table'],
  [/\bchairs?\b/i, 'chair'],
  [/\b(headsets?|headphones|earbuds)\b/i, 'headphones'],
  [/\b(dash cam|reversing camera)\b/i, 'camera'],
];

export function motifForName(name: string): string | undefined {
  return BY_WORD.find(([word]) => word.test(name))?.[1];
}
