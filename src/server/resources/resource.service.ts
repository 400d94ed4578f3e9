import { sql, type RawBuilder } from 'kysely';
import {
  allEntities,
  requireEntity,
  translate,
  validateField,
  validateRecord,
  type EntityDef,
  type FieldDef,
  type Language,
  type MessageRef,
} from '../../model';
import { resolveDefault } from '../../model/default-tokens';
import type { AuthContext } from '../access/auth-context';
import type { Db } from '../db/database';
import { AppError, forbidden, notFound, type FieldError } from '../http/errors';
import { diffRecords, readAudit, writeAudit, type AuditActor, type AuditChange } from '../services/audit/audit.service';
import { withTenant } from '../services/rls';
import { nextNumber } from '../services/sequence/sequence.service';
import { actionHandlers, type ActionOutcome } from './action-handlers';
import { orderSql, parsePageQuery, whereSql } from './page-query';
import { assertCan, dataScope } from './permissions';
import { isRefField, refTarget } from './references';
import { hooksOf } from './save-hooks';

/**
 * The generic resource service: page, view, save, remove, action and history of any registry
 * entity. Every statement carries the tenant filter `client_id = :tenant` in SQL; a save, remove or
 * action runs in one transaction that touches nothing outside it (PGlite is one connection).
 */
export type ResourceContext = { db: Db; auth: AuthContext | null; ip: string | null; language: Language; now?: Date };

type Row = Record<string, unknown>;

const JSONB_TYPES = new Set(['multidict', 'matrix', 'transfer', 'rules', 'json']);
const SYSTEM_SELECT = ['id', 'version', 'created_by', 'created_at', 'updated_by', 'updated_at'];

const label = (l: { zh: string; en: string }, language: Language) => (language === 'en' ? l.en : l.zh);

/** Table of an entity as an SQL identifier. */
const tbl = (entity: EntityDef) => sql.table(entity.table);
const col = (field: string) => sql.id('t', field);

/** The select list of an entity's rows: system columns, fields, and `<field>__label` of references. */
function selectList(entity: EntityDef): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [...SYSTEM_SELECT, ...entity.fields.map((f) => f.key)].map((c) => col(c));
  for (const f of entity.fields) {
    const target = isRefField(f) ? refTarget(f) : null;
    if (!target) continue;
    // A correlated lookup within the same tenant: a label never leaks another tenant's row.
    parts.push(
      sql`(select r.${sql.id(target.labelColumn)} from ${sql.table(target.table)} r where r.id = ${col(f.key)} and r.client_id = t.client_id) as ${sql.id(`${f.key}__label`)}`,
    );
  }
  return sql.join(parts);
}

function valueParam(field: FieldDef, value: unknown): RawBuilder<unknown> {
  if (value === null || value === undefined) return sql`null`;
  if (JSONB_TYPES.has(field.type)) return sql`${JSON.stringify(value)}::jsonb`;
  return sql`${value}`;
}

function tenantOf(ctx: ResourceContext): AuthContext {
  if (!ctx.auth) throw new AppError('unauthorized');
  return ctx.auth;
}

function childEntities(entity: EntityDef) {
  return (entity.children ?? []).map((c) => ({ def: c, entity: requireEntity(c.entity) }));
}

// ---------------------------------------------------------------------------------------------
// page and view

export type PageResult = { rows: Row[]; total: number; tabs?: Record<string, number> };

