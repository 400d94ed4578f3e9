import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allEntities, FIELD_TYPE_TABLE, requireEntity, translate, validateField, type EntityDef, type FieldDef } from '../../src/model';
import { fieldRules } from '../../src/model/validate';
import { createTestApp, type TestApp } from '../support/test-app';
import { tokenFor } from '../support/resource-client';
import { BAD_INPUT, TenantActor, userIdOf } from './registry-harness';

/**
 * Suites generated from the registry (ARCHITECTURE "Tests and checks"): for EVERY entity with its
 * own API, a valid generated document round-trips, each rule rejects its bad input with 11000 and
 * the field's message, another tenant can neither see nor change the row through any verb, a stale
 * version loses with 409, and numbered entities keep numbers unique under 50 parallel saves.
 */
const entities = allEntities().filter((e) => !e.childOnly);
vi.setConfig({ testTimeout: 120000 });

let t: TestApp;
let a: TenantActor;
let b: TenantActor;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  a = new TenantActor(t.app, db, await tokenFor(db, t.config, 'brand'), await userIdOf(db, 'brand'), 1000);
  b = new TenantActor(t.app, db, await tokenFor(db, t.config, 'maker'), await userIdOf(db, 'maker'), 5000);
}, 180000);
afterAll(async () => t?.close());

/** What the server must store for a generated value: the shared field validation's coerced value. */
function expected(field: FieldDef, raw: unknown): unknown {
  const r = validateField(field, raw);
  if (r.error) throw new Error(`generator produced an invalid ${field.key}: ${JSON.stringify(r.error)}`);
  return r.value;
}

function compareDocument(entity: EntityDef, sent: Record<string, unknown>, got: Record<string, unknown>): void {
  for (const f of entity.fields) {
    if (f.readonly || !(f.key in sent)) continue;
    expect({ field: `${entity.name}.${f.key}`, value: got[f.key] ?? null }).toEqual({ field: `${entity.name}.${f.key}`, value: expected(f, sent[f.key]) ?? null });
  }
}

/** Rules a field's bad input can reach through its flags (upper-casing makes 'abc' capital, so that rule cannot fail). */
function reachableRules(field: FieldDef) {
  return fieldRules(field).filter((r) => !(r === 'capitalEnglish' && field.upperCase));
}

