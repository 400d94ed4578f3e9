import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app';
import { resourceClient, tokenFor } from '../support/resource-client';

/**
 * Issue 30: the super administrator's services are the engine's list of the view entity
 * `sys_service` (rows: the declared modules beside their stored switch), with its actions on the
 * toolbar: put under maintenance with a note (the module then answers 503 to every company), back in
 * service; the note alone saved from the drawer; each refused from the wrong state or at a stale
 * version, audited old beside new; 403 to anyone else.
 */
let t: TestApp;
let admin: string;
let brand: string;
const services = (token: string) => resourceClient(t.app, token, 'adminapi', 'sys_service');

beforeAll(async () => {
  t = await createTestApp();
  admin = await tokenFor(t.database.db, t.config, 'admin');
  brand = await tokenFor(t.database.db, t.config, 'brand');
});
afterAll(async () => t?.close());

const mdapi = async () => (await services(admin).page({ 'f.prefix.eq': 'mdapi' })).body.data.rows[0];
const vendorsStatus = async () => (await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/page', headers: { authorization: `Bearer ${brand}` } })).statusCode;

describe('services on the engine', () => {
  it('lists the declared modules in service, with tabs, to the super administrator only', async () => {
    const page = await services(admin).page({ tabs: 1, size: 100 });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const prefixes = page.body.data.rows.map((r) => r.prefix);
    expect(prefixes).toEqual(expect.arrayContaining(['mdapi', 'scmapi', 'crossapi']));
    expect(prefixes).not.toContain('adminapi');
    expect(page.body.data.rows.every((r) => r.status === 'in_service')).toBe(true);
    expect(page.body.data.tabs).toMatchObject({ all: prefixes.length, in_service: prefixes.length, maintenance: 0 });
    expect((await services(admin).page({ q: '主数据', opt: 'services' })).body.data.rows.map((r) => r.prefix)).toEqual(['mdapi']);
    expect((await services(brand).page()).status).toBe(403);
    const row = await mdapi();
    expect((await services(brand).action('maintenance', { ids: [row.id], note: 'x' })).status).toBe(403);
    expect((await services(brand).save({ id: row.id, version: row.version, note: 'x' })).status).toBe(403);
  });

  it('puts a module under maintenance with its note, changes the note, and brings it back', async () => {
    const row = await mdapi();
    expect((await services(admin).action('resume', { ids: [row.id] })).status).toBe(409);
    const long = await services(admin).action('maintenance', { ids: [row.id], note: 'x'.repeat(201) });
    expect(long.body.code, JSON.stringify(long.body)).toBe(11000);
    expect(await vendorsStatus()).toBe(200);

    const put = await services(admin).action('maintenance', { ids: [row.id], version: row.version, note: '迁移中' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.data.rows[0]).toMatchObject({ prefix: 'mdapi', status: 'maintenance', note: '迁移中', updated_by_name: 'admin' });
    expect(await vendorsStatus()).toBe(503);
    // The version read before the change is stale now.
    expect((await services(admin).save({ id: row.id, version: row.version, note: 'y' })).status).toBe(409);
    const fresh = await mdapi();
    expect(Number(fresh.version)).toBe(Number(row.version) + 1);
    // The note saved from the drawer keeps the state and is the gate's from the commit on.
    const noted = await services(admin).save({ id: row.id, version: fresh.version, note: '22:00 恢复' });
    expect(noted.body.data).toMatchObject({ status: 'maintenance', note: '22:00 恢复', version: Number(fresh.version) + 1 });
    const gate = await t.app.inject({ method: 'GET', url: '/api/mdapi/vendor/page', headers: { authorization: `Bearer ${brand}` } });
    expect((gate.json() as { data: { note: string } }).data.note).toBe('22:00 恢复');
    expect((await services(admin).page({ tab: 'maintenance' })).body.data.rows.map((r) => r.prefix)).toEqual(['mdapi']);

    const back = await services(admin).action('resume', { ids: [row.id], note: '' });
    expect(back.body.data.rows[0]).toMatchObject({ status: 'in_service', note: null });
    expect(await vendorsStatus()).toBe(200);

    const audit = await t.app.inject({ method: 'GET', url: '/api/adminapi/audit?entity=sys_service', headers: { authorization: `Bearer ${admin}` } });
    const rows = (audit.json() as { data: { rows: Array<{ action: string; record_id: number; changes: Array<{ field: string; old: unknown; new: unknown }> }> } }).data.rows;
    expect(rows.map((r) => r.action)).toEqual(['resume', 'update', 'maintenance']);
    expect(rows.every((r) => Number(r.record_id) === Number(row.id))).toBe(true);
    expect(rows[2].changes).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'status', old: 'in_service', new: 'maintenance', new_text: '维护中' }), expect.objectContaining({ field: 'note', old: null, new: '迁移中' })]));
  });
});
