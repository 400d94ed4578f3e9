import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { multipart } from './import-support';

/**
 * The rest of supplier sourcing (issue 16) on the demo companies: a sourcing project approved through
 * the SRC_PROJECT flow (pending approval, read-only while in flow, deliver waits, required flow);
 * supplier admission with the buyer's access evaluation form (a dynamic form) filled in the
 * supplier's own company, certificate files with expiry, the buyer's review before shortlisting;
 * vendor settings (numeric branch code, the permit image required before the bank data is checked,
 * a change resets the check); the vendor KPI report and quality in the vendor scorecard. Across
 * companies: a supplier never reads another supplier's application nor the buyer's record.
 */
let t: TestApp;
const tok: Record<string, string> = {};
type Row = Record<string, unknown>;
type Err = { errors?: Record<string, string> };
type Reply = { status: number; body: { code: number; message: string; data: Row & Err } };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const srm = (who: string, entity: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tok[who], 'srmapi', entity, lang);
const md = (who: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tok[who], 'mdapi', 'vendor', lang);
const call = async (who: string, method: 'GET' | 'POST', url: string, body?: Row): Promise<Reply> => {
  const res = await t.app.inject({ method, url: `/api${url}`, headers: { authorization: `Bearer ${tok[who]}`, 'x-lang': 'zh-CN' }, ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }) });
  return { status: res.statusCode, body: res.json() };
};
const upload = async (who: string, url: string, name: string, content: Buffer, type: string): Promise<Reply> => {
  const m = multipart([{ name: 'file', filename: name, content, type }]);
  const res = await t.app.inject({ method: 'POST', url: `/api${url}`, payload: m.payload, headers: { ...m.headers, authorization: `Bearer ${tok[who]}` } });
  return { status: res.statusCode, body: res.json() };
};
const fileStatus = async (who: string, url: unknown) => (await t.app.inject({ method: 'GET', url: String(url), headers: { authorization: `Bearer ${tok[who]}` } })).statusCode;
async function step(who: string, entity: string, action: string, id: number, body: Row = {}, client = srm(who, entity)) {
  const r = await client.action(action, { id, ...body });
  expect(r.status, `${entity}.${action}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data as unknown as { rows: Row[]; data?: Row[] };
}
async function refused(who: string, entity: string, action: string, id: number, message: string, body: Row = {}, client = srm(who, entity)) {
  const r = await client.action(action, { id, ...body });
  expect(r.status, `${action}: ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.body.message).toBe(message);
  return r;
}
const BUS = '/crossapi/ccommonapi/cpm-bus';
const flowTask = async (who: string, id: number) => {
  const v = (await call(who, 'GET', `${BUS}/cpm-view`, { entity: 'srcproject', id: String(id) })).body.data as { task_id: number | null };
  return v.task_id;
};
const report = async (who: string, name: string, query: Record<string, string>) => {
  const r = await call(who, 'GET', `/rptapi/report/${name}/run`, query);
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return r.body.data as unknown as { rows: Row[]; labels: Record<string, Record<string, string>> };
};
const sum = (rows: Row[], key: string) => rows.filter((r) => !r._level).reduce((s, r) => s + Number(r[key] ?? 0), 0);
const one = async (q: ReturnType<typeof sql<{ n: number }>>) => Number((await q.execute(t.app.db)).rows[0]?.n ?? 0);
const clientOf = async (code: string) => one(sql<{ n: number }>`select id as n from clients where code = ${code}`);
const vendorId = async (who: string, code: string) => Number((await md(who).page({ 'f.code.eq': code })).body.data.rows[0]?.id);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'brand.finance', 'maker', 'supplier', 'supplier.sales']) tok[u] = await signIn(t.app, u);
});
afterAll(async () => t?.close());

