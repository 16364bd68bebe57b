import { createHash } from 'node:crypto';
import pg from 'pg';

/*
 * Server-side prepared statements for the statements the shop sends again and again (docs/decisions/022).
 * Drizzle sends every query as new text, so PostgreSQL parses and plans each one; measured under
 * `npm run bench:orders`, naming them cut PostgreSQL's CPU per order by a third. The rule is
 * pgjdbc's: a query text is prepared once it has been sent PREPARE_AFTER times, and at most
 * MAX_PREPARED texts ever are (the hot ones come first), so no connection holds an unbounded
 * number of statements and nothing needs DEALLOCATE (which an aborted transaction would refuse,
 * leaving the driver and the server disagreeing). The name is the text's hash: node-postgres
 * parses a name once per connection, and one name can only ever mean one text.
 */

export const PREPARE_AFTER = 5;
export const MAX_PREPARED = 256;
/** How many distinct texts are counted before the count starts over (a bound on the counter's memory). */
const MAX_COUNTED = 4096;

/** Which query texts are sent as prepared statements, and under what name. */
export class StatementNames {
  private readonly timesSent = new Map<string, number>();
  private readonly prepared = new Map<string, string>();

  /** The name `text` is sent under, or undefined while it is not (or never will be) prepared. */
  nameOf(text: string): string | undefined {
    const name = this.prepared.get(text);
    if (name || this.prepared.size >= MAX_PREPARED) return name;
    const times = (this.timesSent.get(text) ?? 0) + 1;
    if (times < PREPARE_AFTER) {
      if (this.timesSent.size >= MAX_COUNTED) this.timesSent.clear();
      this.timesSent.set(text, times);
      return undefined;
    }
    this.timesSent.delete(text);
    const named = `ym_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
    this.prepared.set(text, named);
    return named;
  }
}

/** One per process: a name means the same text on every connection of the pool. */
const statementNames = new StatementNames();

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown };

/** node-postgres's client, sending the texts StatementNames names as prepared statements. */
export class PreparingClient extends pg.Client {
  // biome-ignore lint/suspicious/noExplicitAny: the same loose signature as pg.Client#query's overloads.
  query(config: any, values?: any, callback?: any): any {
    const send = super.query.bind(this) as (...args: unknown[]) => unknown;
    const query = config as QueryConfig | string;
    if (query && typeof query === 'object' && typeof query.text === 'string' && !query.name && !query.submit) {
      const name = statementNames.nameOf(query.text);
      if (name) return send({ ...query, name }, values, callback);
    }
    return send(config, values, callback);
  }
}
