import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCertificateExpiry } from '../../src/server/services/sourcing/sourcing.certexpiry';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';

/**
 * Certificates warned ahead of their expiry (issue 35): the fabric supplier SUPP01 posts an
 * application to a brand project with four certificates (expiring in 20 and 5 days, in 60 days, and
 * expired yesterday). The periodic check gives the supplier's users who opened the application, and
 * the brand's project owner, a to-do task and a bell notice for each certificate in a warning window
 * (30 days, then 7), once per certificate, window and expiry date; a renewed date is warned anew;
 * nobody else hears of it.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
type Row = Record<string, unknown>;
type Todo = { subject: string; due_date: string | null; priority: string; remark: string | null };
type Notice = { title: string; body: string; link: string | null; kind: string };

const srm = (who: string, entity: string) => resourceClient(t.app, tok[who], 'srmapi', entity);
const get = async (who: string, url: string, query: Record<string, string> = {}) =>
  (await t.app.inject({ method: 'GET', url: `/api${url}`, query, headers: { authorization: `Bearer ${tok[who]}` } })).json() as { data: Row & { rows: unknown[] } };
const todos = async (who: string) => ((await get(who, '/notifyapi/notify-msg/my-task-list', { status: '10' })).data.rows as Todo[]).filter((x) => x.subject.startsWith('资质证书即将到期'));
const bell = async (who: string) => ((await get(who, '/notifyapi/notify-msg/index', { size: '100' })).data.rows as Notice[]).filter((n) => n.title.startsWith('资质证书即将到期'));
const day = async (offset: number) => (await sql<{ d: string }>`select to_char(current_date + ${offset}::int, 'YYYY-MM-DD') as d`.execute(t.app.db)).rows[0].d;
async function ok(who: string, entity: string, action: string, id: number) {
  const r = await srm(who, entity).action(action, { id });
  expect(r.status, `${entity}.${action}: ${JSON.stringify(r.body)}`).toBe(200);
}
let code = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'maker', 'supplier', 'supplier.sales']) tok[u] = await signIn(t.app, u);
  const vd001 = Number((await resourceClient(t.app, tok.brand, 'mdapi', 'vendor').page({ 'f.code.eq': 'VD001' })).body.data.rows[0].id);
  const saved = await srm('brand', 'srcproject').save({ name: '2027 再生涤纶里布寻源', src_type: 'fabric', contact_person: '李采购', contact_phone: '13916200001', currency: 'CNY', invites: [{ vendor_id: vd001 }] });
  ids.p = Number(saved.body.data.id);
  code = String((await srm('brand', 'srcproject').view(ids.p)).body.data.code);
  await ok('brand', 'srcproject', 'prepare', ids.p);
  await ok('brand', 'srcproject', 'deliver_info', ids.p);
  expect((await t.app.inject({ method: 'POST', url: '/api/srmapi/sourcing/apply', payload: { project_id: ids.p }, headers: { authorization: `Bearer ${tok['supplier.sales']}` } })).statusCode).toBe(200);
  const app = (await srm('supplier.sales', 'srcapplication').page({ 'f.project_code.eq': code })).body.data.rows[0];
  ids.app = Number(app.id);
  const certs = [
    { cert_type: 'grs', cert_name: 'GRS 全球回收标准证书', cert_no: 'CU-GRS-2201', valid_to: await day(20) },
    { cert_type: 'oekotex', cert_name: 'OEKO-TEX Standard 100', cert_no: 'SH025 190001', valid_to: await day(5) },
    { cert_type: 'license', cert_name: '营业执照', cert_no: '91330600MA2BXXXX0K', valid_to: await day(60) },
    { cert_type: 'iso9001', cert_name: 'ISO 9001 质量管理体系', cert_no: 'Q-2020-77', valid_to: await day(-1) },
  ];
  const r = await srm('supplier.sales', 'srcapplication').save({ id: ids.app, version: app.version, certs });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await ok('supplier.sales', 'srcapplication', 'post', ids.app);
  const rows = (await sql<{ id: number; cert_name: string }>`select id, cert_name from srm_src_application_cert where application_id = ${ids.app} order by id`.execute(t.app.db)).rows;
  ids.grs = Number(rows.find((x) => x.cert_name.startsWith('GRS'))!.id);
  ids.oeko = Number(rows.find((x) => x.cert_name.startsWith('OEKO'))!.id);
  ids.record = Number((await srm('brand', 'srcrecord').page({ 'f.project_id.eq': ids.p })).body.data.rows[0].id);
}, 600000);
afterAll(async () => t?.close());

describe('certificates expiring within 30 days', () => {
  it('give the supplier\'s applicant and the buyer\'s project owner a task and a bell notice each, and nobody else', async () => {
    expect(await todos('supplier.sales')).toEqual([]);
    const first = await checkCertificateExpiry(t.app.db);
    expect(first).toMatchObject({ certificates: 2, buyers: 2 });
    const appNo = String((await srm('supplier.sales', 'srcapplication').view(ids.app)).body.data.app_no);
    const d5 = await day(5);
    const d20 = await day(20);
    const mine = await todos('supplier.sales');
    expect(mine.map((x) => [x.subject, x.due_date, x.priority]).sort()).toEqual([
      [`资质证书即将到期：绍兴锦绣面料有限公司 · GRS 全球回收标准证书（${d20}）`, d20, 'high'],
      [`资质证书即将到期：绍兴锦绣面料有限公司 · OEKO-TEX Standard 100（${d5}）`, d5, 'high'],
    ]);
    expect(mine.find((x) => x.due_date === d5)?.remark).toBe(`填报单 ${appNo}（寻源项目 ${code} 2027 再生涤纶里布寻源）的资质证书“OEKO-TEX Standard 100”将于 ${d5} 到期，还剩 5 天。`);
    const notices = await bell('supplier.sales');
    expect(notices.map((n) => n.title).sort()).toEqual(['资质证书即将到期：GRS 全球回收标准证书', '资质证书即将到期：OEKO-TEX Standard 100']);
    expect(notices[0].link).toBe(`/srm/index/srcapplication?open=${ids.app}`);
    // The buyer's project owner, linked to its sourcing record.
    expect((await todos('brand')).map((x) => x.due_date).sort()).toEqual([d20, d5].sort());
    const buyer = await bell('brand');
    expect(buyer).toHaveLength(2);
    expect(buyer.every((n) => n.link === `/srm/masterdetail/srcrecord?open=${ids.record}` || n.link === `/srm/index/srcrecord?open=${ids.record}`)).toBe(true);
    expect(buyer.find((n) => n.title.endsWith('OEKO-TEX Standard 100'))?.body).toBe(`绍兴锦绣面料有限公司 的资质证书“OEKO-TEX Standard 100”（SH025 190001）将于 ${d5} 到期，还剩 5 天；填报单 ${appNo}，寻源项目 ${code} 2027 再生涤纶里布寻源。请及时更新证书。`);
    // Neither the supplier's other users nor another company.
    for (const who of ['supplier', 'maker']) {
      expect(await todos(who), who).toEqual([]);
      expect(await bell(who), who).toEqual([]);
    }
  });

  it('warns once per window: a second run warns nothing; entering the 7-day window warns again once', async () => {
    expect(await checkCertificateExpiry(t.app.db)).toMatchObject({ certificates: 0 });
    expect(await todos('supplier.sales')).toHaveLength(2);
    // The OEKO-TEX certificate as if warned 30 days out: now 5 days out it is in the 7-day window.
    await sql`update srm_src_application_cert set expiry_warned_days = 30 where id = ${ids.oeko}`.execute(t.app.db);
    expect(await checkCertificateExpiry(t.app.db)).toMatchObject({ certificates: 1, buyers: 1 });
    expect(await checkCertificateExpiry(t.app.db)).toMatchObject({ certificates: 0 });
    expect((await todos('supplier.sales')).filter((x) => x.subject.includes('OEKO-TEX'))).toHaveLength(2);
    expect((await bell('brand')).filter((n) => n.title.endsWith('OEKO-TEX Standard 100'))).toHaveLength(2);
    const marks = (await sql<{ d: string; n: number }>`select to_char(expiry_warned_for, 'YYYY-MM-DD') as d, expiry_warned_days::int as n from srm_src_application_cert where id = ${ids.oeko}`.execute(t.app.db)).rows[0];
    expect(marks).toEqual({ d: await day(5), n: 7 });
  });

  it('warns a renewed expiry date anew; the application\'s drawer flags the certificates within 30 days', async () => {
    // The supplier withdraws its application, renews the GRS certificate's date (the same row) and posts again.
    await ok('supplier.sales', 'srcapplication', 'withdraw', ids.app);
    const app = (await srm('supplier.sales', 'srcapplication').view(ids.app)).body.data;
    const certs = (app.certs as Row[]).map((c) => ({ id: c.id, cert_type: c.cert_type, cert_name: c.cert_name, cert_no: c.cert_no, valid_to: c.valid_to, file_id: c.file_id, file_name: c.file_name }));
    const d25 = await day(25);
    const renewed = certs.map((c) => (Number(c.id) === ids.grs ? { ...c, valid_to: d25 } : c));
    expect((await srm('supplier.sales', 'srcapplication').save({ id: ids.app, version: app.version, certs: renewed })).status).toBe(200);
    await ok('supplier.sales', 'srcapplication', 'post', ids.app);
    expect(await checkCertificateExpiry(t.app.db)).toMatchObject({ certificates: 1 });
    expect((await todos('supplier.sales')).map((x) => x.due_date)).toContain(d25);
    const admission = (await get('supplier.sales', '/srmapi/sourcing/admission', { entity: 'srcapplication', id: String(ids.app) })).data as unknown as { certs: Array<{ cert_name: string; expired: boolean; expiring_days: number | null }> };
    expect(admission.certs.map((c) => [c.cert_name, c.expired, c.expiring_days])).toEqual([
      ['GRS 全球回收标准证书', false, 25],
      ['OEKO-TEX Standard 100', false, 5],
      ['营业执照', false, null],
      ['ISO 9001 质量管理体系', true, null],
    ]);
  });
});