describe('the demo', () => {
  it('holds the project approval flow, projects pending and approved, an access form in use, a posted application with certificates, and vendors with and without a checked permit', async () => {
    const def = (await resourceClient(t.app, tok.brand, 'crossapi', 'processdef').page({ 'f.code.eq': 'SRC_PROJECT' })).body.data.rows[0];
    expect(def).toMatchObject({ name: '寻源立项审批', required: false, enabled: true });
    for (const st of ['running', 'approved']) expect((await srm('brand', 'srcproject').page({ 'f.approval_status.eq': st })).body.data.total, st).toBeGreaterThan(0);
    const cfg = (await srm('brand', 'srcaccessform').page({ 'f.code.eq': 'AF-FAB' })).body.data.rows[0];
    expect(cfg).toMatchObject({ name: '面料供应商准入', src_type: 'fabric', enabled: true });
    const rec = (await srm('brand', 'srcrecord').page({ 'f.access_review.eq': 'pending' })).body.data.rows[0];
    expect(rec.supplier_name).toBe('绍兴锦绣面料有限公司');
    const adm = (await call('brand', 'GET', '/srmapi/sourcing/admission', { entity: 'srcrecord', id: String(rec.id) })).body.data as unknown as { access_form: { code: string }; access_data: Row; certs: Array<{ cert_name: string; expired: boolean; file_id: number; file_url: string }> };
    expect(adm.access_form.code).toBe('ACCESS_FAB');
    expect(adm.access_data).toMatchObject({ staff: 420, qms: 'iso9001', lab: true });
    expect(adm.certs.map((c) => [c.cert_name, c.expired])).toEqual([['营业执照', false], ['GRS 全球回收标准证书', false], ['OEKO-TEX Standard 100', true]]);
    expect(await fileStatus('brand', adm.certs[0].file_url)).toBe(200);
    expect((await srm('supplier.sales', 'srcapplication').page({ 'f.access_review.eq': 'pending' })).body.data.total).toBe(1);
    expect((await srm('maker', 'srcapplication').page({ 'f.access_review.eq': 'to_fill' })).body.data.total).toBe(1);
    const vendors = Object.fromEntries((await md('brand').page({ 'f.code.in': 'VD001,VHF01,VJX02' })).body.data.rows.map((v) => [v.code, v]));
    expect(vendors.VD001).toMatchObject({ bank_checked: true, bank_checked_by: '品牌管理员', bank_branch_code: '102337000123' });
    expect(String(vendors.VD001.permit_image)).toMatch(/^\/api\/crossapi\/ccommonapi\/files\/[0-9a-f]{32}$/);
    expect(vendors.VHF01.bank_checked).toBeNull();
    expect(vendors.VHF01.permit_image).toBeTruthy();
    expect(vendors.VJX02.permit_image).toBeNull();
  });
});

