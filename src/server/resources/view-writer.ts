import { sql, type RawBuilder } from 'kysely';
import { validateField, type EntityDef, type FieldDef, type TransitionDef } from '../../model';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import { AppError, forbidden, notFound, type FieldError } from '../http/errors';
import { diffRecords, writeAudit, type AuditActor, type AuditChange } from '../kernel/audit/audit.service';
import { withTenant } from '../kernel/rls';
import { parseId, parseIds, parseVersion, parseVersions, type Row } from './document-input';
import { tbl, valueParam } from './document-read';
import { toFieldError } from './document-stages';
import { assertCan } from './permissions';
import type { ResourceContext } from './resource.service';
import { viewComputedFields, viewComputedRows, viewComputedSql, viewRecord, viewScopeOf, viewSourceOf } from './view-reader';
import { transitionParams } from './transition-stage';
import { labelIn } from '../../model/label-text';

/**
 * The writer of an editable view entity (`defineViewEntity({ editable: true })`, issue 30): the
 * generic `save`, `remove` and `action/{action}` of a view over one of the platform's own tables
 * (companies, users, roles), which the registry's document writer cannot write (no registry system columns, not under
 * row-level security, read before a company is known). The same stages as every save, for one row:
 *
 *   permission (the entity's menu code and verb, in SQL) -> the row locked within the view's scope
 *   -> version -> declared writable fields only, each validated by its declaration -> validate hook
 *   -> beforeSave hook (derived columns: a password's hash) -> one UPDATE (`version + 1`,
 *   `updated_at`) -> afterSave hook -> audit of the declared fields that changed (old beside new;
 *   undeclared columns such as a hash are never recorded) -> after commit: the effects outside the
 *   database (sessions ended, sockets told)
 *
 * A transition runs the same way on the selected rows (from-states, roles, parameters validated as
 * fields, the handler's patch, the state), audited under the action's name. A view whose area takes
 * new rows (`create`: a company's roles) inserts one on a save without an id, through the same checks
 * and hooks, audited as `create`; one whose area removes rows (`beforeRemove`) deletes the selected
 * rows at the versions read after the area's check and clean-up, each audited as `remove`. A
 * computed field a save gives (a role's grants) goes to the hooks, never to a column. The scope is the one the
 * view registered (`registerViewScope`): a row outside it is a 404, as on a read. A write runs in
 * the caller's company's transaction (`withTenant`), so its audit row is that company's.
 *
 * Example:
 * ```ts
 * registerViewWriter('client', { actions: { freeze: async ({ row }) => ({ afterCommit: () => endSessions(row.id) }) } });
 * ```
 */
export type ViewSaveContext = {
  tx: Db;
  auth: AuthContext;
  /** The caller's company (the audit row's). */
  clientId: number;
  entity: EntityDef;
  /** The stored row, locked for the transaction. */
  before: Row;
  /** The validated values of the declared writable fields the body gave; a hook may add columns. */
  values: Row;
  errors: Record<string, FieldError>;
  ip: string | null;
  /**
   * Set by a hook that stored part of the save outside the row (a user's roles in user_roles, a
   * role's grants in role_grants): the row's version still moves, so a copy read before is stale.
   */
  touched?: boolean;
  /** Changes a hook stored outside the row, recorded in the save's own audit row beside the columns'. */
  audit?: AuditChange[];
  /** The database outside the transaction, and the effects a hook leaves to run once it has committed (a process's cache re-read). */
  db: Db;
  afterCommit: Array<() => Promise<void>>;
  /**
   * Values the save's reply carries this once beside the stored row, never stored, read back nor
   * audited: a new API key's secret, of which only a digest is kept.
   */
  reply?: Row;
};

/** A removal's rows, locked, within the view's scope, at the versions read. */
export type ViewRemoveContext = { tx: Db; auth: AuthContext; clientId: number; entity: EntityDef; rows: Row[]; ip: string | null };

export type ViewActionContext = { tx: Db; db: Db; auth: AuthContext; clientId: number; entity: EntityDef; row: Row; transition: TransitionDef | null; params: Row; ip: string | null };

export type ViewActionOutcome = {
  /** Columns to set beside the transition's state (declared fields are audited; others, a hash, are not). */
  patch?: Row;
  /** What the reply carries for this row. */
  data?: unknown;
  /** Audit changes of an action that sets no declared field (roles handed out). */
  audit?: AuditChange[];
  /** Runs once the transaction has committed (sessions ended, sockets told, a mail queued). */
  afterCommit?: () => Promise<void>;
};

