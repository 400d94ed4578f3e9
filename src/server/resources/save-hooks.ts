import { sql } from 'kysely';
import { requireEntity, type ChildDef, type EntityDef, type FieldDef } from '../../model';
import type { Db } from '../db/database';
import { AppError, type FieldError } from '../http/errors';
import { heldLineHooks } from './held-lines';
import { lineTotalHooks } from './declared-totals';

/**
 * An entity's own lifecycle hooks in the document writer (the save-side twin of action-handlers.ts),
 * for rules a declaration cannot state: a check that reads other rows (a demand line of a published
 * allocation version is read-only), a domain message in place of the generic one (spec 5 "Version
 * number already exists"), or values derived from other rows (order totals, a version's totals).
 *
 * Every write runs them, whatever its source: a form save, an Excel import (create or update by
 * key, row by row), a batch image upload, a seed, or a later module's service (docs/architecture.md
 * "One write path"). So a rule written here holds everywhere, and is written once.
 *
 * - `validate` runs once per document, after field rules, entity checks and references and before
 *   the unique checks; it adds field errors (a field that already has one is skipped by the unique
 *   check) or throws an AppError, which a form shows as its message and an import reports on the
 *   document's row. `memo` lives as long as the write (an import's whole file): cache lookups there.
 * - `afterWrite` runs once the documents and their children are written, in the same transaction,
 *   with the ids written together (one for a form save, a batch for an import); it keeps derived
 *   (readonly) columns in step with SQL.
 * - `beforeRemove` runs in the remove transaction with the locked rows; it throws to refuse.
 * - `afterRemove` runs in the same transaction once the rows and their lines are gone; it keeps
 *   values derived on other records in step (a version's totals when its demand lines go).
 *
 * Example:
 * ```ts
 * registerSaveHook('prorder', { afterWrite: async ({ tx, clientId, ids }) => recomputeTotals(tx, clientId, ids) });
 * ```
 */
export type WriteSource = 'form' | 'import' | 'upload' | 'seed' | 'service' | 'action';

/** Who writes: the signed-in user of a form or import, or the company's administrator for a seed. */
export type WriteActor = { clientId: number; userId: number; username: string; fullname: string; ip: string | null; roles: readonly string[] };

export type SaveHookContext = {
  tx: Db;
  actor: WriteActor;
  clientId: number;
  entity: EntityDef;
  source: WriteSource;
  /** The stored row before the write (null on create). */
  before: Record<string, unknown> | null;
  /** The validated header values about to be written (a hook may complete derived ones). */
  values: Record<string, unknown>;
  errors: Record<string, FieldError>;
  memo: Map<string, unknown>;
  /**
   * The child rows the write brings, validated, in the body's order, by collection key (a form save
   * and a service's write); a collection the body leaves out keeps its stored rows and is absent, as
   * are all of them in an import batch.
   */
  children?: Record<string, Array<Record<string, unknown>>>;
};

export type AfterWriteContext = {
  tx: Db;
  actor: WriteActor;
  clientId: number;
  entity: EntityDef;
  source: WriteSource;
  /** The documents written together, all created or all updated. */
  ids: number[];
  created: boolean;
  memo: Map<string, unknown>;
};

export type SaveHook = {
  validate?: (ctx: SaveHookContext) => Promise<void>;
  afterWrite?: (ctx: AfterWriteContext) => Promise<void>;
  beforeRemove?: (ctx: RemoveContext) => Promise<void>;
  afterRemove?: (ctx: RemoveContext) => Promise<void>;
};

/** The documents a remove takes away (or an import's undo), as they were stored. */
export type RemoveContext = { tx: Db; actor: WriteActor; clientId: number; entity: EntityDef; rows: Record<string, unknown>[] };

/**
 * Runs, inside a `validate` hook, a check that refuses with a validation error (one the entity's
 * calls without a write share, such as a preview): its field errors join the write's, a field already
 * refused keeping its first error; any other error is thrown. Returns the check's value, or
 * undefined when it refused.
 *
 * Example: `const c = await withFieldErrors(errors, () => checkInput(tx, auth, values)); if (!c) return;`
 */
export async function withFieldErrors<T>(errors: Record<string, FieldError>, check: () => Promise<T>): Promise<T | undefined> {
  try {
    return await check();
  } catch (e) {
    const fields = e instanceof AppError ? (e.fields as Record<string, FieldError> | undefined) : undefined;
    if (!fields) throw e;
    for (const [k, v] of Object.entries(fields)) errors[k] ??= v;
    return undefined;
  }
}

export const saveHooks = new Map<string, SaveHook[]>();

export function registerSaveHook(entity: string, hook: SaveHook): void {
  const list = saveHooks.get(entity) ?? [];
  if (!list.includes(hook)) list.push(hook);
  saveHooks.set(entity, list);
}

/**
 * Told when SQL derives values of an entity's rows (`deriveRecords`, `replaceDerived`: a scan rolling
 * finished pieces up to its customer orders, a node plan counted back). No hook runs there, since
 * nobody changed a record, but what reads those rows may follow them: the report marks of alerts.live.ts.
 */
export type DerivedWriteListener = (ctx: { tx: Db; clientId: number; entity: string }) => void;
const derivedListeners = new Set<DerivedWriteListener>();

/** Listens to derived writes; returns the unsubscribe. */
export function onDerivedWrite(listener: DerivedWriteListener): () => void {
  derivedListeners.add(listener);
  return () => derivedListeners.delete(listener);
}

