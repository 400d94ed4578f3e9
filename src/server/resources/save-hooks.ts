import type { EntityDef } from '../../model';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import type { FieldError } from '../http/errors';

/**
 * Domain hooks around the generic save and remove (the save-side twin of action-handlers.ts), for
 * rules a declaration cannot state: a check that reads other rows (a demand line of a published
 * allocation version is read-only), a domain message in place of the generic one (spec 5 "Version
 * number already exists"), or values derived from the child rows (order totals).
 *
 * - `validate` runs inside the save transaction after field, child and reference checks and before
 *   the unique checks; it adds field errors (a field that already has one is skipped by the unique
 *   check) or throws an AppError.
 * - `afterWrite` runs in the same transaction once the header and children are written; it may
 *   update derived (readonly) columns of the document with SQL.
 * - `beforeRemove` runs in the remove transaction with the locked rows; it throws to refuse.
 *
 * Example:
 * ```ts
 * registerSaveHook('prorder', { afterWrite: async ({ tx, clientId, id }) => recomputeTotals(tx, clientId, id) });
 * ```
 */
export type SaveHookContext = {
  tx: Db;
  auth: AuthContext;
  clientId: number;
  entity: EntityDef;
  /** The stored row before the save (null on create). */
  before: Record<string, unknown> | null;
  /** The validated header values about to be written. */
  values: Record<string, unknown>;
  errors: Record<string, FieldError>;
};

export type SaveHook = {
  validate?: (ctx: SaveHookContext) => Promise<void>;
  afterWrite?: (ctx: { tx: Db; auth: AuthContext; clientId: number; entity: EntityDef; id: number; created: boolean }) => Promise<void>;
  beforeRemove?: (ctx: { tx: Db; auth: AuthContext; clientId: number; entity: EntityDef; rows: Record<string, unknown>[] }) => Promise<void>;
};

export const saveHooks = new Map<string, SaveHook[]>();

export function registerSaveHook(entity: string, hook: SaveHook): void {
  const list = saveHooks.get(entity) ?? [];
  if (!list.includes(hook)) list.push(hook);
  saveHooks.set(entity, list);
}

export function hooksOf(entity: EntityDef): SaveHook[] {
  return saveHooks.get(entity.name) ?? [];
}