describe.each(entities.map((e) => [e.name, e] as const))('registry entity %s', (_name, entity) => {
  it('a valid document round-trips through save and view, with its child rows', async () => {
    const doc = await a.document(entity.name);
    const saved = await a.client(entity.name).save(doc);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    const view = await a.client(entity.name).view(saved.body.data.id);
    expect(view.body.code).toBe(200);
    compareDocument(entity, doc, view.body.data);
    expect(view.body.data.version).toBe(1);
    if (entity.numbering) expect(String(view.body.data[entity.numbering.field])).toMatch(new RegExp(`^${entity.numbering.prefix}\\d+`));
    for (const c of entity.children ?? []) {
      const child = requireEntity(c.entity);
      const rows = view.body.data[c.key] as Record<string, unknown>[];
      const sentRows = doc[c.key] as Record<string, unknown>[];
      expect(rows).toHaveLength(sentRows.length);
      rows.forEach((r, i) => compareDocument(child, sentRows[i], r));
    }
    for (const f of entity.fields.filter((x) => x.ref && x.ref.entity !== entity.name && doc[x.key] !== null && doc[x.key] !== undefined)) {
      expect(view.body.data[`${f.key}__label`], `${f.key}__label`).toBeTruthy();
    }
    // It is found again through the list with an id filter.
    const page = await a.client(entity.name).page({ 'f.id.eq': Number(saved.body.data.id) });
    expect(page.body.data.total).toBe(1);
  });

  it('each rule of each field rejects its bad input with 11000 and the field message', async () => {
    const client = a.client(entity.name);
    const targets: Array<{ path: string; field: FieldDef; build: (bad: string) => Promise<Record<string, unknown>> }> = [];
    for (const f of entity.fields.filter((x) => !x.readonly)) {
      targets.push({ path: f.key, field: f, build: async (bad) => ({ ...(await a.document(entity.name)), [f.key]: bad }) });
    }
    for (const c of entity.children ?? []) {
      for (const f of requireEntity(c.entity).fields.filter((x) => !x.readonly)) {
        targets.push({
          path: `${c.key}[1].${f.key}`,
          field: f,
          build: async (bad) => {
            const doc = await a.document(entity.name);
            const rows = doc[c.key] as Record<string, unknown>[];
            rows[1] = { ...rows[1], [f.key]: bad };
            return doc;
          },
        });
      }
    }
    let checked = 0;
    for (const target of targets) {
      for (const rule of reachableRules(target.field)) {
        const bad = BAD_INPUT[rule];
        const local = validateField(target.field, bad);
        expect(local.error, `${target.path} ${rule} ${bad}`).not.toBeNull();
        const res = await client.save(await target.build(bad));
        expect(res.status, `${target.path} ${rule}`).toBe(400);
        expect(res.body.code).toBe(11000);
        const errors = (res.body.data as { errors: Record<string, string> }).errors;
        expect(errors[target.path], `${target.path} ${rule}: ${JSON.stringify(errors)}`).toBe(translate('zh-CN', local.error!.key, local.error!.params));
        checked++;
      }
    }
    // Entities with any rule must have exercised it; the count keeps this test from passing empty.
    const ruleCount = targets.reduce((n, x) => n + reachableRules(x.field).length, 0);
    expect(checked).toBe(ruleCount);
  });

  it('typed fields refuse values of the wrong type with 11000', async () => {
    const typed = entity.fields.filter((f) => !f.readonly && ['integer', 'decimal', 'money', 'date', 'reference'].includes(f.type));
    for (const f of typed) {
      const bad = { integer: '1.5', decimal: 'abc', money: '12,34.5x', date: '2026-02-31', reference: '999999999' }[f.type as 'integer'];
      const doc = { ...(await a.document(entity.name)), [f.key]: bad };
      const res = await a.client(entity.name).save(doc);
      expect(res.body.code, `${f.key}=${bad}`).toBe(11000);
      expect((res.body.data as { errors: Record<string, string> }).errors[f.key]).toBeTruthy();
      expect(FIELD_TYPE_TABLE[f.type]).toBeTruthy();
    }
  });

  it("another tenant can neither see nor change the row through any verb", async () => {
    const own = await b.create(entity.name);
    const id = Number(own.id);
    const other = a.client(entity.name);
    const page = await other.page({ 'f.id.eq': id });
    expect(page.body.data.total).toBe(0);
    const q = entity.codeField ? await other.page({ q: String(own[entity.codeField]) }) : null;
    if (q) expect(q.body.data.rows.some((r) => r.id === id)).toBe(false);
    expect((await other.view(id)).status).toBe(404);
    expect((await other.history(id)).status).toBe(404);
    const hijack = await other.save({ ...(await a.document(entity.name)), id, version: own.version });
    expect(hijack.status).toBe(404);
    expect((await other.remove([id])).status).toBe(404);
    for (const tr of entity.states?.transitions ?? []) {
      expect((await other.action(tr.action, { ids: [id] })).status, tr.action).toBe(404);
    }
    const still = await b.client(entity.name).view(id);
    expect(still.body.code).toBe(200);
    expect(still.body.data.version).toBe(own.version);
    expect(still.body.data.updated_at).toBe(own.updated_at);
  });

  it('a stale version loses with 409 and the spec message in zh and en', async () => {
    const doc = await a.create(entity.name);
    const first = await a.client(entity.name).save({ ...doc });
    expect(first.body.code, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.version).toBe(2);
    const stale = await a.client(entity.name).save({ ...doc });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 11409, message: '该单据已被他人操作，请刷新后重试' });
    // The reply speaks the caller's language (envelope.ts: the user's own language first).
    await sql`update users set language = 'en' where id = ${a.userId}`.execute(t.database.db);
    try {
      const staleEn = await a.client(entity.name, 'en').save({ ...doc });
      expect(staleEn.body.message).toBe('This document was already operated by someone else, refresh and retry');
    } finally {
      await sql`update users set language = 'zh-CN' where id = ${a.userId}`.execute(t.database.db);
    }
  });

  it('a taken code is refused', async () => {
    if (!entity.codeField) return;
    const doc = await a.create(entity.name);
    const copy = { ...(await a.document(entity.name)), [entity.codeField]: doc[entity.codeField] };
    const res = await a.client(entity.name).save(copy);
    if (entity.numbering?.field === entity.codeField) {
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 11001, message: '单号已存在，无法创建' });
    } else {
      // The generic message, or a domain one from a save hook (spec 5: "Version number already exists").
      expect(res.body.code).toBe(11000);
      expect((res.body.data as { errors: Record<string, string> }).errors[entity.codeField]).toBeTruthy();
    }
  });

  it.runIf(Boolean(entity.numbering))('numbering stays unique with 50 parallel saves', async () => {
    const docs = await Promise.all(Array.from({ length: 50 }, () => a.document(entity.name)));
    const replies = await Promise.all(docs.map((d) => a.client(entity.name).save(d)));
    for (const r of replies) expect(r.body.code, JSON.stringify(r.body)).toBe(200);
    const numbers = replies.map((r) => r.body.data[entity.numbering!.field]);
    expect(new Set(numbers).size).toBe(50);
  });
});
