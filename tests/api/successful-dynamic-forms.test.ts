import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient, type Reply } from '../support/resource-client';

/**
 * Dynamic forms (issue 14) on the demo brand: the designer's rules on the stored definition (spec 5:
 * duplicate field keys and duplicate option values refused; keys are identifiers; options, references,
 * expressions, calculations checked), versions of a design, records filled through the same field
 * rules and checks as a registry document (required, rule catalogue, options, conditional
 * requiredness, the server's own calculation, references within the company), the list query over
 * the jsonb records, history, stale versions, removal, the Excel export, form scenarios and project
 * types (`cpm-ot/scenario`), and another company seeing nothing.
 */
let t: TestApp;
const tok: Record<string, string> = {};
let vendor = 0;
let makerVendor = 0;

type Errors = { errors: Record<string, string> };
const forms = (who: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tok[who], 'crossapi', 'dynform', lang);
const records = (who: string, code: string, lang: 'zh-CN' | 'en' = 'zh-CN') => resourceClient(t.app, tok[who], 'crossapi/dynformdata', code, lang);
const get = async <T>(who: string, url: string, query: Record<string, string> = {}) => {
  const r = await t.app.inject({ method: 'GET', url, query, headers: { authorization: `Bearer ${tok[who]}`, 'x-lang': 'zh-CN' } });
  return { status: r.statusCode, body: r.json() as Reply<T> };
};

const field = (key: string, extra: Record<string, unknown> = {}) => ({ key, label: `字段${key}`, type: 'text', ...extra });
const section = (key: string, fields: unknown[], extra: Record<string, unknown> = {}) => ({ key, title: `分组${key}`, fields, ...extra });

/** The inspection form the tests fill: every kind of rule and condition the designer offers. */
const INSPECTION = {
  sections: [
    section('base', [
      field('title', { label: '标题', required: true, max_length: 20 }),
      field('kind', { label: '类别', type: 'dict', required: true, options: [{ value: 'fabric', label: '面料' }, { value: 'trim', label: '辅料' }] }),
      field('defect_note', { label: '瑕疵说明', visible_when: "kind == 'fabric'", required: true }),
      field('tags', { label: '标签', type: 'multidict', options: [{ value: 'urgent', label: '加急' }, { value: 'repeat', label: '返单' }] }),
      field('vendor_id', { label: '供应商', type: 'reference', ref_entity: 'vendor' }),
    ]),
    section('numbers', [
      field('qty', { label: '数量', type: 'integer', required: true, rules: ['naturalNumber'] }),
      field('price', { label: '单价', type: 'decimal', rules: ['positiveNumber'] }),
      field('amount', { label: '金额', type: 'money', calc: 'qty * price', decimals: 2 }),
      field('inspected_on', { label: '检验日期', type: 'date' }),
      field('contact_mail', { label: '联系邮箱', type: 'email' }),
      field('contact_mobile', { label: '联系手机', type: 'mobile' }),
      field('passed', { label: '合格', type: 'boolean', default: true }),
      field('locked_note', { label: '锁定备注', disable_when: 'passed' }),
    ]),
  ],
};

let formId = 0;

async function designErrors(definition: unknown, lang: 'zh-CN' | 'en' = 'zh-CN', code = 'T_RULES'): Promise<Record<string, string>> {
  const r = await forms('brand', lang).save({ code, name: '规则', definition });
  expect(r.status, JSON.stringify(r.body)).toBe(400);
  return (r.body.data as unknown as Errors).errors;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'brand.buyer', 'maker']) tok[u] = await signIn(t.app, u);
  vendor = Number((await resourceClient(t.app, tok.brand, 'mdapi', 'vendor').page({ 'f.code.eq': 'VD001' })).body.data.rows[0].id);
  makerVendor = Number((await resourceClient(t.app, tok.maker, 'mdapi', 'vendor').page({ size: 1 })).body.data.rows[0]?.id ?? 0);
  const r = await forms('brand').save({ code: 'QC_CHECK', name: '来料检验单', name_en: 'Incoming inspection', definition: INSPECTION });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  formId = Number(r.body.data.id);
});
afterAll(async () => t?.close());

