import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeEntityFile } from '../../fixtures/xlsx/large';
import { allEntities, allPages, pageOffers, requireEntity, translate, type EntityDef, type FieldDef } from '../../src/model';
import { importColumns, type ExcelColumn } from '../../src/model/excel';
import { fieldRules } from '../../src/model/validate';
import { runImport, type ImportReport } from '../../src/server/services/import/import.service';
import { tokenFor } from '../support/resource-client';
import { createTestApp, type TestApp } from '../support/test-app';
import { loadWorkbook } from '../api/import-support';
import { BAD_INPUT, TenantActor, userIdOf } from './registry-harness';

/**
 * Generated for EVERY entity whose page offers import (issue 10, one write path): what the save API
 * refuses, the import refuses too, with the same message; what the save API derives (totals,
 * numbers, defaults, the initial state, values kept by the entity's hooks), the import derives too.
 * The import runs as the import centre runs it (runImport, writing, all-or-nothing).
 */
vi.setConfig({ testTimeout: 120000 });
const importable = allEntities().filter((e) => !e.childOnly && importColumns(e).length > 0 && allPages().some((p) => p.entity === e.name && pageOffers(p, 'import')));
const tmp = resolve('.tmp/save-versus-import');

let t: TestApp;
let actor: TenantActor;
let clientId: number;
let userId: number;
let fileSeq = 0;

beforeAll(async () => {
  mkdirSync(tmp, { recursive: true });
  t = await createTestApp();
  const db = t.database.db;
  userId = await userIdOf(db, 'brand');
  clientId = (await sql<{ client_id: number }>`select client_id from users where id = ${userId}`.execute(db)).rows[0].client_id;
  actor = new TenantActor(t.app, db, await tokenFor(db, t.config, 'brand'), userId, 20000);
}, 180000);
afterAll(async () => t?.close());

/** The business code a reference id is written with in a sheet (the target's code field). */
async function codeOf(column: ExcelColumn, id: unknown): Promise<string | null> {
  if (id === null || id === undefined || !column.ref) return null;
  const table = column.ref.entity === 'user' ? 'users' : requireEntity(column.ref.entity).table;
  const codeColumn = column.ref.entity === 'user' ? 'username' : column.ref.codeField;
  const r = await sql<{ code: string }>`select ${sql.ref(codeColumn)}::text as code from ${sql.table(table)} where id = ${Number(id)}`.execute(t.database.db);
  return r.rows[0]?.code ?? null;
}

/** A field's value as a person types it in a cell. */
async function cellOf(column: ExcelColumn, value: unknown): Promise<string | number | null> {
  if (value === null || value === undefined || value === '') return null;
  if (column.kind === 'reference') return codeOf(column, value);
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'boolean') return value ? '是' : '否';
  return typeof value === 'number' ? value : String(value);
}

/** The sheet rows of one document: row i carries line i of each collection, the header on the first. */
async function rowsOf(entity: EntityDef, doc: Record<string, unknown>): Promise<Array<Record<string, string | number | null>>> {
  const columns = importColumns(entity);
  const lines = new Map((entity.children ?? []).map((c) => [c.key, (doc[c.key] as Array<Record<string, unknown>> | undefined) ?? []]));
  const count = Math.max(1, ...[...lines.values()].map((l) => l.length));
  const rows: Array<Record<string, string | number | null>> = [];
  for (let i = 0; i < count; i++) {
    const row: Record<string, string | number | null> = {};
    for (const c of columns) {
      const line = c.child ? lines.get(c.child)?.[i] : undefined;
      if (c.child) row[c.id] = line ? await cellOf(c, line[c.field.key]) : null;
      else row[c.id] = i === 0 || c.field.key === entity.codeField ? await cellOf(c, doc[c.field.key]) : null;
    }
    rows.push(row);
  }
  return rows;
}

/** A valid document; a master-detail one carries its number, which groups its rows in a sheet. */
const documentOf = (entity: EntityDef) => actor.document(entity.name, { leaveNumberingEmpty: !entity.children?.length });

