/**
 * What a transaction tells the rest of this process once it has committed (docs/decisions/030):
 * `afterCommit(db, run)` inside `db.transaction(…)` runs `run` just after the COMMIT succeeded
 * (before the service returns, so before the request is answered), never when it rolled back.
 * Outside a transaction the statement before it has already committed, so `run` runs now.
 *
 * `openDatabase` makes every `db.transaction` a unit (`withAfterCommit`); a savepoint
 * (`tx.transaction`) belongs to its outer transaction's unit.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { PgTransaction } from 'drizzle-orm/pg-core';

type Unit = (() => void)[];
const units = new AsyncLocalStorage<Unit>();

/** Runs `run` once what `db` wrote is committed: now, or when the transaction it is part of commits. */
export function afterCommit(db: unknown, run: () => void): void {
  const unit = units.getStore();
  if (unit) {
    unit.push(run);
    return;
  }
  // A transaction no unit stands for would tell before its commit: a reader could keep the old answer.
  if (db instanceof PgTransaction) throw new Error('afterCommit: a transaction not opened through openDatabase');
  runSafely(run);
}

/** A listener's failure must not fail the change that already committed. */
function runSafely(run: () => void): void {
  try {
    run();
  } catch (error) {
    console.error('an after-commit listener failed', error);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: any drizzle database's transaction, whatever its driver
type Transacting = { transaction: (work: (tx: any) => Promise<any>, config?: any) => Promise<any> };

/** Makes each of `db`'s transactions a unit whose after-commit work runs once it commits. */
export function withAfterCommit<D extends Transacting>(db: D): D {
  const transaction = db.transaction.bind(db);
  const wrapped: Transacting['transaction'] = async (work, config) => {
    const unit: Unit = [];
    const result = await transaction((tx) => units.run(unit, () => work(tx)), config);
    for (const run of unit) runSafely(run);
    return result;
  };
  db.transaction = wrapped;
  return db;
}