export async function pageRows(ctx: ResourceContext, entity: EntityDef, query: Record<string, unknown>): Promise<PageResult> {
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'read', ctx);
  const scope = await dataScope(auth, entity.menuCode, ctx);
  const pq = parsePageQuery(entity, query);
  const where = whereSql(entity, pq, clientId, scope);
  return withTenant(ctx.db, clientId, async (tx) => {
    const total = (await sql<{ n: number }>`select count(*)::int as n from ${tbl(entity)} t where ${where}`.execute(tx)).rows[0].n;
    // Deferred join: the page is cut from narrow rows first, and only its rows get their reference
    // labels; otherwise a deep OFFSET would compute a label for every skipped row (benchmark B1).
    const order = orderSql(entity, pq);
    const rows = (
      await sql<Row>`select ${selectList(entity)} from (select t.* from ${tbl(entity)} t where ${where} order by ${order}
        limit ${pq.size} offset ${(pq.page - 1) * pq.size}) t order by ${order}`.execute(tx)
    ).rows;
    const result: PageResult = { rows, total };
    if (pq.withTabs && entity.states) {
      const field = entity.states.field;
      const counts = await sql<{ s: string | null; n: number }>`select ${col(field)} as s, count(*)::int as n from ${tbl(entity)} t
        where ${whereSql(entity, pq, clientId, scope, { withoutTab: true })} group by ${col(field)}`.execute(tx);
      const tabs: Record<string, number> = { all: 0 };
      for (const st of entity.states.states) tabs[st.code] = 0;
      for (const r of counts.rows) {
        tabs.all += r.n;
        if (r.s !== null) tabs[r.s] = (tabs[r.s] ?? 0) + r.n;
      }
      result.tabs = tabs;
    }
    return result;
  });
}

async function loadRows(db: Db, entity: EntityDef, clientId: number, ids: number[], scope: RawBuilder<unknown>[], lock: boolean): Promise<Row[]> {
  if (!ids.length) return [];
  const conds = [sql`t.client_id = ${clientId}`, sql`t.id in (${sql.join(ids.map((i) => sql`${i}`))})`, ...scope];
  // FOR UPDATE locks the rows a write will change (PostgreSQL); labels are read later, outside the lock.
  const q = lock
    ? sql<Row>`select t.* from ${tbl(entity)} t where ${sql.join(conds, sql` and `)} order by t.id for update`
    : sql<Row>`select ${selectList(entity)} from ${tbl(entity)} t where ${sql.join(conds, sql` and `)} order by t.id`;
  return (await q.execute(db)).rows;
}

async function loadChildren(db: Db, child: EntityDef, foreignKey: string, clientId: number, parentIds: number[], withLabels: boolean): Promise<Row[]> {
  if (!parentIds.length) return [];
  const select = withLabels ? sql.join([selectList(child), col(foreignKey)]) : sql`t.*`;
  return (
    await sql<Row>`select ${select} from ${tbl(child)} t where t.client_id = ${clientId}
      and ${col(foreignKey)} in (${sql.join(parentIds.map((i) => sql`${i}`))}) order by t.id`.execute(db)
  ).rows;
}

/** One document with its child collections and reference labels, or 404 (also for another tenant's id). */
export async function viewDocument(ctx: ResourceContext, entity: EntityDef, idRaw: unknown): Promise<Row> {
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'read', ctx);
  const scope = await dataScope(auth, entity.menuCode, ctx);
  const id = parseId(idRaw);
  if (id === null) throw notFound();
  return withTenant(ctx.db, clientId, async (tx) => {
    const [row] = await loadRows(tx, entity, clientId, [id], scope, false);
    if (!row) throw notFound();
    for (const c of childEntities(entity)) row[c.def.key] = await loadChildren(tx, c.entity, c.def.foreignKey, clientId, [id], true);
    return row;
  });
}

// ---------------------------------------------------------------------------------------------
// body helpers

export function parseId(raw: unknown): number | null {
  const v = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (typeof v === 'number') return Number.isSafeInteger(v) && v > 0 ? v : null;
  if (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) && Number(v) > 0) return Number(v);
  return null;
}

/** Ids of a remove or bulk action: a list, JSON text, comma-separated text, or one `id`. */
export function parseIds(body: Row): number[] {
  let raw: unknown = body.ids ?? body.id;
  if (typeof raw === 'string' && raw.trim().startsWith('[')) {
    try {
      raw = JSON.parse(raw);
    } catch {
      raw = null;
    }
  }
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : raw === undefined || raw === null ? [] : [raw];
  const ids = list.map((x) => parseId(typeof x === 'string' ? x.trim() : x));
  if (ids.some((x) => x === null)) throw new AppError('badRequest', 'res.noIds');
  return [...new Set(ids as number[])];
}