async function importRows(entity: EntityDef, rows: Array<Record<string, string | number | null>>): Promise<ImportReport> {
  const file = join(tmp, `${entity.name}-${++fileSeq}.xlsx`);
  await writeEntityFile(file, entity.name, rows.length, (i) => rows[i]);
  return runImport(t.app.db, {
    entity,
    file,
    fileSize: 0,
    actor: { clientId, userId, username: 'brand', fullname: 'brand', ip: null, roles: ['clientadmin'] },
    language: 'zh-CN',
    mode: 'insert',
    write: true,
    validOnly: false,
    maxRows: 1000,
  });
}

/** What a stored document holds beyond its identity: every field but its code, number and the sheet's own keys. */
function comparable(entity: EntityDef, doc: Record<string, unknown>): Record<string, unknown> {
  const skip = new Set([entity.codeField, entity.numbering?.field, ...entity.fields.filter((f) => f.unique || f.uniqueWith).map((f) => f.key)]);
  // A field a sheet cannot carry (an image, a structure edited in its own widget) is not compared;
  // derived (readonly) fields always are.
  const inSheet = new Set(importColumns(entity).map((c) => c.id));
  const compared = (f: FieldDef, id: string) => f.readonly || inSheet.has(id);
  const out: Record<string, unknown> = {};
  for (const f of entity.fields) if (!skip.has(f.key) && compared(f, f.key)) out[f.key] = doc[f.key] ?? null;
  for (const c of entity.children ?? []) {
    const child = requireEntity(c.entity);
    const fields = child.fields.filter((f) => f.key !== c.foreignKey && compared(f, `${c.key}.${f.key}`));
    out[c.key] = ((doc[c.key] as Array<Record<string, unknown>>) ?? []).map((r) => Object.fromEntries(fields.map((f) => [f.key, r[f.key] ?? null])));
  }
  return out;
}

/** A fresh value for each unique key of a document, so that a second copy of it can be stored. */
async function withFreshKeys(entity: EntityDef, doc: Record<string, unknown>): Promise<Record<string, unknown>> {
  const fresh = await documentOf(entity);
  const copy = { ...doc };
  for (const f of entity.fields) if (f.unique || f.uniqueWith || f.key === entity.codeField) copy[f.key] = fresh[f.key];
  return copy;
}

async function storedByImport(entity: EntityDef, report: ImportReport, before: number): Promise<Record<string, unknown>> {
  expect(report.committed, JSON.stringify(report.errors)).toBe(true);
  const r = await sql<{ id: number }>`select id from ${sql.table(entity.table)} where client_id = ${clientId} and id > ${before} order by id desc limit 1`.execute(t.database.db);
  return (await actor.client(entity.name).view(r.rows[0].id)).body.data;
}

async function maxId(entity: EntityDef): Promise<number> {
  return Number((await sql<{ n: number }>`select coalesce(max(id), 0)::bigint as n from ${sql.table(entity.table)}`.execute(t.database.db)).rows[0].n);
}

/** Rules a column's bad input can reach through its flags, and that a cell can carry. */
function reachable(field: FieldDef) {
  return fieldRules(field).filter((r) => !(r === 'capitalEnglish' && field.upperCase) && !(r === 'required'));
}

describe('the generated suite covers the importable entities', () => {
  it('has entities to run', () => {
    expect(importable.map((e) => e.name)).toEqual(expect.arrayContaining(['vendor', 'material', 'demand', 'customerorder']));
  });
});

