import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIELD_TYPE_TABLE, getEntity, translate, validateField, viewEntities, type EntityDef, type FieldDef, type TransitionDef } from '../../src/model';
import { fieldRules } from '../../src/model/validate';
import { validDocument } from '../../fixtures/generators/valid-document';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor, type Reply } from '../support/resource-client';
import { BAD_INPUT, userIdOf } from './registry-harness';

/**
 * Suites generated for EVERY editable view entity (issue 30: users, client management, roles, data
 * permissions; the platform's own tables written by the view writer,
 * src/server/resources/view-writer.ts): a caller
 * of the entity's menu reads rows and saves the text fields (round trip, version + 1); each rule of
 * each writable field is refused with 11000 and the field's message; a stale version loses with
 * 409; a transition refuses a row outside its from-states with 409; a caller of another company
 * (or without the menu) can neither read nor change a row through view, save and each transition.
 * Who reads: the super administrator for `admin.sys.*`, else the first of the brand's administrator,
 * the maker's and the supplier's that reads a row of it (a supplier's nodes are the supplier's); the
 * outsider is the maker's administrator (the brand's when the maker reads; for a platform screen, the
 * brand's, who may not open it), refused with 404 where its menu lets it read the view and 403 where not.
 */
const entities = viewEntities().filter((e) => e.editable);
vi.setConfig({ testTimeout: 120000 });

let t: TestApp;
const tokens = new Map<string, string>();
const platformScreen = (e: EntityDef) => e.menuCode.startsWith('admin.sys.');
const readers = new Map<string, string>();
const readerOf = (e: EntityDef) => (platformScreen(e) ? 'admin' : (readers.get(e.name) ?? 'brand'));
const outsiderOf = (e: EntityDef) => (platformScreen(e) || readerOf(e) === 'maker' ? 'brand' : 'maker');
/** What an outsider's read and write of a row get: 403 without the view's menu (a platform screen), else 404 (not its company's row). */
const outsiderMayRead = new Map<string, boolean>();
const client = (e: EntityDef, user: string) => resourceClient(t.app, tokens.get(user)!, e.prefix, e.name);

async function action(e: EntityDef, user: string, name: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: `/api/${e.prefix}/${e.name}/action/${name}`, payload: body, headers: { authorization: `Bearer ${tokens.get(user)}` } });
  return { status: res.statusCode, body: res.json() as Reply };
}

const writable = (e: EntityDef) => e.fields.filter((f) => !f.readonly);
const locked = (e: EntityDef, r: Record<string, unknown>) => Boolean(e.states?.locked?.includes(String(r[e.states.field])));

/** For a new row, each reference to a view (a data rule's user) takes the first row the reader may change of it. */
async function referenceIds(e: EntityDef, reader: string): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const f of writable(e).filter((x) => x.ref)) {
    const target = getEntity(f.ref!.entity);
    if (!target?.view) continue;
    const row = (await client(target, reader).page({ size: 100 })).body.data.rows?.find((r) => !locked(target, r));
    if (row) out.set(f.key, Number(row.id));
  }
  return out;
}

/**
 * A row the reader may change: not in a locked state (a system role), not the reader's own account
 * (an administrator cannot freeze themself). A view that takes new rows (roles) gets one made
 * through its save when the company has none yet.
 */
async function target(e: EntityDef, state?: (s: string) => boolean): Promise<Record<string, unknown> | undefined> {
  const reader = readerOf(e);
  const own = await userIdOf(t.database.db, reader);
  const rows = (await client(e, reader).page({ size: 100 })).body.data.rows;
  const found = rows.find((r) => !locked(e, r) && !(e.name === 'user' && Number(r.id) === own) && (!state || !e.states || state(String(r[e.states.field]))));
  if (found || state) return found;
  const ids = await referenceIds(e, reader);
  const doc = validDocument(e, { seq: 6000 + Math.floor(Math.random() * 1000), refs: (_target, f) => ids.get(f.key) ?? null });
  const made = await client(e, reader).save(Object.fromEntries(writable(e).map((f) => [f.key, doc[f.key]])));
  return made.status === 200 ? made.body.data : undefined;
}

/** Free text a generated value satisfies on its own (no dictionary, reference or list whose values a hook checks). */
/** A valid value of each of a transition's free-text parameters (the views' parameters are reasons). */
const paramsOf = (tr: TransitionDef) => Object.fromEntries((tr.params ?? []).filter((p) => freeText(p)).map((p) => [p.key, 'x']));
/** A field of the row with the value it holds, or nothing for a view without writable fields. */
const sameValue = (row: Record<string, unknown>, field: FieldDef | undefined) => (field ? { [field.key]: row[field.key] } : {});
const freeText = (f: FieldDef) => FIELD_TYPE_TABLE[f.type].nature === 'text' && !FIELD_TYPE_TABLE[f.type].dictionary && !FIELD_TYPE_TABLE[f.type].multi;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'brand', 'maker', 'supplier']) tokens.set(u, await tokenFor(t.database.db, t.config, u));
  for (const e of entities.filter((x) => !platformScreen(x))) {
    for (const u of ['brand', 'maker', 'supplier']) {
      const r = await client(e, u).page({ size: 1 });
      if (r.status === 200 && r.body.data.rows.length) {
        readers.set(e.name, u);
        break;
      }
    }
    outsiderMayRead.set(e.name, (await client(e, outsiderOf(e)).page({ size: 1 })).status === 200);
  }
}, 180000);
afterAll(async () => t?.close());