export type ViewWriter = {
  validate?: (ctx: ViewSaveContext) => Promise<void>;
  beforeSave?: (ctx: ViewSaveContext) => Promise<void>;
  afterSave?: (ctx: ViewSaveContext & { after: Row }) => Promise<void>;
  /** Handlers of the entity's transitions, or of actions that are not transitions (a password reset). */
  actions?: Record<string, (ctx: ViewActionContext) => Promise<ViewActionOutcome | void>>;
  /**
   * The view takes new rows (a save without an id): the columns a new row holds beside its
   * declared fields (its company). Without it a save names a stored row.
   */
  create?: (ctx: { auth: AuthContext; clientId: number }) => Row;
  /**
   * The view's rows may be removed: runs in the transaction before the rows are deleted, throws to
   * refuse (a role still held), removes what hangs on them. Without it nothing is removed.
   */
  beforeRemove?: (ctx: ViewRemoveContext) => Promise<void>;
  /**
   * For a view whose rows are declarations (a reader's `source`: the switchable services), where an
   * action's changes are kept: given the row as read and the columns to set (the state, the
   * parameters, the handler's patch; a save's fields), stores them (an upsert into the platform's
   * table). Such a view has no table of its own: a write's rows are read from the source (not locked).
   */
  store?: (ctx: { tx: Db; auth: AuthContext; row: Row; set: Row; actor: AuditActor }) => Promise<void>;
  /**
   * The view's scope holds every row to the caller as a person (their own notices): a write needs
   * the menu's view right only, since what may be written is what the caller may read.
   */
  ownRows?: true;
  /**
   * How a save is recorded when the view is a second screen over a table another view owns (a
   * user's own profile over `users`): the audit's record kind and action (default: the view's name
   * and `update`), and a field's value as the journal shows it (an ID number masked).
   */
  audit?: { entity?: string; action?: string; value?: (field: string, value: unknown) => unknown };
  /**
   * Unique indexes of the table by name, each the field and message a save gets when it races past
   * the validate hook's own check (two saves at once): `{ users_email_uq: { email: 'profile.emailTaken' } }`.
   */
  unique?: Record<string, Record<string, string>>;
};

const WRITERS = new Map<string, ViewWriter>();

/** Registers an editable view's rules (by the area that owns its table). */
export function registerViewWriter(entity: string, writer: ViewWriter): void {
  WRITERS.set(entity, writer);
}

function writerOf(entity: EntityDef): ViewWriter {
  if (!entity.editable) throw notFound();
  return WRITERS.get(entity.name) ?? {};
}