/**
 * A child collection from a body: a list (JSON body) or JSON text (form body, spec 3), where an
 * empty string is an empty list (spec 7: empty arrays are sent as empty strings).
 */
function childRows(raw: unknown, key: string): Row[] | undefined {
  if (raw === undefined) return undefined;
  let v = raw;
  if (typeof v === 'string') {
    if (v.trim() === '') return [];
    try {
      v = JSON.parse(v);
    } catch {
      throw new AppError('validation', undefined, { fields: { [key]: { key: 'err.badRequest' } } });
    }
  }
  if (v === null) return [];
  if (!Array.isArray(v) || v.some((r) => !r || typeof r !== 'object' || Array.isArray(r)))
    throw new AppError('validation', undefined, { fields: { [key]: { key: 'err.badRequest' } } });
  return v as Row[];
}

/** Form bodies repeat a key for multi-values; a single-valued field takes the last one. */
function bodyValue(field: FieldDef, v: unknown): unknown {
  if (Array.isArray(v) && !JSONB_TYPES.has(field.type)) return v.length ? v[v.length - 1] : null;
  return v;
}

function pickFields(entity: EntityDef, source: Row, onlyPresent: boolean): Row {
  const out: Row = {};
  for (const f of entity.fields) {
    if (f.readonly) continue;
    if (Object.prototype.hasOwnProperty.call(source, f.key)) out[f.key] = bodyValue(f, source[f.key]);
    else if (!onlyPresent) out[f.key] = undefined;
  }
  return out;
}

function withDefaults(entity: EntityDef, input: Row, ctx: ResourceContext, auth: AuthContext): Row {
  const out = { ...input };
  const tokenCtx = { now: ctx.now ?? new Date(), session: { userId: auth.userId, fullname: auth.fullname, clientId: auth.clientId } };
  for (const f of entity.fields) {
    if (f.readonly || f.default === undefined) continue;
    if (!Object.prototype.hasOwnProperty.call(input, f.key)) out[f.key] = resolveDefault(f.default, tokenCtx);
  }
  return out;
}

const toFieldError = (m: MessageRef): FieldError => ({ key: m.key, params: m.params });

// ---------------------------------------------------------------------------------------------
// save

type ChildPlan = { key: string; entity: EntityDef; foreignKey: string; rows: Array<{ id: number | null; values: Row }> | undefined };

/**
 * Creates or updates a whole master-detail document in one transaction: header fields, then each
 * child collection (rows with an id are updated, rows without are inserted, stored rows missing
 * from the body are deleted). Returns the saved document as `view` returns it.
 */
