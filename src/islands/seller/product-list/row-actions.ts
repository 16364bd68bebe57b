import { ApiRequestError } from '../../../lib/api';

/** What a row's buttons do (archive, unarchive, duplicate): the call and what the toast says after. */
export type RowAction = 'archive' | 'unarchive' | 'duplicate';

export const actionPath = (id: string, action: RowAction) => `/seller/products/${encodeURIComponent(id)}/${action}`;

/** The success toast; a copy is named by the answer, since the shop names it ("… (copy)"). */
export function actionDone(action: RowAction, name: string, answerName: string): string {
  if (action === 'archive') return `Archived: ${name}`;
  if (action === 'unarchive') return `Back on sale: ${name}`;
  return `Copied as "${answerName}" (archived until you put it on sale)`;
}

/** The failure toast's text: the API's own words, or a plain retry when it did not answer. */
export const actionFailed = (err: unknown) => (err instanceof ApiRequestError ? err.message : 'Please try again.');

/** The button that takes a product off sale or puts it back. */
export const archiveAction = (status: string): RowAction => (status === 'active' ? 'archive' : 'unarchive');