const hasOwn = (o: Row, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** A column's value as a parameter: a declared field by its type, an undeclared column (a hash) as it is. */
function param(entity: EntityDef, key: string, value: unknown) {
  const f = entity.fields.find((x) => x.key === key);
  return f ? valueParam(f, value) : sql`${value === undefined ? null : value}`;
}

async function openWrite(ctx: ResourceContext, entity: EntityDef, verb: 'create' | 'update' | 'remove' | `action:${string}`) {
  if (!ctx.auth) throw new AppError('err.unauthorized');
  const auth = ctx.auth;
  const clientId = await assertCan(auth, entity.menuCode, WRITERS.get(entity.name)?.ownRows ? 'read' : verb, ctx);
  const { where } = await viewScopeOf(entity)(auth, ctx.db);
  const actor: AuditActor = { clientId, userId: auth.userId, username: auth.username, ip: ctx.ip };
  return { auth, clientId, where, actor };
}

/**
 * The values that are columns of the view's table: a computed field a save gives (a role's grants)
 * is the hooks' to store elsewhere, never a column.
 */
function columnsOf(entity: EntityDef, values: Row): Row {
  const computed = viewComputedFields(entity);
  return Object.fromEntries(Object.entries(values).filter(([k]) => !computed.has(k)));
}

/**
 * The rows a write names within the view's scope: locked rows of its table, or, for a view whose rows
 * are declarations kept by its writer's `store`, the source's rows (a derived table: not locked).
 */
async function rowsToWrite(tx: Db, entity: EntityDef, writer: ViewWriter, ids: number[], where: RawBuilder<unknown>, ctx: { auth: AuthContext; language: ResourceContext['language'] }): Promise<Row[]> {
  const idList = sql.join(ids.map((i) => sql`${i}`));
  // A view whose rows are computed in code (a supplier's nodes sent to it) is written by its `store` too.
  const computedRows = await viewComputedRows(entity, { db: tx, ...ctx });
  if (computedRows) {
    if (!writer.store) throw notFound();
    return (await sql<Row>`select * from ${computedRows} t where t.id in (${idList}) and ${where} order by t.id`.execute(tx)).rows;
  }
  const source = viewSourceOf(entity);
  if (source && !writer.store) throw notFound();
  // A computed field is read beside the locked row, so a state computed in SQL (a key past its expiry) gates a transition.
  const computed = Object.entries(viewComputedSql(entity)).map(([k, e]) => sql`, ${e} as ${sql.id(k)}`);
  const rows = source
    ? await sql<Row>`select * from ${source()} t where t.id in (${idList}) and ${where} order by t.id`.execute(tx)
    : await sql<Row>`select t.* ${sql.join(computed, sql` `)} from ${tbl(entity)} t where t.id in (${idList}) and ${where} order by t.id for update of t`.execute(tx);
  return rows.rows;
}

/** Sets columns of a row: an UPDATE of the view's table, or its writer's `store` for a view whose rows are declarations. */
async function setRow(tx: Db, entity: EntityDef, writer: ViewWriter, auth: AuthContext, row: Row, set: Row, actor: AuditActor): Promise<Row> {
  if (!writer.store) return updateRow(tx, entity, Number(row.id), set);
  await writer.store({ tx, auth, row, set, actor });
  return { ...row, ...set };
}

/** Sets columns of one row: `version + 1`, `updated_at`; returns the row as stored. */
async function updateRow(tx: Db, entity: EntityDef, id: number, set: Row): Promise<Row> {
  const sets = [...Object.keys(set).map((k) => sql`${sql.id(k)} = ${param(entity, k, set[k])}`), sql`version = version + 1`, sql`updated_at = now()`];
  return (await sql<Row>`update ${tbl(entity)} set ${sql.join(sets)} where id = ${id} returning *`.execute(tx)).rows[0];
}

/** The declared fields among `keys` that changed, old beside new. */
const declaredChanges = (entity: EntityDef, keys: string[], before: Row, after: Row) =>
  diffRecords(entity.fields.map((f) => f.key).filter((k) => keys.includes(k)), before, after);

/**
 * The declared writable fields a body gives, each validated by its declaration; a new row's are all
 * checked (a required one missing is refused), a stored row's only those the body names.
 */
function fieldValues(entity: EntityDef, body: Row, creating: boolean): { values: Row; errors: Record<string, FieldError> } {
  const values: Row = {};
  const errors: Record<string, FieldError> = {};
  for (const f of entity.fields as FieldDef[]) {
    if (f.readonly || (!creating && !hasOwn(body, f.key))) continue;
    const r = validateField(f, body[f.key]);
    if (r.error) errors[f.key] = toFieldError(r.error);
    else if (hasOwn(body, f.key)) values[f.key] = r.value;
  }
  return { values, errors };
}

/** The field error of a unique index the writer names (`ViewWriter.unique`), for a save that raced past its check. */
function uniqueRefusal(writer: ViewWriter, e: unknown): AppError | undefined {
  const err = e as { code?: string; constraint?: string; message?: string };
  if (!err || err.code !== '23505') return undefined;
  const index = Object.keys(writer.unique ?? {}).find((name) => (err.constraint ?? err.message ?? '').includes(name));
  if (!index) return undefined;
  const fields = Object.fromEntries(Object.entries(writer.unique![index]).map(([field, key]) => [field, { key }]));
  return new AppError('err.validation', { fields });
}

/** Runs the area's checks and its before-save hook; refuses with every field error at once. */
async function checkedSave(writer: ViewWriter, sc: ViewSaveContext): Promise<void> {
  await writer.validate?.(sc);
  if (Object.keys(sc.errors).length) throw new AppError('err.validation', { fields: sc.errors });
  await writer.beforeSave?.(sc);
}

/**
 * What an area's own call adds to a save of a stored row, in its transaction, before the checks and
 * hooks: columns the body may not set (an uploaded image's address, recorded by `set` with its file
 * row), audited under the call's action (`update-company-logo`).
 */
export type ViewSaveAlso = { action: string; set: (ctx: ViewSaveContext) => Promise<Row> };

/**
 * `POST /{prefix}/{entity}/save` of an editable view: one stored row updated at its version, or,
 * without an id and when the view takes new rows, one row inserted; the reply is its fresh view.
 */
export async function viewSave(ctx: ResourceContext, entity: EntityDef, body: Row, also?: ViewSaveAlso): Promise<Row> {
  const writer = writerOf(entity);
  const id = parseId(body.id);
  if (id === null) {
    if (!writer.create || (body.id !== undefined && body.id !== null && body.id !== '')) throw notFound();
    return viewCreate(ctx, entity, writer, body);
  }
  const { auth, clientId, where, actor } = await openWrite(ctx, entity, 'update');
  const version = parseVersion(body);
  if (version === null || Number.isNaN(version)) throw new AppError('err.validation', { fields: { version: { key: 'rule.required' } } });
  const { values, errors } = fieldValues(entity, body, false);
  const effects: Array<() => Promise<void>> = [];
  let reply: Row | undefined;
  await withTenant(ctx.db, clientId, async (tx) => {
    const before = (await rowsToWrite(tx, entity, writer, [id], where, { auth, language: ctx.language }))[0];
    if (!before) throw notFound();
    if (Number(before.version) !== version) throw new AppError('err.staleVersion');
    const sc: ViewSaveContext = { tx, auth, clientId, entity, before, values, errors, ip: ctx.ip, db: ctx.db, afterCommit: effects };
    if (also) Object.assign(values, await also.set(sc));
    await checkedSave(writer, sc);
    reply = sc.reply;
    const columns = columnsOf(entity, values);
    const keys = Object.keys(columns);
    if (!keys.length && !sc.touched) return;
    const after = await setRow(tx, entity, writer, auth, before, columns, actor);
    await writer.afterSave?.({ ...sc, after });
    const shown = writer.audit?.value ?? ((_: string, v: unknown) => v);
    const changes = [...declaredChanges(entity, keys, before, after).map((c) => ({ ...c, old: shown(c.field, c.old), new: shown(c.field, c.new) })), ...(sc.audit ?? [])];
    if (changes.length) await writeAudit(tx, actor, writer.audit?.entity ?? entity.name, id, also?.action ?? writer.audit?.action ?? 'update', changes);
  }).catch((e: unknown) => {
    throw uniqueRefusal(writer, e) ?? e;
  });
  for (const effect of effects) await effect();
  return { ...(await viewRecord(ctx, entity, id)), ...reply };
}

/** A new row of a view that takes them: the same checks and hooks as a save, one INSERT, audited as `create`. */
async function viewCreate(ctx: ResourceContext, entity: EntityDef, writer: ViewWriter, body: Row): Promise<Row> {
  const { auth, clientId, actor } = await openWrite(ctx, entity, 'create');
  const { values, errors } = fieldValues(entity, body, true);
  const effects: Array<() => Promise<void>> = [];
  let reply: Row | undefined;
  const id = await withTenant(ctx.db, clientId, async (tx) => {
    const sc: ViewSaveContext = { tx, auth, clientId, entity, before: {}, values, errors, ip: ctx.ip, db: ctx.db, afterCommit: effects };
    await checkedSave(writer, sc);
    const columns = columnsOf(entity, values);
    const row: Row = { ...writer.create!({ auth, clientId }), ...columns };
    const keys = Object.keys(row);
    const after = (await sql<Row>`insert into ${tbl(entity)} (${sql.join(keys.map((k) => sql.id(k)))})
      values (${sql.join(keys.map((k) => param(entity, k, row[k])))}) returning *`.execute(tx)).rows[0];
    await writer.afterSave?.({ ...sc, after });
    await writeAudit(tx, actor, entity.name, Number(after.id), 'create', [...declaredChanges(entity, Object.keys(columns), {}, after), ...(sc.audit ?? [])]);
    reply = sc.reply;
    return Number(after.id);
  });
  for (const effect of effects) await effect();
  return { ...(await viewRecord(ctx, entity, id)), ...reply };
}

/**
 * `POST /{prefix}/{entity}/remove` of an editable view whose writer removes rows: the selected rows
 * (`ids`, `versions` or `version`), locked within the view's scope at the versions read, the area's
 * check and clean-up, one DELETE, each row's removal audited. All or none.
 */
export async function viewRemove(ctx: ResourceContext, entity: EntityDef, body: Row): Promise<{ removed: number }> {
  const writer = writerOf(entity);
  if (!writer.beforeRemove) throw notFound();
  const { auth, clientId, where, actor } = await openWrite(ctx, entity, 'remove');
  const ids = parseIds(body);
  if (!ids.length) throw new AppError('res.noIds');
  const versions = parseVersions(body, ids);
  await withTenant(ctx.db, clientId, async (tx) => {
    const idList = sql.join(ids.map((i) => sql`${i}`));
    const rows = (await sql<Row>`select * from ${tbl(entity)} t where t.id in (${idList}) and ${where} order by t.id for update`.execute(tx)).rows;
    if (rows.length !== ids.length) throw notFound();
    if (!versions) throw new AppError('err.validation', { fields: { version: { key: 'rule.required' } } });
    for (const row of rows) if (Number(row.version) !== versions.get(Number(row.id))) throw new AppError('err.staleVersion');
    await writer.beforeRemove!({ tx, auth, clientId, entity, rows, ip: ctx.ip });
    await sql`delete from ${tbl(entity)} where id in (${idList})`.execute(tx);
    for (const row of rows) await writeAudit(tx, actor, entity.name, Number(row.id), 'remove', []);
  });
  return { removed: ids.length };
}

/**
 * `POST /{prefix}/{entity}/action/{action}` of an editable view: a transition of its states or an
 * action its writer handles, on the selected rows (`ids`, `version` with one id), all or none.
 */
export async function viewAction(ctx: ResourceContext, entity: EntityDef, action: string, body: Row): Promise<{ rows: Row[]; data?: unknown[] }> {
  const writer = writerOf(entity);
  const transition = entity.states?.transitions.find((t) => t.action === action) ?? null;
  const handler = writer.actions?.[action];
  if (!transition && !handler) throw new AppError('res.unknownAction', { as: 'notFound', params: { action } });
  const { auth, clientId, where, actor } = await openWrite(ctx, entity, `action:${action}`);
  if (transition?.roles?.length && !transition.roles.some((r) => auth.roles.includes(r))) throw forbidden();
  const ids = [...new Set(parseIds(body))];
  if (!ids.length) throw new AppError('res.noIds');
  const version = parseVersion(body);
  const { params, errors } = transitionParams(transition, body);
  const label = transition ? labelIn(transition.label, ctx.language) : action;
  const effects: Array<() => Promise<void>> = [];
  const data = await withTenant(ctx.db, clientId, async (tx) => {
    const rows = await rowsToWrite(tx, entity, writer, ids, where, { auth, language: ctx.language });
    if (rows.length !== ids.length) throw notFound();
    if (Object.keys(errors).length) throw new AppError('err.validation', { fields: errors });
    const out: unknown[] = [];
    for (const row of rows) {
      if (version !== null && ids.length === 1 && Number(row.version) !== version) throw new AppError('err.staleVersion');
      if (transition && entity.states && !transition.from.includes(String(row[entity.states.field]))) throw new AppError('res.transitionNotAllowed', { params: { action: label } });
      const outcome = (await handler?.({ tx, db: ctx.db, auth, clientId, entity, row, transition, params, ip: ctx.ip })) ?? {};
      const patch: Row = { ...outcome.patch };
      for (const f of entity.fields) if (hasOwn(params, f.key)) patch[f.key] = params[f.key];
      if (transition?.to && entity.states) patch[entity.states.field] = transition.to;
      // A state computed in SQL (an API key's, from its revocation) is not a column: the handler's patch sets what it is computed from.
      const set = columnsOf(entity, patch);
      const after = Object.keys(set).length ? await setRow(tx, entity, writer, auth, row, set, actor) : row;
      await writeAudit(tx, actor, entity.name, Number(row.id), action, [...declaredChanges(entity, Object.keys(set), row, after), ...(outcome.audit ?? [])]);
      if (outcome.afterCommit) effects.push(outcome.afterCommit);
      if (outcome.data !== undefined) out.push(outcome.data);
    }
    return out;
  });
  for (const effect of effects) await effect();
  const rows = await Promise.all(ids.map((id) => viewRecord(ctx, entity, id)));
  return data.length ? { rows, data } : { rows };
}