export async function saveDocument(ctx: ResourceContext, entity: EntityDef, body: Row): Promise<Row> {
  if (entity.childOnly) throw notFound();
  const auth = tenantOf(ctx);
  const id = parseId(body.id);
  const clientId = await assertCan(auth, entity.menuCode, id ? 'update' : 'create', ctx);
  const scope = await dataScope(auth, entity.menuCode, ctx);
  const versionRaw = Array.isArray(body.version) ? body.version[body.version.length - 1] : body.version;
  const version = versionRaw === undefined || versionRaw === null || versionRaw === '' ? null : Number(versionRaw);
  if (id && (version === null || !Number.isInteger(version))) throw new AppError('validation', undefined, { fields: { version: { key: 'rule.required' } } });
  if (body.id !== undefined && body.id !== null && body.id !== '' && id === null) throw notFound();

  const children = childEntities(entity);
  const bodyChildren = new Map(children.map((c) => [c.def.key, childRows(body[c.def.key], c.def.key)]));
  const actor: AuditActor = { clientId, userId: auth.userId, username: auth.username, ip: ctx.ip };

  try {
    const savedId = await withTenant(ctx.db, clientId, async (tx) => {
      let before: Row | null = null;
      if (id) {
        [before] = await loadRows(tx, entity, clientId, [id], scope, true);
        if (!before) throw notFound();
        if (Number(before.version) !== version) throw new AppError('staleVersion');
        if (entity.states?.locked?.includes(String(before[entity.states.field]))) throw new AppError('conflict', 'res.lockedState');
      }

      // Header: an update merges the body over the stored row so document checks see the whole record.
      const given = pickFields(entity, body, true);
      const merged = before ? { ...pickFields(entity, before, false), ...given } : withDefaults(entity, given, ctx, auth);
      const numbering = entity.numbering;
      const skipRequired = numbering ? [numbering.field] : [];
      const header = validateRecord(entity, merged, { skipRequired });
      const errors: Record<string, FieldError> = {};
      for (const [k, m] of Object.entries(header.errors)) errors[k] = toFieldError(m);
      const values = header.values;
      if (numbering && before && (values[numbering.field] === null || values[numbering.field] === undefined)) values[numbering.field] = before[numbering.field];

      // Children: validated per row, errors keyed `lines[3].qty` (spec 8: a rules table gets per-row errors).
      const plans: ChildPlan[] = [];
      for (const c of children) {
        const rows = bodyChildren.get(c.def.key);
        const stored = before && rows ? await loadChildren(tx, c.entity, c.def.foreignKey, clientId, [id as number], false) : [];
        const storedById = new Map(stored.map((r) => [Number(r.id), r]));
        const plan: ChildPlan = { key: c.def.key, entity: c.entity, foreignKey: c.def.foreignKey, rows: undefined };
        if (rows) {
          plan.rows = [];
          rows.forEach((raw, i) => {
            const childId = raw.id === undefined || raw.id === null || raw.id === '' ? null : parseId(raw.id);
            const storedRow = childId ? storedById.get(childId) : undefined;
            if ((raw.id !== undefined && raw.id !== null && raw.id !== '' && childId === null) || (childId !== null && !storedRow)) {
              errors[`${c.def.key}[${i}].id`] = { key: 'res.childRowMissing' };
              return;
            }
            const givenRow = pickFields(c.entity, raw, true);
            const mergedRow = storedRow ? { ...pickFields(c.entity, storedRow, false), ...givenRow } : withDefaults(c.entity, givenRow, ctx, auth);
            const v = validateRecord(c.entity, mergedRow);
            for (const [k, m] of Object.entries(v.errors)) errors[`${c.def.key}[${i}].${k}`] = toFieldError(m);
            plan.rows!.push({ id: childId, values: v.values });
          });
        }
        plans.push(plan);
      }

      // References exist within the tenant; a tree parent is neither the record nor one of its descendants.
      await checkReferences(tx, clientId, entity, values, '', errors);
      for (const p of plans) for (const [i, r] of (p.rows ?? []).entries()) await checkReferences(tx, clientId, p.entity, r.values, `${p.key}[${i}].`, errors);
      if (entity.treeParent && id && values[entity.treeParent] && !errors[entity.treeParent]) {
        if (await isDescendantOrSelf(tx, entity, clientId, id, Number(values[entity.treeParent]))) errors[entity.treeParent] = { key: 'res.treeCycle' };
      }

      for (const hook of hooksOf(entity)) await hook.validate?.({ tx, auth, clientId, entity, before: before ?? null, values, errors });

      // Unique keys per tenant; a taken document number is spec 8's "order number already exists".
      let duplicateNumber = false;
      for (const f of entity.fields) {
        if (!(f.unique || f.key === entity.codeField) || errors[f.key]) continue;
        const v = values[f.key];
        if (v === null || v === undefined) continue;
        const taken = await sql<{ id: number }>`select t.id from ${tbl(entity)} t where t.client_id = ${clientId} and ${col(f.key)} = ${v}
          and t.id <> ${id ?? 0} limit 1`.execute(tx);
        if (taken.rows.length) {
          if (numbering?.field === f.key) {
            duplicateNumber = true;
            errors[f.key] = { key: 'err.duplicateNumber' };
          } else errors[f.key] = { key: 'rule.unique' };
        }
      }
      if (Object.keys(errors).length) {
        if (duplicateNumber && Object.keys(errors).length === 1) throw new AppError('conflict', 'err.duplicateNumber', { fields: errors });
        throw new AppError('validation', undefined, { fields: errors });
      }

      if (numbering && !before && (values[numbering.field] === null || values[numbering.field] === undefined))
        values[numbering.field] = await freeNumber(tx, entity, clientId, ctx.now ?? new Date());

      // Write the header.
      let after: Row;
      const writable = entity.fields.filter((f) => !f.readonly);
      if (before) {
        const sets = writable.map((f) => sql`${sql.id(f.key)} = ${valueParam(f, values[f.key])}`);
        const r = await sql<Row>`update ${tbl(entity)} set ${sql.join(sets)}, version = version + 1, updated_by = ${auth.userId}, updated_at = now()
          where id = ${id} and client_id = ${clientId} and version = ${version} returning *`.execute(tx);
        if (!r.rows.length) throw new AppError('staleVersion');
        after = r.rows[0];
      } else {
        const cols = [...writable];
        const vals = writable.map((f) => valueParam(f, values[f.key]));
        if (entity.states) {
          cols.push(entity.fields.find((f) => f.key === entity.states!.field)!);
          vals.push(sql`${entity.states.initial}`);
        }
        const r = await sql<Row>`insert into ${tbl(entity)} (client_id, created_by, updated_by, ${sql.join(cols.map((f) => sql.id(f.key)))})
          values (${clientId}, ${auth.userId}, ${auth.userId}, ${sql.join(vals)}) returning *`.execute(tx);
        after = r.rows[0];
      }
      const docId = Number(after.id);
      const fieldKeys = entity.fields.map((f) => f.key);
      const changes: AuditChange[] = diffRecords(fieldKeys, before, after);

      // Write the children.
      for (const p of plans) {
        if (!p.rows) continue;
        const stored = before ? await loadChildren(tx, p.entity, p.foreignKey, clientId, [docId], false) : [];
        const storedById = new Map(stored.map((r) => [Number(r.id), r]));
        const keep = new Set<number>();
        const childKeys = p.entity.fields.map((f) => f.key);
        const childWritable = p.entity.fields.filter((f) => !f.readonly);
        for (const r of p.rows) {
          if (r.id !== null) {
            keep.add(r.id);
            const old = storedById.get(r.id)!;
            const diff = diffRecords(childKeys, old, { ...old, ...r.values }, `${p.key}[#${r.id}].`);
            if (!diff.length) continue;
            await sql`update ${tbl(p.entity)} set ${sql.join(childWritable.map((f) => sql`${sql.id(f.key)} = ${valueParam(f, r.values[f.key])}`))},
              version = version + 1, updated_by = ${auth.userId}, updated_at = now()
              where id = ${r.id} and client_id = ${clientId} and ${sql.id(p.foreignKey)} = ${docId}`.execute(tx);
            changes.push(...diff);
          } else {
            const ins = await sql<Row>`insert into ${tbl(p.entity)} (client_id, created_by, updated_by, ${sql.id(p.foreignKey)}, ${sql.join(childWritable.map((f) => sql.id(f.key)))})
              values (${clientId}, ${auth.userId}, ${auth.userId}, ${docId}, ${sql.join(childWritable.map((f) => valueParam(f, r.values[f.key])))}) returning *`.execute(tx);
            changes.push(...diffRecords(childKeys, null, ins.rows[0], `${p.key}[#${ins.rows[0].id}].`));
          }
        }
        const gone = stored.filter((r) => !keep.has(Number(r.id)));
        if (gone.length) {
          await sql`delete from ${tbl(p.entity)} where client_id = ${clientId} and ${sql.id(p.foreignKey)} = ${docId}
            and id in (${sql.join(gone.map((r) => sql`${Number(r.id)}`))})`.execute(tx);
          for (const g of gone) changes.push(...diffRecords(childKeys, g, null, `${p.key}[#${g.id}].`));
        }
      }
      for (const hook of hooksOf(entity)) await hook.afterWrite?.({ tx, auth, clientId, entity, id: docId, created: !before });
      if (!before || changes.length) await writeAudit(tx, actor, entity.name, docId, before ? 'update' : 'create', changes);
      return docId;
    });
    return await viewDocument(ctx, entity, savedId);
  } catch (error) {
    throw mapDbError(error, entity);
  }
}