describe('the form designer refuses what cannot be stored (spec 5)', () => {
  it('refuses duplicate field keys, across sections too, and duplicate option values, with their messages in both languages', async () => {
    const def = {
      sections: [
        section('a', [field('qty'), field('kind', { type: 'dict', options: [{ value: 'x', label: 'X' }, { value: 'y', label: 'Y' }, { value: 'x', label: 'X again' }] })]),
        section('b', [field('qty', { type: 'integer' })]),
      ],
    };
    const zh = await designErrors(def);
    expect(zh['definition.sections[1].fields[0].key']).toBe('字段编码“qty”重复');
    expect(zh['definition.sections[0].fields[1].options[2].value']).toBe('选项值“x”重复');
    const en = await designErrors(def, 'en');
    expect(en['definition.sections[1].fields[0].key']).toBe('Field key "qty" is used twice');
    expect(en['definition.sections[0].fields[1].options[2].value']).toBe('Option value "x" is used twice');
  });

  it('refuses field keys that are not identifiers, reserved keys, and hostile text as a key', async () => {
    const e = await designErrors({ sections: [section('a', [field('Qty'), field('1abc'), field("x') or 1=1 --"), field('id'), field('created_at'), field('')])] });
    for (const i of [0, 1, 2, 5]) expect(e[`definition.sections[0].fields[${i}].key`]).toBe('编码须以小写字母开头，只含小写字母、数字和下划线，最多40个字符');
    expect(e['definition.sections[0].fields[3].key']).toBe('字段编码“id”是系统保留字段，请换一个');
    expect(e['definition.sections[0].fields[4].key']).toBe('字段编码“created_at”是系统保留字段，请换一个');
    const long = await designErrors({ sections: [section('a', [field('a'.repeat(41))])] });
    expect(long['definition.sections[0].fields[0].key']).toMatch(/最多40个字符/);
  });

  it('refuses no sections, a repeated section, a section without title or fields, a field without label or with an unknown type or rule', async () => {
    expect((await designErrors({ sections: [] }))['definition.sections']).toBe('请至少添加一个分组');
    expect((await designErrors('not json')).definition).toBeDefined();
    const e = await designErrors({
      sections: [
        section('a', [field('one', { label: '' }), field('two', { type: 'json' }), field('three', { rules: ['required', 'nosuch'] }), field('four', { max_length: 0 }), field('five', { span: 'wide' })]),
        section('a', [field('six')], { title: '' }),
        section('c', []),
      ],
    });
    expect(e['definition.sections[0].fields[0].label']).toBe('请填写字段名称');
    expect(e['definition.sections[0].fields[1].type']).toBe('不支持的字段类型“json”');
    expect(e['definition.sections[0].fields[2].rules']).toBe('校验规则不在规则目录中');
    expect(e['definition.sections[0].fields[3].max_length']).toBe('最大长度须为1到20000的整数');
    expect(e['definition.sections[0].fields[4].span']).toBe('宽度只能是半行或整行');
    expect(e['definition.sections[1].key']).toBe('分组编码“a”重复');
    expect(e['definition.sections[1].title']).toBe('请填写分组标题');
    expect(e['definition.sections[2].fields']).toBe('分组至少需要一个字段');
  });

  it('refuses longer lists than the designer takes, and a malformed section, field or role list, in the words of each part (zh and en)', async () => {
    const options = Array.from({ length: 201 }, (_, i) => ({ value: `v${i}`, label: `选项${i}` }));
    const sizes = Array.from({ length: 31 }, (_, i) => `S${i}`);
    const def = { sections: [section('a', [field('k1', { type: 'dict', options }), field('k2', { type: 'matrix', sizes }), field('k3', { roles: ['buyer', 7] }), 'not a field']), 'not a section'] };
    const zh = await designErrors(def);
    expect(zh['definition.sections[0].fields[0].options']).toBe('选项最多200个');
    expect(zh['definition.sections[0].fields[1].sizes']).toBe('尺码最多30个');
    expect(zh['definition.sections[0].fields[2].roles']).toBe('角色须为角色编码列表（最多20个）');
    expect(zh['definition.sections[0].fields[3]']).toBe('字段格式有误');
    expect(zh['definition.sections[1]']).toBe('分组格式有误');
    const en = await designErrors(def, 'en');
    expect(en['definition.sections[0].fields[0].options']).toBe('At most 200 options');
    expect(en['definition.sections[0].fields[1].sizes']).toBe('At most 30 sizes');
    const many = await designErrors({ sections: Array.from({ length: 31 }, (_, i) => section(`s${i}`, [field(`f${i}`)])) });
    expect(many['definition.sections']).toBe('分组最多30个');
  });

  it('refuses choices without options, options without value or name, options on a text, a reference to nothing', async () => {
    const e = await designErrors({
      sections: [
        section('a', [
          field('k1', { type: 'dict' }),
          field('k2', { type: 'multidict', options: [{ value: '', label: '空' }, { value: 'v', label: '' }] }),
          field('k3', { options: [{ value: 'v', label: 'V' }] }),
          field('k4', { type: 'reference', ref_entity: 'users' }),
          field('k5', { type: 'reference' }),
        ]),
      ],
    });
    expect(e['definition.sections[0].fields[0].options']).toBe('下拉字段至少需要一个选项');
    expect(e['definition.sections[0].fields[1].options[0].value']).toBe('请填写选项值');
    expect(e['definition.sections[0].fields[1].options[1].label']).toBe('请填写选项名称');
    expect(e['definition.sections[0].fields[2].options']).toBe('只有下拉、多选、穿梭框和自动完成字段可以设置选项');
    expect(e['definition.sections[0].fields[3].ref_entity']).toBe('请选择引用的数据（供应商、客户或物料）');
    expect(e['definition.sections[0].fields[4].ref_entity']).toBe('请选择引用的数据（供应商、客户或物料）');
  });

  it('refuses conditions and calculations that do not parse, name missing fields, read themselves, or compute a date', async () => {
    const e = await designErrors({
      sections: [
        section('a', [
          field('qty', { type: 'integer', visible_when: 'kind ==' }),
          field('price', { type: 'decimal', disable_when: 'nosuch > 1' }),
          field('amount', { type: 'money', calc: 'amount + qty' }),
          field('due', { type: 'date', calc: 'qty' }),
          field('rate', { type: 'decimal', calc: 'qty * price', decimals: 7 }),
        ]),
      ],
    });
    expect(e['definition.sections[0].fields[0].visible_when']).toMatch(/^表达式有误：/);
    expect(e['definition.sections[0].fields[1].disable_when']).toBe('表达式引用了不存在的字段“nosuch”');
    expect(e['definition.sections[0].fields[2].calc']).toBe('计算公式不能引用字段自身');
    expect(e['definition.sections[0].fields[3].calc']).toBe('只有数字或文本字段可以设置计算公式');
    expect(e['definition.sections[0].fields[4].decimals']).toBe('小数位须为0到4');
  });

  it('refuses a form code that cannot name its records, and a common user may not design', async () => {
    const r = await forms('brand').save({ code: 'QC-1', name: '坏编码' });
    expect(r.status).toBe(400);
    expect((r.body.data as unknown as Errors).errors.code).toBe('表单编码须以大写字母开头，只含大写字母、数字和下划线（2到40个字符）');
    expect((await forms('brand.buyer').save({ code: 'BUYER_FORM', name: '采购员', definition: INSPECTION })).status).toBe(403);
  });
});