describe('editable view entities exist', () => {
  it('users, client management, roles and data permissions are editable views', () => {
    expect(entities.map((e) => e.name)).toEqual(expect.arrayContaining(['user', 'client', 'role', 'data_permission']));
  });
});

describe.each(entities.map((e) => [e.name, e] as const))('editable view %s', (_name, entity) => {
  it('reads rows, and its free-text fields round-trip through save and view with the version moved', async () => {
    const row = await target(entity);
    expect(row, 'a row to work on').toBeDefined();
    const fields = writable(entity).filter(freeText);
    const doc = validDocument(entity, { seq: 7000 + Math.floor(Math.random() * 1000), refs: () => null });
    const values = Object.fromEntries(fields.map((f) => [f.key, doc[f.key]]));
    const saved = await client(entity, readerOf(entity)).save({ id: row!.id, version: row!.version, ...values });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const f of fields) expect({ field: f.key, value: saved.body.data[f.key] ?? null }).toEqual({ field: f.key, value: validateField(f, doc[f.key]).value ?? null });
    if (fields.length) expect(Number(saved.body.data.version)).toBe(Number(row!.version) + 1);
  });

  it('each rule of each writable field rejects its bad input with 11000 and the field message', async () => {
    const row = await target(entity);
    let checked = 0;
    let expected = 0;
    for (const f of writable(entity)) {
      for (const rule of fieldRules(f).filter((r) => !(r === 'capitalEnglish' && f.upperCase))) {
        expected++;
        const bad = BAD_INPUT[rule];
        const local = validateField(f, bad);
        expect(local.error, `${f.key} ${rule}`).not.toBeNull();
        const res = await client(entity, readerOf(entity)).save({ id: row!.id, version: row!.version, [f.key]: bad });
        expect(res.status, `${f.key} ${rule}`).toBe(400);
        expect(res.body.code).toBe(11000);
        expect((res.body.data as { errors: Record<string, string> }).errors[f.key], `${f.key} ${rule}`).toBe(translate('zh-CN', local.error!.key, local.error!.params));
        checked++;
      }
    }
    expect(checked).toBe(expected);
  });

  it('a stale version loses with 409 and changes nothing', async () => {
    const row = await target(entity);
    const field = writable(entity).find(freeText) ?? writable(entity)[0];
    // A view written only by its transitions (a notice's read) has no writable field: the save names none.
    const res = await client(entity, readerOf(entity)).save({ id: row!.id, version: Number(row!.version) - 1, ...sameValue(row!, field) });
    expect(res.status).toBe(409);
    expect((await client(entity, readerOf(entity)).view(row!.id)).body.data.version).toBe(row!.version);
  });

  it('a transition refuses a row outside its from-states with 409', async () => {
    for (const tr of entity.states?.transitions ?? []) {
      const row = await target(entity, (s) => !tr.from.includes(s));
      if (!row) continue;
      // Its parameters are given (a reject's reason), so the refusal is the state's, not a missing parameter's (400 first).
      const res = await action(entity, readerOf(entity), tr.action, { ids: [row.id], ...paramsOf(tr) });
      expect(res.status, `${tr.action} from ${String(row[entity.states!.field])}`).toBe(409);
      expect((await client(entity, readerOf(entity)).view(row.id)).body.data.version).toBe(row.version);
    }
  });

  it('another company or a caller without the menu can neither read nor change a row', async () => {
    const row = await target(entity);
    const outsider = outsiderOf(entity);
    const refused = platformScreen(entity) || !outsiderMayRead.get(entity.name) ? 403 : 404;
    expect((await client(entity, outsider).view(row!.id)).status).toBe(refused);
    expect((await client(entity, outsider).save({ id: row!.id, version: row!.version, ...sameValue(row!, writable(entity)[0]) })).status).toBe(refused);
    for (const tr of entity.states?.transitions ?? []) expect((await action(entity, outsider, tr.action, { ids: [row!.id] })).status, tr.action).toBe(refused);
    const page = await client(entity, outsider).page({ size: 100 });
    if (refused === 403) expect(page.status).toBe(403);
    else expect(page.body.data.rows.some((r) => Number(r.id) === Number(row!.id))).toBe(false);
    expect((await client(entity, readerOf(entity)).view(row!.id)).body.data.version).toBe(row!.version);
  });
});