/** The next free number: skips a value someone typed by hand earlier (bounded, then the unique index decides). */
async function freeNumber(tx: Db, entity: EntityDef, clientId: number, now: Date): Promise<string> {
  const numbering = entity.numbering!;
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = await nextNumber(tx, clientId, entity.name, numbering, now);
    const taken = await sql`select 1 from ${tbl(entity)} t where t.client_id = ${clientId} and ${col(numbering.field)} = ${candidate} limit 1`.execute(tx);
    if (!taken.rows.length) return candidate;
  }
  throw new AppError('conflict', 'err.duplicateNumber');
}

async function checkReferences(tx: Db, clientId: number, entity: EntityDef, values: Row, prefix: string, errors: Record<string, FieldError>): Promise<void> {
  for (const f of entity.fields) {
    if (!isRefField(f) || errors[prefix + f.key]) continue;
    const v = values[f.key];
    if (v === null || v === undefined) continue;
    const target = refTarget(f);
    if (!target) continue;
    const found = await sql`select 1 from ${sql.table(target.table)} r where r.id = ${v} and r.client_id = ${clientId}`.execute(tx);
    if (!found.rows.length) errors[prefix + f.key] = { key: 'rule.referenceMissing' };
  }
}

async function isDescendantOrSelf(tx: Db, entity: EntityDef, clientId: number, id: number, candidateParent: number): Promise<boolean> {
  if (candidateParent === id) return true;
  // Walk up from the candidate parent; meeting the record itself means the parent is its descendant.
  const parent = sql.id(entity.treeParent!);
  const r = await sql<{ id: number }>`
    with recursive up(id, parent, depth) as (
      select t.id, t.${parent}, 0 from ${tbl(entity)} t where t.id = ${candidateParent} and t.client_id = ${clientId}
      union all
      select t.id, t.${parent}, up.depth + 1 from ${tbl(entity)} t join up on t.id = up.parent where t.client_id = ${clientId} and up.depth < 1000
    ) select id from up where id = ${id} limit 1`.execute(tx);
  return r.rows.length > 0;
}

