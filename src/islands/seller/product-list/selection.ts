/** The ticked products of the page shown (what the bulk edit changes), as an immutable set. */

/** The selection with `id` ticked, or unticked when it was. */
export function toggled(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Whether every product on the page is ticked (an empty page is not "all"). */
export const allChosen = (ids: readonly string[], selected: ReadonlySet<string>) =>
  ids.length > 0 && ids.every((id) => selected.has(id));

/** "Select all on this page": ticks them all, or none when all were. */
export const allOrNone = (ids: readonly string[], selected: ReadonlySet<string>): Set<string> =>
  allChosen(ids, selected) ? new Set() : new Set(ids);