describe('versions of a design', () => {
  it('keeps each changed design as a version; a save that leaves the design alone keeps the version; a key keeps its type', async () => {
    const f = forms('brand');
    const created = await f.save({ code: 'VERSIONED', name: '版本', definition: { sections: [section('a', [field('note')])] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.form_version).toBe(1);
    const id = created.body.data.id;
    const renamed = await f.save({ id, version: created.body.data.version, name: '版本（改名）' });
    expect(renamed.body.data.form_version).toBe(1);
    const changed = await f.save({ id, version: renamed.body.data.version, definition: { sections: [section('a', [field('note'), field('qty', { type: 'integer' })])] } });
    expect(changed.body.data.form_version).toBe(2);
    const versions = await sql<{ version_no: number }>`select version_no from dyn_form_version where form_id = ${id} order by version_no`.execute(t.app.db);
    expect(versions.rows.map((v) => v.version_no)).toEqual([1, 2]);
    const retyped = await f.save({ id, version: changed.body.data.version, definition: { sections: [section('a', [field('note', { type: 'integer' })])] } });
    expect(retyped.status).toBe(400);
    expect((retyped.body.data as unknown as Errors).errors['definition.sections[0].fields[0].type']).toBe('字段“note”已在之前的版本中定义为text，不能改为integer；请使用新的字段编码');
  });
});

describe('filling a form: the same rules as a registry document', () => {
  const good = () => ({ title: '十月面料', kind: 'fabric', defect_note: '色差', tags: ['urgent'], vendor_id: vendor, qty: 12, price: 2.5, inspected_on: '2026-11-20', contact_mail: 'qc@example.com', contact_mobile: '13800138000' });

  it('saves a filled form, computes the amount on the server and applies defaults', async () => {
    const r = await records('brand.buyer', 'QC_CHECK').save({ ...good(), amount: 999 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ title: '十月面料', kind: 'fabric', qty: 12, price: 2.5, amount: 30, passed: true, tags: ['urgent'], inspected_on: '2026-11-20', form_version: 1, version: 1 });
    expect(r.body.data.vendor_id__label).toBeTruthy();
  });

  it('refuses each failing rule on its field with the registry message', async () => {
    const r = await records('brand.buyer', 'QC_CHECK').save({ ...good(), title: '', qty: -1, price: -3, kind: 'wool', tags: ['urgent', 'nosuch'], contact_mail: 'not-mail', contact_mobile: '123', inspected_on: '2026-13-01' });
    expect(r.status).toBe(400);
    const e = (r.body.data as unknown as Errors).errors;
    expect(e.title).toBe('必填项');
    expect(Object.keys(e).sort()).toEqual(['contact_mail', 'contact_mobile', 'inspected_on', 'price', 'qty', 'title'].sort());
    const tooLong = await records('brand.buyer', 'QC_CHECK').save({ ...good(), title: '长'.repeat(21) });
    expect((tooLong.body.data as unknown as Errors).errors.title).toBe('最多20个字符');
    // Options are checked once the field rules pass (document checks, as for any registry entity).
    const choice = await records('brand.buyer', 'QC_CHECK').save({ ...good(), kind: 'wool', tags: ['nosuch'] });
    const ce = (choice.body.data as unknown as Errors).errors;
    expect(ce.kind).toBeTruthy();
    expect(ce.tags).toBe(ce.kind);
  });

  it('answers hostile bodies with field errors, never a server error, and takes only the form\'s fields', async () => {
    const c = records('brand.buyer', 'QC_CHECK');
    const objects = await c.save({ ...good(), qty: { $gt: 1 }, price: [1, 2], title: { toString: 'x' } });
    expect(objects.status).toBe(400);
    expect(Object.keys((objects.body.data as unknown as Errors).errors)).toEqual(expect.arrayContaining(['qty', 'title']));
    const r = await t.app.inject({
      method: 'POST', url: '/api/crossapi/dynformdata/QC_CHECK/save', headers: { authorization: `Bearer ${tok['brand.buyer']}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ ...good(), __proto__: { admin: true }, constructor: { prototype: { x: 1 } }, client_id: 999, form_id: 1, data: { evil: 1 }, nosuch: 'ignored' }),
    });
    expect(r.statusCode, r.body).toBe(200);
    const saved = (r.json() as Reply<Record<string, unknown>>).data;
    const stored = (await sql<{ client_id: number; data: Record<string, unknown> }>`select client_id, data from dyn_form_record where id = ${saved.id}`.execute(t.app.db)).rows[0];
    expect(Object.keys(stored.data).sort()).toEqual(['amount', 'contact_mail', 'contact_mobile', 'defect_note', 'inspected_on', 'kind', 'locked_note', 'passed', 'price', 'qty', 'tags', 'title', 'vendor_id'].sort());
    expect(stored.client_id).not.toBe(999);
    const huge = await c.save({ ...good(), title: 'x'.repeat(100000) });
    expect(huge.status).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: "/api/crossapi/dynformdata/QC_CHECK';drop table dyn_form_record;--/page", headers: { authorization: `Bearer ${tok.brand}` } })).statusCode).toBe(404);
  });

  it('requires a conditional field only while it is shown, and keeps no value of a hidden one', async () => {
    const c = records('brand.buyer', 'QC_CHECK');
    const missing = await c.save({ ...good(), defect_note: '' });
    expect((missing.body.data as unknown as Errors).errors.defect_note).toBe('必填项');
    const trim = await c.save({ ...good(), kind: 'trim', defect_note: '不该保存' });
    expect(trim.status, JSON.stringify(trim.body)).toBe(200);
    expect(trim.body.data.defect_note).toBeNull();
  });

  it('refuses another company\'s vendor as a reference, a stale version, and keeps a history with labels', async () => {
    const c = records('brand.buyer', 'QC_CHECK');
    if (makerVendor) {
      const foreign = await c.save({ ...good(), vendor_id: makerVendor });
      expect(foreign.status).toBe(400);
      expect((foreign.body.data as unknown as Errors).errors.vendor_id).toBeTruthy();
    }
    const saved = await c.save(good());
    const id = saved.body.data.id;
    const updated = await c.save({ id, version: 1, qty: 20 });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({ qty: 20, amount: 50, title: '十月面料', version: 2 });
    const stale = await c.save({ id, version: 1, qty: 30 });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('该单据已被他人操作，请刷新后重试');
    const h = await c.history(id);
    expect(h.status).toBe(200);
    const rows = (h.body.data as unknown as { rows: Array<{ action: string; changes: Array<{ field: string; label: string; old: unknown; new: unknown }> }> }).rows;
    expect(rows.map((x) => x.action)).toEqual(['update', 'create']);
    expect(rows[0].changes).toEqual(expect.arrayContaining([{ field: 'qty', label: '数量', old: 12, new: 20 }]));
  });

  it('lists records with the registry list query: filters, quick search, sort, choices and references', async () => {
    const c = records('brand', 'QC_CHECK');
    await records('brand.buyer', 'QC_CHECK').save({ ...good(), title: '大货辅料', kind: 'trim', qty: 500, tags: ['repeat'] });
    const all = await c.page({ size: 100 });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(4);
    const big = await c.page({ 'f.qty.gte': 100, sort: '-qty' });
    expect(big.body.data.rows.map((r) => r.title)).toEqual(['大货辅料']);
    expect((await c.page({ 'f.kind.eq': 'trim' })).body.data.rows.every((r) => r.kind === 'trim')).toBe(true);
    expect((await c.page({ 'f.tags.eq': 'repeat' })).body.data.total).toBe(1);
    expect((await c.page({ q: '辅料' })).body.data.rows.map((r) => r.title)).toContain('大货辅料');
    expect((await c.page({ 'f.inspected_on.between': '2026-11-01,2026-11-30' })).body.data.total).toBeGreaterThanOrEqual(4);
    const sorted = (await c.page({ sort: 'qty', size: 100 })).body.data.rows.map((r) => Number(r.qty));
    expect(sorted).toEqual([...sorted].sort((a, b) => a - b));
    // A filter on something that is not a field of the form, or a bad value, is refused, never run.
    expect((await c.page({ 'f.data.eq': 'x' })).status).toBe(400);
    expect((await c.page({ "f.qty') or 1=1 --.eq": 1 })).status).toBe(400);
    expect((await c.page({ 'f.qty.gte': 'abc' })).status).toBe(400);
  });

  it('exports the list to Excel with the form\'s labels as headers and its options\' names', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/api/crossapi/dynformdata/QC_CHECK/export', query: { columns: 'title,kind,qty,amount', 'f.kind.eq': 'trim', lang: 'zh-CN' }, headers: { authorization: `Bearer ${tok.brand}` } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets.find((w) => w.state === 'visible')!;
    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['标题', '类别', '数量', '金额']);
    const titles = ws.getColumn(1).values.slice(2);
    expect(titles).toContain('大货辅料');
    // A choice is written as its option's name, as the list shows it.
    expect(new Set(ws.getColumn(2).values.slice(2))).toEqual(new Set(['辅料']));
  });

  it('removes a record at the version it was read at, and refuses removing a form that has records', async () => {
    const c = records('brand.buyer', 'QC_CHECK');
    const saved = await c.save({ ...good(), title: '待删除' });
    const id = saved.body.data.id;
    expect((await c.remove([id], [5])).status).toBe(409);
    const r = await c.remove([id]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect((await c.view(id)).status).toBe(404);
    const h = await c.history(id);
    expect((h.body.data as unknown as { rows: Array<{ action: string }> }).rows[0].action).toBe('remove');
    const form = (await forms('brand').view(formId)).body.data;
    const refused = await forms('brand').remove([formId], [Number(form.version)]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^该表单已有\d+条填报记录，不能删除；可以停用$/);
  });

  it('saves an old record against the current design: a new required field is then required', async () => {
    const f = forms('brand');
    const created = await f.save({ code: 'GROWING', name: '会变的表单', definition: { sections: [section('a', [field('note')])] } });
    const rec = await records('brand.buyer', 'GROWING').save({ note: '第一版' });
    expect(rec.body.data.form_version).toBe(1);
    await f.save({ id: created.body.data.id, version: created.body.data.version, definition: { sections: [section('a', [field('note'), field('owner', { required: true })])] } });
    const again = await records('brand.buyer', 'GROWING').save({ id: rec.body.data.id, version: 1, note: '第二版' });
    expect((again.body.data as unknown as Errors).errors.owner).toBe('必填项');
    const ok = await records('brand.buyer', 'GROWING').save({ id: rec.body.data.id, version: 1, note: '第二版', owner: '张三' });
    expect(ok.body.data).toMatchObject({ note: '第二版', owner: '张三', form_version: 2 });
  });
});

describe('a field limited to roles (spec 6 dashrolesLimits)', () => {
  it('is neither required of nor changed by a user lacking the roles, and required of one holding them', async () => {
    const bad = await designErrors({ sections: [section('a', [field('note', { roles: ["x' or 1=1"] })])] });
    expect(bad['definition.sections[0].fields[0].roles']).toBe('角色须为角色编码列表（最多20个）');
    const created = await forms('brand').save({ code: 'ROLE_FORM', name: '带审核意见', definition: { sections: [section('a', [field('title', { required: true }), field('review', { label: '审核意见', required: true, roles: ['clientadmin'] })])] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const byBuyer = await records('brand.buyer', 'ROLE_FORM').save({ title: '采购员填写', review: '自己批准' });
    expect(byBuyer.status, JSON.stringify(byBuyer.body)).toBe(200);
    expect(byBuyer.body.data.review).toBeNull();
    const id = byBuyer.body.data.id;
    const missing = await records('brand', 'ROLE_FORM').save({ id, version: 1, title: '管理员查看' });
    expect((missing.body.data as unknown as Errors).errors.review).toBe('必填项');
    const reviewed = await records('brand', 'ROLE_FORM').save({ id, version: 1, review: '同意' });
    expect(reviewed.body.data).toMatchObject({ title: '采购员填写', review: '同意', version: 2 });
    // The buyer's later save keeps the review it cannot see.
    const again = await records('brand.buyer', 'ROLE_FORM').save({ id, version: 2, title: '采购员修改', review: '' });
    expect(again.body.data).toMatchObject({ title: '采购员修改', review: '同意' });
  });
});

describe('a tree choice and an image', () => {
  it('picks an org of the company (not another company\'s), keeps an image address, and refuses a tree of something else', async () => {
    const bad = await designErrors({ sections: [section('a', [field('org_id', { type: 'tree', ref_entity: 'vendor' })])] });
    expect(bad['definition.sections[0].fields[0].ref_entity']).toBe('请选择引用的树形数据（组织或工序）');
    const created = await forms('brand').save({ code: 'SITE_VISIT', name: '现场走访', definition: { sections: [section('a', [field('org_id', { label: '部门', type: 'tree', ref_entity: 'org', required: true }), field('photo', { label: '照片', type: 'image' })])] } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const org = (await sql<{ id: number; name: string }>`select o.id, o.name from md_org o join clients c on c.id = o.client_id where c.code = 'BRAND01' order by o.id limit 1`.execute(t.app.db)).rows[0];
    const foreign = (await sql<{ id: number }>`select o.id from md_org o join clients c on c.id = o.client_id where c.code <> 'BRAND01' order by o.id limit 1`.execute(t.app.db)).rows[0];
    const ok = await records('brand.buyer', 'SITE_VISIT').save({ org_id: org.id, photo: '/files/visit.png' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ org_id: Number(org.id), org_id__label: org.name, photo: '/files/visit.png' });
    if (foreign) {
      const refused = await records('brand.buyer', 'SITE_VISIT').save({ org_id: foreign.id });
      expect(refused.status).toBe(400);
      expect((refused.body.data as unknown as Errors).errors.org_id).toBeTruthy();
    }
  });
});

describe('transfer, autocomplete, matrix, rules table and location (issue 35)', () => {
  const SAMPLE = {
    sections: [
      section('a', [
        field('title', { label: '标题', required: true }),
        field('buyers', { label: '跟单员', type: 'transfer', required: true, options: [{ value: 'zhang', label: '张三' }, { value: 'li', label: '李四' }, { value: 'wang', label: '王五' }] }),
        field('colour', { label: '颜色', type: 'autocomplete', options: [{ value: 'red', label: '大红' }, { value: 'navy', label: '藏青' }] }),
        field('spot', { label: '检验位置', type: 'location' }),
      ]),
      section('b', [field('qtys', { label: '颜色尺码数量', type: 'matrix', sizes: ['S', 'M', 'L', 'XL'] }), field('checks', { label: '校验规则', type: 'rules' })]),
    ],
  };
  const good = () => ({
    title: '十二月样衣',
    buyers: ['zhang', 'wang'],
    colour: '米白',
    spot: '31.230416,121.473701',
    qtys: [{ color: '大红', size: 'S', qty: 10 }, { color: '大红', size: 'XL', qty: 4 }, { color: '藏青', size: 'M', qty: 0 }],
    checks: [{ type: 'naturalNumber', message: '数量须为非负整数' }],
  });
  let created = false;
  const ensureForm = async () => {
    if (created) return;
    const r = await forms('brand').save({ code: 'SAMPLE_SIZES', name: '样衣尺码登记', definition: SAMPLE });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    created = true;
  };

  it('the designer refuses each new type without what it needs, with its message in both languages', async () => {
    const def = {
      sections: [
        section('a', [
          field('t', { type: 'transfer' }),
          field('ac', { type: 'autocomplete' }),
          field('m', { type: 'matrix', sizes: ['S', 'M', 'S'] }),
          field('m2', { type: 'matrix' }),
          field('loc', { type: 'location', required: true }),
          field('r', { type: 'rules', rules: ['english'] }),
        ]),
      ],
    };
    const zh = await designErrors(def);
    expect(zh['definition.sections[0].fields[0].options']).toBe('穿梭框字段至少需要一个可选项');
    expect(zh['definition.sections[0].fields[1].options']).toBe('自动完成字段至少需要一个候选项');
    expect(zh['definition.sections[0].fields[2].sizes']).toBe('尺码“S”重复');
    expect(zh['definition.sections[0].fields[3].sizes']).toBe('颜色尺码矩阵请至少声明一个尺码');
    expect(zh['definition.sections[0].fields[4].required']).toBe('定位字段不做校验（取不到位置时也能提交），不能设为必填或设置校验规则');
    expect(zh['definition.sections[0].fields[5].rules']).toBe('该类型的字段不能设置校验规则（由字段类型自己校验）');
    const en = await designErrors(def, 'en');
    expect(en['definition.sections[0].fields[0].options']).toBe('A transfer field needs at least one option');
    expect(en['definition.sections[0].fields[2].sizes']).toBe('Size "S" is declared twice');
    expect(en['definition.sections[0].fields[4].required']).toMatch(/^A location field is never validated/);
  });

  it('saves a filled record of each type (JSON and form-encoded bodies) and gives it back as stored', async () => {
    await ensureForm();
    const r = await records('brand.buyer', 'SAMPLE_SIZES').save(good());
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject(good());
    const id = r.body.data.id;
    const view = await records('brand.buyer', 'SAMPLE_SIZES').view(id);
    expect(view.body.data).toMatchObject(good());
    // spec 3: a form body sends the transfer and the matrix as JSON text; a location may be empty (never validated).
    const form = new URLSearchParams({ id: String(id), version: '1', title: '表单提交', buyers: '["li"]', qtys: JSON.stringify([{ color: '米白', size: 'L', qty: 2 }]), spot: '' });
    const f = await t.app.inject({ method: 'POST', url: '/api/crossapi/dynformdata/SAMPLE_SIZES/save', headers: { authorization: `Bearer ${tok['brand.buyer']}`, 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() });
    expect(f.statusCode, f.body).toBe(200);
    expect((f.json() as Reply<Record<string, unknown>>).data).toMatchObject({ buyers: ['li'], qtys: [{ color: '米白', size: 'L', qty: 2 }], spot: null, colour: '米白', version: 2 });
    const stored = (await sql<{ data: Record<string, unknown> }>`select data from dyn_form_record where id = ${id}`.execute(t.app.db)).rows[0].data;
    expect(stored.buyers).toEqual(['li']);
    expect(stored.checks).toEqual(good().checks);
    // The list has the text fields (the autocomplete's text, the location) as columns it filters.
    const listed = await records('brand', 'SAMPLE_SIZES').page({ 'f.colour.like': '米', 'f.spot.null': '1' });
    expect(listed.body.data.rows.map((x) => [x.title, x.colour])).toEqual([['表单提交', '米白']]);
  });

  it('refuses a bad value of each type with the field\'s message, and a required transfer left empty', async () => {
    await ensureForm();
    const c = records('brand.buyer', 'SAMPLE_SIZES');
    const refused = async (patch: Record<string, unknown>, lang: 'zh-CN' | 'en' = 'zh-CN') => {
      const r = await records('brand.buyer', 'SAMPLE_SIZES', lang).save({ ...good(), ...patch });
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      return (r.body.data as unknown as Errors).errors;
    };
    expect((await refused({ buyers: ['zhang', 'zhao'] })).buyers).toBe((await refused({ buyers: ['nosuch'] })).buyers);
    expect((await refused({ buyers: ['zhao'] })).buyers).toBeTruthy();
    expect((await refused({ buyers: [] })).buyers).toBe('必填项');
    expect((await refused({ qtys: [{ color: '大红', size: 'XXL', qty: 1 }] })).qtys).toBe('矩阵中有表单未声明的尺码');
    expect((await refused({ qtys: [{ color: '大红', size: 'S', qty: -5 }] })).qtys).toBe('矩阵的数量须为不小于0的数字');
    expect((await refused({ qtys: [{ color: '大红', size: 'S', qty: -5 }] }, 'en')).qtys).toBe('Quantities of the matrix are numbers of 0 or more');
    expect((await refused({ qtys: [{ color: '', size: 'S', qty: 1 }] })).qtys).toBe('矩阵的每一行须填写颜色（最多50个字符）');
    expect((await refused({ qtys: 'not json' })).qtys).toBeTruthy();
    expect((await refused({ qtys: [{ color: '大红', size: 'S', qty: 1, $where: 'x' }] })).qtys).toBe('颜色尺码矩阵的内容格式有误');
    expect((await refused({ checks: [{ type: 'dropTable' }] })).checks).toBe('规则表中有不在规则目录中的规则类型');
    expect((await refused({ colour: '色'.repeat(201) })).colour).toBe('最多200个字符');
    // Nothing refused was stored.
    const n = (await sql<{ n: number }>`select count(*)::int as n from dyn_form_record r join dyn_form f on f.id = r.form_id where f.code = 'SAMPLE_SIZES' and r.data -> 'qtys' @> '[{"qty": -5}]'::jsonb`.execute(t.app.db)).rows[0].n;
    expect(n).toBe(0);
    expect((await c.save({ ...good(), colour: '任意文字也可以' })).status).toBe(200);
  });

  it('lets a text field become an autocomplete in a later version, not a transfer', async () => {
    const f = forms('brand');
    const v1 = await f.save({ code: 'RETYPED', name: '改类型', definition: { sections: [section('a', [field('colour')])] } });
    expect(v1.status, JSON.stringify(v1.body)).toBe(200);
    const v2 = await f.save({ id: v1.body.data.id, version: v1.body.data.version, definition: { sections: [section('a', [field('colour', { type: 'autocomplete', options: [{ value: 'r', label: '红' }] })])] } });
    expect(v2.status, JSON.stringify(v2.body)).toBe(200);
    expect(v2.body.data.form_version).toBe(2);
    const v3 = await f.save({ id: v1.body.data.id, version: v2.body.data.version, definition: { sections: [section('a', [field('colour', { type: 'transfer', options: [{ value: 'r', label: '红' }] })])] } });
    expect(v3.status).toBe(400);
    expect((v3.body.data as unknown as Errors).errors['definition.sections[0].fields[0].type']).toBe('字段“colour”已在之前的版本中定义为autocomplete，不能改为transfer；请使用新的字段编码');
  });
});

describe('form scenarios and project types (cpm-ot/scenario)', () => {
  it('the demo brand has its inspection form, attached to the inspection project type, with two filled records', async () => {
    type Scenario = { scenario: { code: string }; form: { code: string; name: string; version: number } };
    const demo = await get<Scenario>('brand.buyer', '/api/crossapi/ccommonapi/cpm-ot/scenario', { project_type: 'QC_PROJECT' });
    expect(demo.status, JSON.stringify(demo.body)).toBe(200);
    expect(demo.body.data).toMatchObject({ scenario: { code: 'QC_INCOMING' }, form: { code: 'QC_INSPECT', name: '来料检验单', version: 1 } });
    const rows = (await records('brand', 'QC_INSPECT').page({ sort: 'qty' })).body.data.rows;
    expect(rows.map((r) => [r.title, r.amount, r.defect_note])).toEqual([
      ['十一月针织面料到货抽检', 1540, '两卷轻微色差，已与供应商确认回修'],
      ['拉链辅料抽检', 160, null],
    ]);
  });

  it('a project type attaches a scenario; the scenario call answers the form and its design', async () => {
    const sc = await resourceClient(t.app, tok.brand, 'crossapi', 'formscenario').save({ code: 'QC_CHECKING', name: '来料检验', form_id: formId });
    expect(sc.status, JSON.stringify(sc.body)).toBe(200);
    const pt = await resourceClient(t.app, tok.brand, 'adminapi', 'admin_project_type').save({ code: 'PT_QC', name: '检验项目', form_scenario_id: sc.body.data.id });
    expect(pt.status, JSON.stringify(pt.body)).toBe(200);
    expect(pt.body.data.form_scenario_id__label).toBe('来料检验');
    type Scenario = { scenario: { code: string }; form: { code: string; version: number; definition: { sections: Array<{ key: string }> } } };
    const byType = await get<Scenario>('brand.buyer', '/api/crossapi/ccommonapi/cpm-ot/scenario', { project_type: 'PT_QC' });
    expect(byType.status, JSON.stringify(byType.body)).toBe(200);
    expect(byType.body.data.scenario.code).toBe('QC_CHECKING');
    expect(byType.body.data.form).toMatchObject({ code: 'QC_CHECK', version: 1 });
    expect(byType.body.data.form.definition.sections.map((s) => s.key)).toEqual(['base', 'numbers']);
    expect((await get<Scenario>('brand.buyer', '/api/crossapi/ccommonapi/cpm-ot/scenario', { code: 'QC_CHECKING' })).body.data.form.code).toBe('QC_CHECK');
    const none = await get('brand.buyer', '/api/crossapi/ccommonapi/cpm-ot/scenario', { code: 'NOPE' });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('表单场景不存在或未启用');
    const forms = await get<{ rows: Array<{ code: string }> }>('brand.buyer', '/api/crossapi/dynform/forms');
    expect(forms.body.data.rows.map((r) => r.code)).toEqual(expect.arrayContaining(['QC_CHECK', 'VERSIONED']));
  });

  it('a disabled form is not offered and takes no records', async () => {
    const f = forms('brand');
    const created = await f.save({ code: 'OFF_FORM', name: '停用', status: 'inactive', definition: { sections: [section('a', [field('note')])] } });
    expect(created.status).toBe(200);
    const list = await get<{ rows: Array<{ code: string }> }>('brand.buyer', '/api/crossapi/dynform/forms');
    expect(list.body.data.rows.map((r) => r.code)).not.toContain('OFF_FORM');
    expect((await records('brand.buyer', 'OFF_FORM').save({ note: 'x' })).status).toBe(404);
  });
});

describe('another company', () => {
  it('sees neither the forms, nor the records, nor the scenarios of the brand, and cannot write them', async () => {
    const mine = await records('brand', 'QC_CHECK').page({ size: 1 });
    const id = mine.body.data.rows[0].id;
    const m = records('maker', 'QC_CHECK');
    expect((await m.page()).status).toBe(404);
    expect((await m.view(id)).status).toBe(404);
    expect((await m.save({ id, version: 1, title: 'x' })).status).toBe(404);
    expect((await m.remove([id], [1])).status).toBe(404);
    expect((await m.history(id)).status).toBe(404);
    expect((await get('maker', '/api/crossapi/dynformdata/QC_CHECK/export')).status).toBe(404);
    expect((await get('maker', '/api/crossapi/ccommonapi/cpm-ot/scenario', { code: 'QC_CHECKING' })).status).toBe(404);
    expect((await get<{ rows: unknown[] }>('maker', '/api/crossapi/dynform/forms')).body.data.rows).toEqual([]);
    // The maker's own form of the same code is its own: the brand's records stay out of it.
    const own = await forms('maker').save({ code: 'QC_CHECK', name: '工厂的检验单', definition: { sections: [section('a', [field('title')])] } });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect((await m.page()).body.data.total).toBe(0);
    const saved = await m.save({ title: '工厂' });
    expect(saved.status).toBe(200);
    expect((await records('brand', 'QC_CHECK').view(saved.body.data.id)).status).toBe(404);
  });
});