/** A unique violation that slipped past the checks (two saves racing on PostgreSQL) becomes the field error. */
function mapDbError(error: unknown, entity: EntityDef): unknown {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e && e.code === '23505') {
    const field = entity.fields.find((f) => (e.constraint ?? e.message ?? '').includes(`${entity.table}_${f.key}_uq`));
    if (field && entity.numbering?.field === field.key) return new AppError('conflict', 'err.duplicateNumber', { fields: { [field.key]: { key: 'err.duplicateNumber' } } });
    if (field) return new AppError('validation', undefined, { fields: { [field.key]: { key: 'rule.unique' } } });
    return new AppError('conflict', 'err.duplicateNumber');
  }
  if (e && e.code === '40001') return new AppError('staleVersion');
  return error;
}

// ---------------------------------------------------------------------------------------------
// remove

/** Entities and fields that point at `entity` (its references and tree parents). */
function referrers(entity: EntityDef): Array<{ entity: EntityDef; field: FieldDef }> {
  const out: Array<{ entity: EntityDef; field: FieldDef }> = [];
  for (const e of allEntities()) for (const f of e.fields) if (isRefField(f) && f.ref?.entity === entity.name) out.push({ entity: e, field: f });
  return out;
}

/** Removes documents with their child rows; refuses locked states and records still referenced. */
export async function removeDocuments(ctx: ResourceContext, entity: EntityDef, body: Row): Promise<{ removed: number }> {
  if (entity.childOnly) throw notFound();
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'remove', ctx);
  const scope = await dataScope(auth, entity.menuCode, ctx);
  const ids = parseIds(body);
  if (!ids.length) throw new AppError('badRequest', 'res.noIds');
  const actor: AuditActor = { clientId, userId: auth.userId, username: auth.username, ip: ctx.ip };
  await withTenant(ctx.db, clientId, async (tx) => {
    const rows = await loadRows(tx, entity, clientId, ids, scope, true);
    if (rows.length !== ids.length) throw notFound();
    for (const row of rows) {
      if (entity.states?.locked?.includes(String(row[entity.states.field]))) throw new AppError('conflict', 'res.lockedState');
    }
    for (const hook of hooksOf(entity)) await hook.beforeRemove?.({ tx, auth, clientId, entity, rows });
    for (const ref of referrers(entity)) {
      const selfTree = ref.entity.name === entity.name;
      const used = await sql`select 1 from ${tbl(ref.entity)} t where t.client_id = ${clientId}
        and ${col(ref.field.key)} in (${sql.join(ids.map((i) => sql`${i}`))})
        ${selfTree ? sql`and t.id not in (${sql.join(ids.map((i) => sql`${i}`))})` : sql``} limit 1`.execute(tx);
      if (used.rows.length) throw new AppError('conflict', 'res.referencedBy', { params: { entity: label(ref.entity.label, ctx.language) } });
    }
    for (const row of rows) {
      const rid = Number(row.id);
      const changes = diffRecords(entity.fields.map((f) => f.key), row, null);
      for (const c of childEntities(entity)) {
        const gone = await sql<Row>`delete from ${tbl(c.entity)} where client_id = ${clientId} and ${sql.id(c.def.foreignKey)} = ${rid} returning *`.execute(tx);
        for (const g of gone.rows) changes.push(...diffRecords(c.entity.fields.map((f) => f.key), g, null, `${c.def.key}[#${g.id}].`));
      }
      await sql`delete from ${tbl(entity)} where id = ${rid} and client_id = ${clientId}`.execute(tx);
      await writeAudit(tx, actor, entity.name, rid, 'remove', changes);
    }
  });
  return { removed: ids.length };
}

