import { badRequest } from '../../http/errors';

/** A 400 naming every refused field, when there is any. */
export function refuse(problems: Record<string, string>): void {
  if (Object.keys(problems).length) throw badRequest(Object.values(problems)[0], problems);
}
