import type { Transaction } from 'kysely';
import type { Db, Tables } from './database';

/**
 * Work that must wait until a transaction has committed (a socket message telling another company
 * that a document changed: its browser reads the document again on that message, so the change
 * must be visible by then, and a rolled-back change must never be announced).
 *
 * `runTransaction` opens a transaction that keeps such work; `afterCommit(tx, fn)` adds to the work
 * of the transaction `tx` belongs to (every tenant-scoped unit of work, `withTenant`, opens its
 * transaction here). The work runs once, after the commit, in the order it was added; a rollback
 * drops it. Outside a transaction opened here (a seed on a bare handle, a script) `fn` runs after
 * the current turn, as the socket messages did before.
 */
const pending = new WeakMap<object, Array<() => void>>();

export function afterCommit(db: Db, fn: () => void): void {
  const list = pending.get(db);
  if (list) list.push(fn);
  else setImmediate(fn);
}

export async function runTransaction<T>(db: Db, work: (tx: Transaction<Tables>) => Promise<T>): Promise<T> {
  const list: Array<() => void> = [];
  const result = await db.transaction().execute(async (tx) => {
    pending.set(tx, list);
    return work(tx);
  });
  for (const fn of list) {
    try {
      fn();
    } catch {
      // A failed announcement never undoes a committed change.
    }
  }
  return result;
}