// ---------------------------------------------------------------------------------------------
// actions

/**
 * Runs an action on one or more documents: a transition of the entity's state machine (from-state
 * guard, roles, params, then the registered handler's pre-checks and domain logic) or a
 * handler-only action. All rows change in one transaction or none does.
 */
export async function runAction(ctx: ResourceContext, entity: EntityDef, action: string, body: Row): Promise<{ rows: Row[]; data?: unknown[] }> {
  if (entity.childOnly) throw notFound();
  const auth = tenantOf(ctx);
  const transition = entity.states?.transitions.find((t) => t.action === action) ?? null;
  const handler = actionHandlers.get(`${entity.name}.${action}`);
  if (!transition && !handler) throw new AppError('notFound', 'res.unknownAction', { params: { action } });
  const clientId = await assertCan(auth, entity.menuCode, `action:${action}`, ctx);
  if (transition?.roles?.length && !transition.roles.some((r) => auth.roles.includes(r))) throw forbidden();
  const scope = await dataScope(auth, entity.menuCode, ctx);
  const ids = parseIds(body);
  if (!ids.length) throw new AppError('badRequest', 'res.noIds');
  const versionRaw = body.version;
  const version = versionRaw === undefined || versionRaw === null || versionRaw === '' ? null : Number(versionRaw);

  // Params of the transition (a reject reason, ...) run the same field validation as a save; they
  // are checked once the rows are known to exist, so another tenant's id is a 404 whatever the body.
  const params: Row = {};
  const errors: Record<string, FieldError> = {};
  for (const p of transition?.params ?? []) {
    const r = validateField(p, body[p.key]);
    if (r.error) errors[p.key] = toFieldError(r.error);
    else params[p.key] = r.value;
  }
  const actionLabel = transition ? label(transition.label, ctx.language) : action;
  const actor: AuditActor = { clientId, userId: auth.userId, username: auth.username, ip: ctx.ip };

  const data = await withTenant(ctx.db, clientId, async (tx) => {
    const rows = await loadRows(tx, entity, clientId, ids, scope, true);
    if (rows.length !== ids.length) throw notFound();
    if (Object.keys(errors).length) throw new AppError('validation', undefined, { fields: errors });
    const out: unknown[] = [];
    for (const row of rows) {
      if (version !== null && ids.length === 1 && Number(row.version) !== version) throw new AppError('staleVersion');
      if (transition && entity.states && !transition.from.includes(String(row[entity.states.field])))
        throw new AppError('conflict', 'res.transitionNotAllowed', { params: { action: actionLabel } });
      const outcome: ActionOutcome = (handler ? await handler({ tx, auth, clientId, entity, row, transition, params: transition ? params : body, ip: ctx.ip }) : undefined) ?? {};
      const patch: Row = {};
      for (const f of entity.fields) {
        if (Object.prototype.hasOwnProperty.call(params, f.key)) patch[f.key] = params[f.key];
        if (outcome.patch && Object.prototype.hasOwnProperty.call(outcome.patch, f.key)) patch[f.key] = outcome.patch[f.key];
      }
      if (transition && entity.states) patch[entity.states.field] = transition.to;
      if (Object.keys(patch).length) {
        const sets = Object.entries(patch).map(([k, v]) => sql`${sql.id(k)} = ${valueParam(entity.fields.find((f) => f.key === k)!, v)}`);
        const r = await sql<Row>`update ${tbl(entity)} set ${sql.join(sets)}, version = version + 1, updated_by = ${auth.userId}, updated_at = now()
          where id = ${row.id} and client_id = ${clientId} returning *`.execute(tx);
        await writeAudit(tx, actor, entity.name, Number(row.id), action, diffRecords(Object.keys(patch), row, r.rows[0]));
      } else {
        await writeAudit(tx, actor, entity.name, Number(row.id), action, []);
      }
      if (outcome.data !== undefined) out.push(outcome.data);
    }
    return out;
  });
  const after = await withTenant(ctx.db, clientId, (tx) => loadRows(tx, entity, clientId, ids, scope, false));
  return data.length ? { rows: after, data } : { rows: after };
}