/** Tells the listeners that SQL derived values of `entity`'s rows of a company in `tx`. */
export function derivedWritten(tx: Db, clientId: number, entity: string): void {
  for (const l of derivedListeners) l({ tx, clientId, entity });
}

/**
 * Hooks of every entity a table stores whatever its name: entities declared at run time (a dynamic
 * form's records, each form's entity named by its code, all in `dyn_form_record`).
 */
const tableHooks = new Map<string, SaveHook[]>();

export function registerTableSaveHook(table: string, hook: SaveHook): void {
  const list = tableHooks.get(table) ?? [];
  if (!list.includes(hook)) list.push(hook);
  tableHooks.set(table, list);
}

export function hooksOf(entity: EntityDef): SaveHook[] {
  const declared = declaredHooks(entity);
  const registered = [...(saveHooks.get(entity.name) ?? []), ...(tableHooks.get(entity.table) ?? [])];
  return declared.length ? [...declared, ...registered] : registered;
}

const declaredCache = new WeakMap<EntityDef, SaveHook[]>();

/** The checks an entity's declaration implies beyond single fields: `uniqueWith` keys, distinct child lines, a line's lock with its record (held-lines.ts), totals over lines (declared-totals.ts). */
function declaredHooks(entity: EntityDef): SaveHook[] {
  const cached = declaredCache.get(entity);
  if (cached) return cached;
  const keyed = entity.fields.filter((f) => f.uniqueWith);
  const distinct = (entity.children ?? []).filter((c) => c.distinct?.fields.length);
  const hooks: SaveHook[] = distinct.length ? [{ afterWrite: (ctx) => checkDistinctLines(ctx, distinct) }] : [];
  if (keyed.length) hooks.push(...uniqueWithHooks(entity, keyed));
  hooks.push(...heldLineHooks(entity));
  hooks.push(...lineTotalHooks(entity));
  declaredCache.set(entity, hooks);
  return hooks;
}

/**
 * The first repeated line of each child collection declared `distinct`, among the stored lines of the
 * written documents (after the write, so the form, the import and services are checked alike).
 */
async function checkDistinctLines(ctx: AfterWriteContext, children: ChildDef[]): Promise<void> {
  for (const c of children) {
    const child = requireEntity(c.entity);
    const fields = c.distinct!.fields.map((k) => {
      const f = child.fields.find((x) => x.key === k);
      if (!f) throw new Error(`${ctx.entity.name}.${c.key}: distinct names ${k}, not a field of ${child.name}`);
      return f;
    });
    const cols = fields.map((f) => sql.ref(`l.${f.key}`));
    const dup = (await sql<Record<string, unknown>>`select ${sql.join(cols)} from ${sql.table(child.table)} l
      where l.client_id = ${ctx.clientId} and ${sql.ref(`l.${c.foreignKey}`)} in (${sql.join(ctx.ids)})
      group by ${sql.ref(`l.${c.foreignKey}`)}, ${sql.join(cols)} having count(*) > 1 limit 1`.execute(ctx.tx)).rows[0];
    if (!dup) continue;
    const params: Record<string, unknown> = {};
    for (const f of fields) params[f.key] = await shownValue(ctx, f, dup[f.key]);
    if (fields.length === 1) params.value = params[fields[0]!.key];
    throw new AppError('err.validation', { fields: { [c.key]: { key: c.distinct!.message ?? 'res.childLineRepeated', params } } });
  }
}

/** A value as a message shows it: a reference by its record's code (or label), anything else as stored. */
async function shownValue(ctx: AfterWriteContext, f: FieldDef, v: unknown): Promise<unknown> {
  if (!f.ref || v === null || v === undefined) return v ?? '*';
  const target = requireEntity(f.ref.entity);
  const shown = f.ref.codeField ?? f.ref.labelField;
  const row = (await sql<{ v: unknown }>`select ${sql.ref(`t.${shown}`)} as v from ${sql.table(target.table)} t where t.client_id = ${ctx.clientId} and t.id = ${Number(v)}`.execute(ctx.tx)).rows[0];
  return row?.v ?? v;
}

function uniqueWithHooks(entity: EntityDef, keyed: FieldDef[]): SaveHook[] {
  return keyed.length
    ? [
        {
          validate: async ({ tx, clientId, values, before, errors }) => {
            const pick = (k: string) => (Object.prototype.hasOwnProperty.call(values, k) ? values[k] : before?.[k]) ?? null;
            for (const f of keyed) {
              const v = pick(f.key);
              if (v === null || v === '' || errors[f.key]) continue;
              const others = f.uniqueWith!.fields;
              const same = others.map((k) => sql`and ${sql.ref(`t.${k}`)} is not distinct from ${pick(k) as string | number | null}`);
              const taken = await sql<{ id: number }>`select t.id from ${sql.table(entity.table)} t where t.client_id = ${clientId}
                and ${sql.ref(`t.${f.key}`)} = ${v as string | number} ${sql.join(same, sql` `)} and t.id <> ${Number(before?.id ?? 0)} limit 1`.execute(tx);
              if (!taken.rows.length) continue;
              const params: Record<string, unknown> = { value: v, [f.key]: v };
              for (const k of others) params[k] = pick(k) ?? '*';
              errors[f.key] = { key: f.uniqueWith!.message ?? 'rule.unique', params };
            }
          },
        },
      ]
    : [];
}