describe('a sourcing project approved through its flow (pending approval)', () => {
  const newProject = async (name: string) => {
    const r = await srm('brand.buyer', 'srcproject').save({ name, src_type: 'trim', contact_person: '李采购', contact_phone: '13916200001', currency: 'CNY' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return Number(r.body.data.id);
  };
  const submit = async (id: number) => {
    const r = await call('brand.buyer', 'POST', `${BUS}/push`, { entity: 'srcproject', id, action: 'submit', comment: '请审批立项' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };

  it('is pending while the flow runs: read-only, its information waits; approved, it is delivered; rejected, it is changed and submitted again', async () => {
    const id = await newProject('审批测试：纽扣寻源');
    await submit(id);
    const p = (await srm('brand.buyer', 'srcproject').view(id)).body.data;
    expect(p.approval_status).toBe('running');
    expect((await srm('brand', 'srcproject').page({ 'f.approval_status.eq': 'running', 'f.id.eq': id })).body.data.total).toBe(1);
    const edit = await srm('brand.buyer', 'srcproject').save({ id, version: p.version, name: '改名' });
    expect(edit.status).toBe(409);
    expect(edit.body.message).toBe('单据审批中，当前节点不允许修改');
    await step('brand.buyer', 'srcproject', 'prepare', id);
    await refused('brand.buyer', 'srcproject', 'deliver_info', id, '单据审批中，审批通过后才能执行此操作');
    // The budget check is finance's (fixed position POS-FIN): the buyer holds no task.
    expect(await flowTask('brand.buyer', id)).toBeNull();
    const task = await flowTask('brand.finance', id);
    expect(task).toBeGreaterThan(0);
    expect((await call('brand.finance', 'POST', `${BUS}/push`, { task_id: task, action: 'approve', comment: '预算内' })).status).toBe(200);
    expect((await srm('brand.buyer', 'srcproject').view(id)).body.data.approval_status).toBe('approved');
    await step('brand.buyer', 'srcproject', 'deliver_info', id);
    expect((await srm('brand.buyer', 'srcproject').view(id)).body.data.status).toBe('info_delivered');

    const second = await newProject('审批测试：织带寻源');
    await submit(second);
    const t2 = await flowTask('brand.finance', second);
    const noComment = await call('brand.finance', 'POST', `${BUS}/push`, { task_id: t2, action: 'reject', comment: '' });
    expect(noComment.status).toBe(400);
    expect((await call('brand.finance', 'POST', `${BUS}/push`, { task_id: t2, action: 'reject', comment: '超出预算，请缩小范围' })).status).toBe(200);
    const rejected = (await srm('brand.buyer', 'srcproject').view(second)).body.data;
    expect(rejected.approval_status).toBe('rejected');
    expect((await srm('brand', 'srcproject').page({ 'f.approval_status.eq': 'rejected', 'f.id.eq': second })).body.data.total).toBe(1);
    await step('brand.buyer', 'srcproject', 'prepare', second);
    await refused('brand.buyer', 'srcproject', 'deliver_info', second, '单据审批被驳回，请修改后重新提交审批');
    // Rejected: editable again, and submitted anew.
    const changed = await srm('brand.buyer', 'srcproject').save({ id: second, version: Number(rejected.version) + 1, description: '缩小为两种规格' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await submit(second);
    expect((await srm('brand.buyer', 'srcproject').view(second)).body.data.approval_status).toBe('running');
  });

  it('once the company requires the flow, no project delivers its information before approval', async () => {
    const defs = resourceClient(t.app, tok.brand, 'crossapi', 'processdef');
    const def = (await defs.page({ 'f.code.eq': 'SRC_PROJECT' })).body.data.rows[0];
    expect((await defs.save({ id: def.id, version: def.version, required: true })).status).toBe(200);
    try {
      const id = await newProject('审批测试：必审项目');
      await step('brand.buyer', 'srcproject', 'prepare', id);
      await refused('brand.buyer', 'srcproject', 'deliver_info', id, '单据须先提交审批并通过后才能执行此操作');
    } finally {
      const now = (await defs.view(def.id)).body.data;
      expect((await defs.save({ id: def.id, version: now.version, required: false })).status).toBe(200);
    }
  });
});

describe('supplier admission: the access evaluation form and the certificates', () => {
  const ids: Record<string, number> = {};

  it('the buyer configures a designed, enabled dynamic form; the supplier fills in its copy (without the buyer\'s own fields), attaches certificates and posts; the buyer reviews before shortlisting', async () => {
    // A form with a field that picks the buyer's vendors and one limited to a buyer's role: the supplier's copy has neither.
    const dyn = resourceClient(t.app, tok.brand, 'crossapi', 'dynform');
    const definition = {
      sections: [{
        key: 'base', title: '基本情况', fields: [
          { key: 'staff', label: '员工人数', type: 'integer', required: true, rules: ['naturalNumber'] },
          { key: 'email', label: '联系邮箱', type: 'email', required: true },
          { key: 'has_lab', label: '有实验室', type: 'boolean', default: false },
          { key: 'lab_note', label: '实验室说明', type: 'textarea', visible_when: 'has_lab == true', required: true },
          { key: 'ref_vendor', label: '推荐供应商', type: 'reference', ref_entity: 'vendor' },
          { key: 'buyer_note', label: '采购内部备注', type: 'text', roles: ['clientadmin'] },
        ],
      }],
    };
    const form = await dyn.save({ code: 'ACCESS_T', name: '测试准入表', definition });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const off = await dyn.save({ code: 'ACCESS_OFF', name: '停用表', status: 'inactive', definition });
    const badCfg = await srm('brand', 'srcaccessform').save({ code: 'AF-OFF', name: '停用', form_id: off.body.data.id });
    expect((badCfg.body.data as Err).errors?.form_id).toBe('所选动态表单已停用');
    const cfg = await srm('brand', 'srcaccessform').save({ code: 'AF-T', name: '测试准入', form_id: form.body.data.id, src_type: 'trim' });
    expect(cfg.status, JSON.stringify(cfg.body)).toBe(200);
    const p = await srm('brand', 'srcproject').save({ name: '准入测试：辅料', src_type: 'trim', is_public: true, contact_person: '李采购', contact_phone: '13916200001', access_form_id: cfg.body.data.id });
    ids.project = Number(p.body.data.id);
    await step('brand', 'srcproject', 'prepare', ids.project);
    await step('brand', 'srcproject', 'deliver_info', ids.project);

    expect((await call('supplier.sales', 'POST', '/srmapi/sourcing/apply', { project_id: ids.project })).status).toBe(200);
    expect((await call('maker', 'POST', '/srmapi/sourcing/apply', { project_id: ids.project })).status).toBe(200);
    const app = (await srm('supplier.sales', 'srcapplication').page({ 'f.project_code.eq': String(p.body.data.code) })).body.data.rows[0];
    ids.app = Number(app.id);
    ids.makerApp = Number((await srm('maker', 'srcapplication').page({ 'f.project_code.eq': String(p.body.data.code) })).body.data.rows[0].id);
    expect(app.access_review).toBe('to_fill');
    const copy = app.access_form as { code: string; definition: { sections: Array<{ fields: Array<{ key: string }> }> } };
    expect(copy.code).toBe('ACCESS_T');
    expect(copy.definition.sections[0].fields.map((f) => f.key)).toEqual(['staff', 'email', 'has_lab', 'lab_note']);

    // Posting needs the form filled.
    await refused('supplier.sales', 'srcapplication', 'post', ids.app, '请先填写准入评估表（测试准入表）后再提交');
    const save = (who: string, body: Row) => call(who, 'POST', '/srmapi/sourcing/access-form/save', body);
    const bad = await save('supplier.sales', { id: ids.app, version: app.version, staff: -3, email: 'not-an-email', has_lab: true });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.data.errors ?? {}).sort()).toEqual(['email', 'staff']);
    // Required only while shown: the laboratory's note once it has one.
    const lab = await save('supplier.sales', { id: ids.app, version: app.version, staff: 10, email: 'a@b.cn', has_lab: true });
    expect(lab.body.data.errors).toEqual({ lab_note: '必填项' });
    expect((await save('supplier.sales', { id: ids.app, version: Number(app.version) + 5, staff: 10, email: 'a@b.cn' })).status).toBe(409);
    // Another company's application is not found; the buyer's hidden fields are not taken.
    expect((await save('maker', { id: ids.app, version: app.version, staff: 10, email: 'a@b.cn' })).status).toBe(404);
    const good = await save('supplier.sales', { id: ids.app, version: app.version, staff: 120, email: 'qa@jinxiu.example', has_lab: false, lab_note: '不应保存', ref_vendor: 1, buyer_note: 'x' });
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect(good.body.data).toMatchObject({ staff: 120, email: 'qa@jinxiu.example', has_lab: false, lab_note: null });
    expect(good.body.data).not.toHaveProperty('ref_vendor');

    // Certificates: files of the supplier's company, an expired one flagged.
    const text = await upload('supplier.sales', '/srmapi/sourcing/cert-file', 'note.txt', Buffer.from('hello'), 'text/plain');
    expect(text.status).toBe(415);
    const f1 = await upload('supplier.sales', '/srmapi/sourcing/cert-file', 'iso.png', PNG, 'image/png');
    expect(f1.status, JSON.stringify(f1.body)).toBe(200);
    const f2 = await upload('supplier.sales', '/srmapi/sourcing/cert-file', 'bsci.png', PNG, 'image/png');
    const current = (await srm('supplier.sales', 'srcapplication').view(ids.app)).body.data;
    const withCerts = await srm('supplier.sales', 'srcapplication').save({
      id: ids.app, version: current.version,
      certs: [
        { cert_type: 'iso9001', cert_name: 'ISO 9001', cert_no: 'Q-1', valid_to: '2099-12-31', file_id: f1.body.data.id, file_name: 'iso.png' },
        { cert_type: 'bsci', cert_name: 'BSCI 审核报告', valid_to: '2020-01-31', file_id: f2.body.data.id, file_name: 'bsci.png' },
      ],
    });
    expect(withCerts.status, JSON.stringify(withCerts.body)).toBe(200);
    const missing = await srm('supplier.sales', 'srcapplication').save({ id: ids.app, version: withCerts.body.data.version, certs: [{ cert_type: 'iso9001', cert_name: '无有效期' }] });
    expect(missing.status).toBe(400);
    const mine = (await call('supplier.sales', 'GET', '/srmapi/sourcing/admission', { entity: 'srcapplication', id: String(ids.app) })).body.data as unknown as { certs: Array<{ expired: boolean }> };
    expect(mine.certs.map((c) => c.expired)).toEqual([false, true]);
    // Neither the maker nor the buyer reads the supplier's application.
    expect((await call('maker', 'GET', '/srmapi/sourcing/admission', { entity: 'srcapplication', id: String(ids.app) })).status).toBe(404);
    expect(await fileStatus('maker', f1.body.data.url)).toBe(404);

    await step('supplier.sales', 'srcapplication', 'post', ids.app);
    expect((await srm('supplier.sales', 'srcapplication').view(ids.app)).body.data.access_review).toBe('pending');
    const after = await save('supplier.sales', { id: ids.app, version: (await srm('supplier.sales', 'srcapplication').view(ids.app)).body.data.version, staff: 1, email: 'a@b.cn' });
    expect(after.body.message).toBe('填报已提交，准入评估表不能再修改');

    // The buyer's record carries the answers and its own copies of the files.
    const rec = (await srm('brand', 'srcrecord').page({ 'f.project_id.eq': ids.project, 'f.supplier_name.eq': '绍兴锦绣面料有限公司' })).body.data.rows[0];
    ids.record = Number(rec.id);
    expect(rec.access_review).toBe('pending');
    const seen = (await call('brand', 'GET', '/srmapi/sourcing/admission', { entity: 'srcrecord', id: String(ids.record) })).body.data as unknown as { access_data: Row; certs: Array<{ file_id: number; file_url: string; expired: boolean }> };
    expect(seen.access_data).toMatchObject({ staff: 120, email: 'qa@jinxiu.example' });
    expect(seen.certs.map((c) => c.expired)).toEqual([false, true]);
    expect(await fileStatus('brand', seen.certs[0].file_url)).toBe(200);
    expect(await fileStatus('brand', f1.body.data.url)).toBe(404);
    expect(await fileStatus('supplier.sales', seen.certs[0].file_url)).toBe(404);
    // The supplier never reads the buyer's record nor its review data.
    expect((await call('supplier.sales', 'GET', '/srmapi/sourcing/admission', { entity: 'srcrecord', id: String(ids.record) })).status).toBeGreaterThanOrEqual(403);

    // Review before shortlisting; a failed verdict needs a remark.
    await refused('brand', 'srcrecord', 'shortlist', ids.record, '请先审核该供应商的准入评估表（准入通过后方可入围）');
    const noRemark = await srm('brand', 'srcrecord').action('review_access', { id: ids.record, access_verdict: 'failed' });
    expect(noRemark.status).toBe(400);
    expect((noRemark.body.data as Err).errors?.access_review_remark).toBe('准入不通过时请填写审核意见');
    await step('brand', 'srcrecord', 'review_access', ids.record, { access_verdict: 'passed', access_review_remark: '资质齐全，BSCI 报告请更新' });
    const reviewed = (await srm('brand', 'srcrecord').view(ids.record)).body.data;
    expect(reviewed).toMatchObject({ access_review: 'passed', access_reviewed_by: '品牌管理员', access_review_remark: '资质齐全，BSCI 报告请更新' });
    const theirs = (await srm('supplier.sales', 'srcapplication').view(ids.app)).body.data;
    expect(theirs).toMatchObject({ access_review: 'passed', access_review_remark: '资质齐全，BSCI 报告请更新' });
    expect(theirs).not.toHaveProperty('access_reviewed_by');
    const notices = (await call('supplier.sales', 'GET', '/notifyapi/notify-msg/index', { size: '50' })).body.data.rows as unknown as Array<{ title: string }>;
    expect(notices.some((n) => n.title === `准入审核结果：${String(p.body.data.code)}`)).toBe(true);
    await step('brand', 'srcrecord', 'shortlist', ids.record);

    // The maker has not filled its copy: nothing to review.
    expect((await srm('maker', 'srcapplication').view(ids.makerApp)).body.data.access_review).toBe('to_fill');
  });

  it('a project without an access form keeps the former flow (no form, shortlisting at once)', async () => {
    const p = await srm('brand', 'srcproject').save({ name: '准入测试：无表单', src_type: 'trim', is_public: true, contact_person: '李采购', contact_phone: '13916200001' });
    const id = Number(p.body.data.id);
    await step('brand', 'srcproject', 'prepare', id);
    await step('brand', 'srcproject', 'deliver_info', id);
    await call('supplier.sales', 'POST', '/srmapi/sourcing/apply', { project_id: id });
    const app = (await srm('supplier.sales', 'srcapplication').page({ 'f.project_code.eq': String(p.body.data.code) })).body.data.rows[0];
    expect(app.access_form).toBeNull();
    await step('supplier.sales', 'srcapplication', 'post', Number(app.id));
    const rec = (await srm('brand', 'srcrecord').page({ 'f.project_id.eq': id })).body.data.rows[0];
    expect(rec.access_review).toBeNull();
    await refused('brand', 'srcrecord', 'review_access', Number(rec.id), '该填报没有准入评估表', { access_verdict: 'passed' });
    await step('brand', 'srcrecord', 'shortlist', Number(rec.id));
  });
});

describe('vendor settings: bank data checked against the account-opening permit', () => {
  it('refuses a non-numeric branch code (zh, en); the check needs the permit image and complete data; a change of either clears it', async () => {
    const created = await md('brand').save({ name: '测试银行供应商', vendor_type: 'fabric', bank_branch_code: '1023A7' });
    expect(created.status).toBe(400);
    expect((created.body.data as Err).errors?.bank_branch_code).toBe('国内银行联行号必须为数字');
    expect(((await md('brand', 'en').save({ name: 'Bank test', vendor_type: 'fabric', bank_branch_code: '1023A7' })).body.data as Err).errors?.bank_branch_code).toBe('A domestic bank branch code must be numeric');
    const ok = await md('brand').save({ name: '测试银行供应商', vendor_type: 'fabric', bank_name: '中国建设银行杭州分行', bank_branch_code: '105331000001', bank_account_no: '33050161', bank_checked: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const id = Number(ok.body.data.id);
    expect(ok.body.data.bank_checked).toBeNull();
    const client = md('brand');
    await refused('brand', 'vendor', 'check_bank', id, '请先上传开户许可证图片，再核对银行信息', {}, client);

    const view = async () => (await md('brand').view(id)).body.data;
    expect((await upload('brand', `/srmapi/vendor-bank/permit?id=${id}&version=${(await view()).version}`, 'permit.txt', Buffer.from('x'), 'text/plain')).status).toBe(415);
    expect((await upload('maker', `/srmapi/vendor-bank/permit?id=${id}&version=1`, 'permit.png', PNG, 'image/png')).status).toBe(404);
    const up = await upload('brand', `/srmapi/vendor-bank/permit?id=${id}&version=${(await view()).version}`, 'permit.png', PNG, 'image/png');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(String(up.body.data.permit_image)).toMatch(/^\/api\/crossapi\/ccommonapi\/files\/[0-9a-f]{32}$/);
    expect(await fileStatus('brand', up.body.data.permit_image)).toBe(200);
    await refused('brand', 'vendor', 'check_bank', id, '银行信息不完整：开户银行、联行号、银行账号和账户名称都须填写', {}, client);
    let v = await view();
    expect((await md('brand').save({ id, version: v.version, bank_account_name: '测试银行供应商' })).status).toBe(200);
    await step('brand', 'vendor', 'check_bank', id, {}, client);
    v = await view();
    expect(v).toMatchObject({ bank_checked: true, bank_checked_by: '品牌管理员' });
    expect(v.bank_checked_at).toBeTruthy();
    // A change that is not bank data keeps the check.
    expect((await md('brand').save({ id, version: v.version, remark: '已签框架协议' })).status).toBe(200);
    v = await view();
    expect(v.bank_checked).toBe(true);
    // Changing the account number clears it.
    expect((await md('brand').save({ id, version: v.version, bank_account_no: '33050162' })).status).toBe(200);
    v = await view();
    expect(v).toMatchObject({ bank_checked: null, bank_checked_by: null, bank_checked_at: null });
    await step('brand', 'vendor', 'check_bank', id, {}, client);
    // A new permit image clears it too.
    const again = await upload('brand', `/srmapi/vendor-bank/permit?id=${id}&version=${(await view()).version}`, 'permit2.png', PNG, 'image/png');
    expect(again.status).toBe(200);
    expect((await view()).bank_checked).toBeNull();
    // The vendor settings list: unchecked and checked tabs.
    expect((await md('brand').page({ 'f.bank_checked.null': '1', 'f.id.eq': id })).body.data.total).toBe(1);
  });
});

describe('vendor KPI and the scorecard\'s quality', () => {
  it('gives each vendor of the company its on-time, quality, capacity use and price figures from the other modules\' data, within the tenant', async () => {
    const brand = await clientOf('BRAND01');
    const data = await report('brand', 'vendor-kpi', { group: 'vendor' });
    const rows = data.rows.filter((r) => !r._level);
    const ownVendors = await one(sql<{ n: number }>`select count(*)::int as n from md_vendor where client_id = ${brand}`);
    expect(rows.length).toBe(ownVendors);
    for (const r of rows) {
      const vid = Number(r.vendor);
      expect(await one(sql<{ n: number }>`select count(*)::int as n from md_vendor where id = ${vid} and client_id = ${brand}`)).toBe(1);
      const due = await one(sql<{ n: number }>`select count(*)::int as n from pur_order where client_id = ${brand} and vendor_id = ${vid} and status not in ('draft', 'rejected', 'cancelled') and (status = 'received' or delivery_date < current_date)`);
      expect(Number(r.due), `due of ${vid}`).toBe(due);
      const cap = Number((await sql<{ n: number }>`select coalesce(sum(capacity), 0)::float8 as n from scm_vendor_capacity where client_id = ${brand} and vendor_id = ${vid}`.execute(t.app.db)).rows[0].n);
      expect(Number(r.capacity)).toBeCloseTo(cap, 4);
      if (Number(r.benchmark) > 0) expect(Number(r.price_index)).toBeCloseTo(Number(r.spend) / Number(r.benchmark), 6);
      if (Number(r.capacity) > 0) expect(Number(r.capacity_use)).toBeCloseTo(Number(r.allocated) / Number(r.capacity), 6);
    }
    // Quality: the brand's orders inspected at its maker, read through its shares, are the maker vendor's.
    const results = (await call('brand', 'GET', '/scmapi/inspection/brand-results')).body.data.rows as unknown as Row[];
    expect(results.length).toBeGreaterThan(0);
    const vhf01 = await vendorId('brand', 'VHF01');
    const maker = rows.find((r) => Number(r.vendor) === vhf01)!;
    expect(Number(maker.inspected)).toBe(results.length);
    expect(Number(maker.passed)).toBe(results.filter((r) => r.result === 'pass').length);
    expect(data.labels.vendor[String(vhf01)]).toBe('宁波华纺制衣有限公司');
    expect(sum(rows, 'capacity')).toBeGreaterThan(0);
    // Opened from a vendor: its code as the filter.
    const only = await report('brand', 'vendor-kpi', { group: 'vendor', 'f.code.eq': 'VHF01' });
    expect(only.rows.filter((r) => !r._level).map((r) => Number(r.vendor))).toEqual([vhf01]);
    // The maker's run holds only the maker's own vendors.
    const makerId = await clientOf('MAKER01');
    const mine = (await report('maker', 'vendor-kpi', { group: 'vendor' })).rows.filter((r) => !r._level);
    expect(mine.length).toBe(await one(sql<{ n: number }>`select count(*)::int as n from md_vendor where client_id = ${makerId}`));
    expect(mine.some((r) => Number(r.vendor) === vhf01)).toBe(false);
  });

  it('adds the inspections to the vendor scorecard, filtered as the orders are', async () => {
    const results = (await call('brand', 'GET', '/scmapi/inspection/brand-results')).body.data.rows as unknown as Row[];
    const all = await report('brand', 'vendor-scorecard', { subtotals: '1' });
    expect(sum(all.rows, 'inspected')).toBe(results.length);
    expect(sum(all.rows, 'passed')).toBe(results.filter((r) => r.result === 'pass').length);
    const grand = all.rows.find((r) => r._level === 1)!;
    expect(Number(grand.pass_rate)).toBeCloseTo(sum(all.rows, 'passed') / sum(all.rows, 'inspected'), 6);
    // An order-kind filter is about purchase orders: no inspection passes it.
    expect(sum((await report('brand', 'vendor-scorecard', { 'f.order_kind.eq': 'material' })).rows, 'inspected')).toBe(0);
    // A vendor filter keeps that vendor's inspections.
    const vhf01 = await vendorId('brand', 'VHF01');
    expect(sum((await report('brand', 'vendor-scorecard', { 'f.vendor_id.eq': String(vhf01) })).rows, 'inspected')).toBe(results.length);
    expect(sum((await report('brand', 'vendor-scorecard', { 'f.vendor_id.eq': String(await vendorId('brand', 'VD001')) })).rows, 'inspected')).toBe(0);
    // The maker's own: inspections of its outsourced orders, by their vendor.
    const makerId = await clientOf('MAKER01');
    const own = await one(sql<{ n: number }>`select count(*)::int as n from qm_inspection i join scm_outsource_order o on o.client_id = i.client_id and o.id = i.outsource_id
      where i.client_id = ${makerId} and i.status in ('submitted', 'reinspected') and i.inspected_at is not null`);
    expect(sum((await report('maker', 'vendor-scorecard', {})).rows, 'inspected')).toBe(own);
  });
});