// ---------------------------------------------------------------------------------------------
// history

function changeLabel(entity: EntityDef, field: string, language: Language): string {
  // An import's audit row names its job and sheet row ($job, $row) instead of the values.
  if (field.startsWith('$')) return translate(language, `audit.field.${field}`);
  const m = /^(\w+)\[#(\d+)\]\.(\w+)$/.exec(field);
  if (m) {
    const child = entity.children?.find((c) => c.key === m[1]);
    const childEntity = child ? requireEntity(child.entity) : null;
    const f = childEntity?.fields.find((x) => x.key === m[3]);
    return `${child ? label(child.label, language) : m[1]} #${m[2]} ${f ? label(f.label, language) : m[3]}`;
  }
  const f = entity.fields.find((x) => x.key === field);
  return f ? label(f.label, language) : field;
}

/** The audit rows of one document (who, when, address, field, old, new), newest first. */
export async function documentHistory(ctx: ResourceContext, entity: EntityDef, idRaw: unknown) {
  const auth = tenantOf(ctx);
  const clientId = await assertCan(auth, entity.menuCode, 'read', ctx);
  const id = parseId(idRaw);
  if (id === null) throw notFound();
  const scope = await dataScope(auth, entity.menuCode, ctx);
  const rows = await withTenant(ctx.db, clientId, async (tx) => {
    // A record outside the tenant (or the data scope) has no history to show: the same 404 as view.
    // A removed record keeps its history, so the row itself is only needed when there is none.
    const audit = await readAudit(tx, clientId, entity.name, id);
    if (!audit.length || !audit.some((a) => a.action === 'remove')) {
      const [row] = await loadRows(tx, entity, clientId, [id], scope, false);
      if (!row) throw notFound();
    }
    return audit;
  });
  const actionLabel = (a: string) => {
    const t = entity.states?.transitions.find((x) => x.action === a);
    return t ? label(t.label, ctx.language) : translate(ctx.language, `audit.${a}`);
  };
  return {
    rows: rows.map((r) => ({
      ...r,
      action_label: actionLabel(r.action),
      changes: r.changes.map((c) => ({ ...c, label: changeLabel(entity, c.field, ctx.language) })),
    })),
  };
}

