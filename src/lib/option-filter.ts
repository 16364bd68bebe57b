/**
 * A listing's filter on option values (issue 30, docs/decisions/053): `GET /products?options=`
 * and a category page's address spell it the same way.
 */
/** A listing's filter on option values: the option's name and the value chosen (decision 053). */
export type OptionFilter = { name: string; value: string };

/**
 * "Size:10;Colour:Brown" as pairs; the API's and the listing page's one spelling. A pair without
 * a name or a value makes the whole filter empty (refused), and a name is given at most once.
 */
export function parseOptionFilter(text: string): OptionFilter[] {
  const pairs = text.split(';').map((part) => {
    const at = part.indexOf(':');
    return at < 0 ? { name: '', value: '' } : { name: part.slice(0, at).trim(), value: part.slice(at + 1).trim() };
  });
  const names = new Set(pairs.map((p) => p.name.toLowerCase()));
  if (pairs.some((p) => !p.name || !p.value) || names.size !== pairs.length) return [];
  return pairs;
}

/** The pairs back as text, for the API's `options` and the page's address. */
export const formatOptionFilter = (pairs: readonly OptionFilter[]): string =>
  pairs.map((p) => `${p.name}:${p.value}`).join(';');
