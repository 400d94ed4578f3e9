import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, type Reply } from '../support/resource-client';
import { raiseNotice } from '../../src/server/services/notify';
import { notifyRecipientRoles2210 } from '../../src/server/db/migrations/20261204_2210_notify_recipient_roles';
import '../../grids';
import { getPage } from '../../src/model';
import { resolvePage } from '../../src/model/page-resolve';

const resolvedPage = (opt: string) => {
  const page = getPage(opt);
  return page ? resolvePage(page) : undefined;
};

/**
 * Issue 35: the field types spec 3 names, used by real pages where the spec implies them.
 * - transfer: a notification setting's recipient roles (admin "通知设置") are chosen from the
 *   company's roles (`adminapi/roles/options`) and stored as a list; a role the company does not
 *   have is refused on the field; the comma text of earlier settings is turned into the list by
 *   migration 20261204_2210, and the notices reach the roles' users as before;
 * - autocomplete and runtimeLocation: a supplier evaluation (done at the supplier's site) records
 *   its auditor (free text, colleagues suggested) and the device's position where it was recorded
 *   (never validated, spec 5: it may be empty).
 */
let t: TestApp;
const tok: Record<string, string> = {};
type Errors = { errors: Record<string, string> };

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'maker']) tok[u] = await signIn(t.app, u);
});
afterAll(async () => t?.close());

const settings = (who: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tok[who], 'adminapi', 'admin_notify_setting', lang);