describe.each(importable.map((e) => [e.name, e] as const))('save versus import: %s', (_name, entity) => {
  it('derives what the save derives (defaults, numbers, state, totals, hook-kept values)', async () => {
    const doc = await documentOf(entity);
    const saved = await actor.client(entity.name).save(doc);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const viaForm = saved.body.data;

    const second = await withFreshKeys(entity, doc);
    const before = await maxId(entity);
    const viaImport = await storedByImport(entity, await importRows(entity, await rowsOf(entity, second)), before);
    expect(comparable(entity, viaImport)).toEqual(comparable(entity, viaForm));
    if (entity.numbering && !entity.children?.length) expect(String(viaImport[entity.numbering.field] ?? '')).toMatch(new RegExp(`^${entity.numbering.prefix}`));
  });

  it('refuses what the save refuses, with the same message', async () => {
    const all = importColumns(entity).filter((c) => c.kind !== 'reference');
    const columns = all.filter((c) => !c.child);
    let checked = 0;
    for (const column of all) {
      for (const rule of reachable(column.field)) {
        const bad = BAD_INPUT[rule];
        const base = await documentOf(entity);
        // A line field goes bad on the first line: the form names it `lines[0].qty`, the sheet `lines.qty`.
        const firstLine = column.child ? { ...(base[column.child] as Array<Record<string, unknown>>)[0], [column.field.key]: bad } : null;
        const doc = column.child ? { ...base, [column.child]: [firstLine, ...(base[column.child] as unknown[]).slice(1)] } : { ...base, [column.field.key]: bad };
        const saved = await actor.client(entity.name).save(doc);
        const formErrors = (saved.body.data as { errors?: Record<string, string> } | null)?.errors ?? {};
        expect(saved.body.code, `${column.id} ${rule}`).toBe(11000);
        const rows = await rowsOf(entity, base);
        rows[0][column.id] = bad;
        const report = await importRows(entity, rows);
        expect(report.committed).toBe(false);
        const importErrors = report.errors.filter((e) => e.row === 2 && e.field === column.id).map((e) => e.message);
        const formKey = column.child ? `${column.child}[0].${column.field.key}` : column.field.key;
        expect(importErrors, `${entity.name}.${column.id} ${rule}`).toEqual([formErrors[formKey]]);
        checked++;
      }
    }
    // A value left out is refused alike too when required, or takes the same default (a blank cell
    // is a value not given; the numbered code is filled by both).
    for (const column of columns.filter((c) => c.field.required && c.field.key !== entity.numbering?.field && c.field.default === undefined)) {
      const doc: Record<string, unknown> = { ...(await documentOf(entity)) };
      delete doc[column.field.key];
      const saved = await actor.client(entity.name).save(doc);
      const formErrors = (saved.body.data as { errors?: Record<string, string> } | null)?.errors ?? {};
      const report = await importRows(entity, await rowsOf(entity, { ...doc, [column.field.key]: null }));
      expect(report.errors.filter((e) => e.row === 2 && e.field === column.id).map((e) => e.message), `${entity.name}.${column.id} required`).toEqual([formErrors[column.field.key]]);
      checked++;
    }
    // Every importable entity has a rule or a required column to try; none passes by trying nothing.
    expect(checked, 'no rule of a sheet column was tried').toBeGreaterThan(0);
  });
});

describe('a company dictionary item is accepted alike by save and import', () => {
  it('extends the system dictionary in validation and in the sheet (by value and by label)', async () => {
    const entity = requireEntity('vendor');
    const field = entity.fields.find((f) => f.type === 'dict' && f.dict && f.key !== 'status')!;
    const items = actor.client('admin_dict_item');
    expect((await items.save({ dict_code: field.dict, value: 'OWN1', label_zh: '自有项', label_en: 'Own item', sort: 1, status: 'active' })).body.code).toBe(200);
    const saved = await actor.client('vendor').save({ ...(await actor.document('vendor')), [field.key]: 'OWN1' });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data[field.key]).toBe('OWN1');
    const unknown = await actor.client('vendor').save({ ...(await actor.document('vendor')), [field.key]: 'NOT-AN-ITEM' });
    expect((unknown.body.data as unknown as { errors: Record<string, string> }).errors[field.key]).toBe(translate('zh-CN', 'rule.notInDictionary'));

    const doc = await actor.document('vendor');
    const rows = await rowsOf(entity, doc);
    rows[0][field.key] = '自有项';
    const before = await maxId(entity);
    const stored = await storedByImport(entity, await importRows(entity, rows), before);
    expect(stored[field.key]).toBe('OWN1');

    // The export writes the item's label, and the browser learns the items with the profile.
    const headers = { authorization: `Bearer ${actor.token}` };
    const exported = await t.app.inject({ method: 'GET', url: `/api/mdapi/vendor/export?f.id.eq=${saved.body.data.id}&columns=code,${field.key}`, headers });
    expect(exported.statusCode).toBe(200);
    const wb = await loadWorkbook(exported.rawPayload);
    expect(wb.worksheets.find((w) => w.state === 'visible')!.getRow(2).getCell(2).value).toBe('自有项');
    const profile = await t.app.inject({ method: 'GET', url: '/api/access/profile', headers });
    const dictItems = (profile.json() as { data: { userinfo: { dict_items: Record<string, Array<{ value: string }>> } } }).data.userinfo.dict_items;
    expect(dictItems[field.dict!].map((i) => i.value)).toContain('OWN1');
  });
});
