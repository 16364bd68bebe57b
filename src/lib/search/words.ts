/**
 * The word rules of static search (docs/decisions/006-search.md), shared by the build, which
 * writes the catalogue's vocabulary, and the browser, which corrects typos against it and ranks
 * what Pagefind found. Pure functions: no DOM, no fetch.
 */

/** Words shorter than this are never corrected (spec issue: a slip in a word of 4+ letters). */
export const MIN_CORRECTABLE = 4;
/** Query words are cut at this many (a pasted paragraph is not a search). */
export const MAX_QUERY_WORDS = 8;

/** Lowercase words of letters and digits ("Men's" stays one word; "Wi-Fi" is "wi" and "fi"). */
export function tokenize(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .split(/[^\p{L}\p{N}']+/u)
    .map((w) => w.replace(/^'+|'+$/g, '').replace(/'s$/, ''))
    .filter(Boolean);
}

/** The query words a search uses; empty for a blank query (spec §5: no results and no call). */
export function queryWords(query: string): string[] {
  return tokenize(query).slice(0, MAX_QUERY_WORDS);
}

/** How many edits a word may be from the catalogue's spelling: one, or two for long words. */
export function allowedEdits(word: string): number {
  if (word.length < MIN_CORRECTABLE) return 0;
  return word.length >= 8 ? 2 : 1;
}

/**
 * The vocabulary is split by first letter, so correcting a word fetches one small file. The price:
 * a slip in the very first letter is not corrected (rare on a phone keyboard; see the decision).
 */
export const SHARDS = [...'abcdefghijklmnopqrstuvwxyz', '0', '_'] as const;
export function shardOf(word: string): string {
  const c = word.charAt(0);
  if (c >= 'a' && c <= 'z') return c;
  return c >= '0' && c <= '9' ? '0' : '_';
}

/**
 * Optimal string alignment distance (insert, delete, substitute, swap neighbours: one edit each),
 * or `max + 1` as soon as it is certain to exceed `max`. Bounded, so checking a word against a
 * few thousand vocabulary words stays well under a millisecond each.
 */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length];
}

/** A vocabulary shard: word → how many products use it. */
export type Vocabulary = Map<string, number>;

/** "word count" lines, most used first: small and gzip-friendly. */
export function formatShard(words: Vocabulary): string {
  return [...words]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([w, n]) => `${w} ${n}`)
    .join('\n');
}

export function parseShard(text: string, into: Vocabulary = new Map()): Vocabulary {
  for (const line of text.split('\n')) {
    const space = line.lastIndexOf(' ');
    if (space <= 0) continue;
    const n = Number(line.slice(space + 1));
    if (Number.isFinite(n)) into.set(line.slice(0, space), n);
  }
  return into;
}

/** Words worth indexing (vocabulary and suggestion files): 2+ characters, not a bare number. */
export const indexedWord = (w: string): boolean => w.length >= 2 && !/^\d+$/.test(w);

/** The words a product adds to the vocabulary: those of its name, category, subcategory, store, tags and options (Size, Brown). */
export function vocabularyWords(p: {
  name: string;
  category: string;
  subcategory: string;
  store: string;
  tags?: string[];
  options?: readonly { name: string; values: readonly string[] }[];
}): Set<string> {
  const options = (p.options ?? []).flatMap((o) => [o.name, ...o.values]);
  return new Set(
    tokenize([p.name, p.category, p.subcategory, p.store, ...(p.tags ?? []), ...options].join(' ')).filter(indexedWord),
  );
}

/** The vocabulary of a catalogue, by shard: each word with the number of products using it. */
export function buildVocabulary(
  products: Iterable<{ name: string; category: string; subcategory: string; store: string; tags?: string[] }>,
): Map<string, Vocabulary> {
  const shards = new Map<string, Vocabulary>();
  for (const p of products) {
    for (const w of vocabularyWords(p)) {
      const shard = shards.get(shardOf(w)) ?? new Map<string, number>();
      shard.set(w, (shard.get(w) ?? 0) + 1);
      shards.set(shardOf(w), shard);
    }
  }
  return shards;
}

/**
 * The catalogue's spellings of a mistyped word: every vocabulary word at the smallest distance
 * within the allowed edits; none when the word is known, is the start of a known word (still
 * being typed), or nothing is close.
 */
export function nearestWords(word: string, vocabulary: Vocabulary): string[] {
  const max = allowedEdits(word);
  if (max === 0 || vocabulary.has(word)) return [];
  for (const known of vocabulary.keys()) if (known.startsWith(word)) return [];
  let nearest: string[] = [];
  let bestDistance = max;
  for (const candidate of vocabulary.keys()) {
    const d = editDistance(word, candidate, bestDistance);
    if (d < bestDistance) nearest = [];
    if (d <= bestDistance) {
      nearest.push(candidate);
      bestDistance = d;
    }
  }
  return nearest;
}

/** The one spelling static search uses: the nearest word, the most used one on a tie. */
export function correction(word: string, vocabulary: Vocabulary): string | undefined {
  let best: string | undefined;
  for (const w of nearestWords(word, vocabulary))
    if (best === undefined || (vocabulary.get(w) ?? 0) > (vocabulary.get(best) ?? 0)) best = w;
  return best;
}

/**
 * Relevance tier of a product name for the query (lower is better): 0 the exact name, 1 the name
 * starts with the query, 2 every query word starts a word of the name, 3 every query word is
 * within its allowed edits of a name word (a typo), 4 found elsewhere (description, category,
 * store). `words` are the shopper's words after correction.
 */
export function nameTier(name: string, query: string, words: readonly string[]): number {
  const n = tokenize(name).join(' ');
  const q = tokenize(query).join(' ');
  if (!q) return 4;
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  const nameWords = n.split(' ');
  const typed = tokenize(query);
  const starts = (w: string) => nameWords.some((nw) => nw.startsWith(w));
  if (typed.every(starts) || (words.length > 0 && words.every(starts))) return 2;
  const near = (w: string) => nameWords.some((nw) => editDistance(w, nw, allowedEdits(w)) <= allowedEdits(w));
  if (typed.every(near)) return 3;
  return 4;
}