describe('notification settings choose their recipient roles in a transfer', () => {
  it('declares the transfer over the company\'s roles, which any member can list', async () => {
    const field = resolvedPage('notifysetting')!.sections[0].form.find((f) => f.field === 'recipient_roles')!;
    expect([field.type, field.fieldType, field.source?.entity]).toEqual(['transfer', 'transfer', 'role']);
    const r = await t.app.inject({ method: 'GET', url: '/api/adminapi/roles/options', headers: { authorization: `Bearer ${tok['brand.buyer']}` } });
    expect(r.statusCode).toBe(200);
    const codes = (r.json() as Reply<{ rows: Array<{ code: string; name: string }> }>).data.rows.map((x) => x.code);
    expect(codes).toEqual(expect.arrayContaining(['clientadmin', 'common', 'planner']));
    expect(codes).not.toContain('superadmin');
    expect((await t.app.inject({ method: 'GET', url: '/api/adminapi/roles/options' })).statusCode).toBe(401);
  });

  it('stores the chosen roles as a list, refuses a role the company lacks, and reaches the roles\' users', async () => {
    const saved = await settings('maker').save({ event: 'ticket', channels: ['site'], recipient_roles: ['planner', 'clientadmin'], status: 'active' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.recipient_roles).toEqual(['planner', 'clientadmin']);
    // spec 3: a form body sends a transfer as JSON text.
    const asText = await settings('maker').save({ id: saved.body.data.id, version: saved.body.data.version, recipient_roles: '["planner"]' });
    expect(asText.body.data.recipient_roles).toEqual(['planner']);
    const bad = await settings('maker').save({ event: 'order', channels: ['site'], recipient_roles: ['planner', 'superadmin'] });
    expect(bad.status).toBe(400);
    expect((bad.body.data as unknown as Errors).errors.recipient_roles).toBe('接收角色“superadmin”不是本企业的角色');
    const badEn = await settings('maker', 'en').save({ event: 'order', channels: ['site'], recipient_roles: ['nosuch'] });
    expect((badEn.body.data as unknown as Errors).errors.recipient_roles).toBe('Recipient role "nosuch" is not a role of the company');
    const planner = (await sql<{ id: number }>`select u.id from users u join user_roles ur on ur.user_id = u.id join roles r on r.id = ur.role_id
      join clients c on c.id = u.client_id where c.code = 'MAKER01' and r.code = 'planner' and u.status = 'active' order by u.id limit 1`.execute(t.app.db)).rows[0];
    const maker = (await sql<{ id: number; client_id: number }>`select id, client_id from users where username = 'maker'`.execute(t.app.db)).rows[0];
    const reached = await t.app.db.transaction().execute((tx) => raiseNotice(tx, { clientId: maker.client_id, userIds: [maker.id], kind: 'ticket.assigned', title: '异常单 EX-ROLE', body: '请处理', doc_no: 'EX-ROLE' }));
    if (planner) expect(reached).toEqual(expect.arrayContaining([Number(maker.id), Number(planner.id)]));
  });

  it('turns the comma text of earlier settings into the list (migration 20261204_2210)', async () => {
    const db = t.app.db;
    await sql`alter table adm_notify_setting alter column recipient_roles type text using (translate(recipient_roles::text, '[]" ', ''))`.execute(db);
    const client = (await sql<{ id: number }>`select id from clients where code = 'MAKER01'`.execute(db)).rows[0].id;
    // Events outside the dictionary: rows only this test reads (one setting per company and event).
    await sql`insert into adm_notify_setting (client_id, event, channels, recipient_roles, status) values
      (${client}, 'mig_a', '["site"]'::jsonb, 'planner，clientadmin  common', 'active'), (${client}, 'mig_b', '["site"]'::jsonb, '  ', 'inactive'),
      (${client}, 'mig_c', '["site"]'::jsonb, 'planner', 'active')`.execute(db);
    await notifyRecipientRoles2210.up(db);
    const rows = (await sql<{ recipient_roles: unknown }>`select recipient_roles from adm_notify_setting where client_id = ${client} and event like 'mig_%' order by event`.execute(db)).rows;
    expect(rows.map((r) => r.recipient_roles)).toEqual([['planner', 'clientadmin', 'common'], null, ['planner']]);
    // Run again on the list: nothing changes.
    await notifyRecipientRoles2210.up(db);
    const type = (await sql<{ data_type: string }>`select data_type from information_schema.columns where table_schema = current_schema() and table_name = 'adm_notify_setting' and column_name = 'recipient_roles'`.execute(db)).rows[0];
    expect(type.data_type).toBe('jsonb');
  });
});

describe('a supplier evaluation records its auditor and where it was done', () => {
  it('declares the autocomplete over colleagues and the runtime location', () => {
    const form = resolvedPage('srcvendoreval')!.sections[0].form;
    const auditor = form.find((f) => f.field === 'auditor')!;
    expect([auditor.type, auditor.source?.entity, auditor.optionConfig?.valueField]).toEqual(['autocomplete', 'user', 'fullname']);
    expect(form.find((f) => f.field === 'site_location')!.type).toBe('runtimeLocation');
  });

  it('keeps any auditor text and the position, saves without a position, refuses an overlong one', async () => {
    const api = resourceClient(t.app, tok.brand, 'srmapi', 'srcvendoreval');
    const vendor = (await resourceClient(t.app, tok.brand, 'mdapi', 'vendor').page({ 'f.code.eq': 'VD001' })).body.data.rows[0];
    const cfg = (await resourceClient(t.app, tok.brand, 'srmapi', 'srcevalconfig').page({ 'f.status.eq': 'active', size: 1 })).body.data.rows[0];
    const saved = await api.save({ vendor_id: vendor.id, eval_config_id: cfg.id, period: '2026 Q4', auditor: 'SGS 王工（第三方）', site_location: '22.543096,114.057865' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ auditor: 'SGS 王工（第三方）', site_location: '22.543096,114.057865' });
    const without = await api.save({ vendor_id: vendor.id, eval_config_id: cfg.id, auditor: '', site_location: '' });
    expect(without.status, JSON.stringify(without.body)).toBe(200);
    expect(without.body.data.site_location).toBeNull();
    const long = await api.save({ vendor_id: vendor.id, eval_config_id: cfg.id, site_location: '1'.repeat(61) });
    expect(long.status).toBe(400);
    expect((long.body.data as unknown as Errors).errors.site_location).toBe('最多60个字符');
    const listed = await api.page({ 'f.auditor.like': 'SGS' });
    expect(listed.body.data.rows.map((r) => r.site_location)).toContain('22.543096,114.057865');
  });
});
