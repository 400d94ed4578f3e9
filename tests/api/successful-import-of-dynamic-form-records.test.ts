import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { resourceClient } from '../support/resource-client';
import { api, importFile, loadWorkbook, uploadFile, UPLOAD_BASE, waitJob, type JobView } from './import-support';

/**
 * Issue 33: a dynamic form's records are imported through the import centre like any entity's: the
 * form is offered by its code (its company's only), its template carries its fields and its own
 * options as drop-downs, and every row is written by the form's own record writer, so a row the
 * form's save refuses (a rule, a choice not among its options, a field required while shown) is
 * refused on that row with the save's message, a check writes nothing, and the valid rows are
 * committed alone when asked.
 */
let t: TestApp;
const tok: Record<string, string> = {};
const CODE = 'IMP_QC';

const DEFINITION = {
  sections: [
    {
      key: 'base',
      title: '基本信息',
      fields: [
        { key: 'title', label: '标题', type: 'text', required: true, max_length: 20 },
        { key: 'kind', label: '类别', type: 'dict', required: true, options: [{ value: 'fabric', label: '面料', label_en: 'Fabric' }, { value: 'trim', label: '辅料', label_en: 'Trim' }] },
        { key: 'defect_note', label: '瑕疵说明', type: 'text', visible_when: "kind == 'fabric'", required: true },
        { key: 'qty', label: '数量', type: 'integer', required: true, rules: ['naturalNumber'] },
        { key: 'vendor_id', label: '供应商', type: 'reference', ref_entity: 'vendor' },
      ],
    },
  ],
};

const records = (who: string) => resourceClient(t.app, tok[who], 'crossapi/dynformdata', CODE);
type ErrorRow = { row: number; column: string; field: string; message: string };

async function errorsOf(jobId: number): Promise<ErrorRow[]> {
  const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${jobId}/errors?page=1&size=100`, headers: api(tok.brand) });
  return (res.json() as { data: { rows: ErrorRow[] } }).data.rows;
}

/** The form's template as the import page downloads it, with `rows` typed under its headers (by header text). */
async function filledTemplate(rows: Array<Record<string, string | number>>): Promise<{ name: string; content: Buffer; headers: string[] }> {
  const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/template?entity=${CODE}&lang=zh-CN`, headers: api(tok.brand) });
  expect(res.statusCode, res.body).toBe(200);
  const wb = await loadWorkbook(res.rawPayload);
  const sheet = wb.worksheets.find((w) => w.state === 'visible')!;
  const headers = (sheet.getRow(1).values as unknown[]).slice(1).map((h) => String(h).replace(/^\*/, ''));
  rows.forEach((r, i) => {
    const row = sheet.getRow(i + 2);
    headers.forEach((h, k) => {
      if (r[h] !== undefined) row.getCell(k + 1).value = r[h];
    });
    row.commit();
  });
  return { name: 'qc.xlsx', content: Buffer.from(await wb.xlsx.writeBuffer()), headers };
}

const total = async () => Number((await records('brand').page({ size: 1 })).body.data.total);

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['brand', 'maker']) tok[u] = await signIn(t.app, u);
  const saved = await resourceClient(t.app, tok.brand, 'crossapi', 'dynform').save({ code: CODE, name: '导入检验单', name_en: 'Imported inspection', definition: DEFINITION });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterAll(async () => t?.close());

describe("a dynamic form's records imported through the import centre", () => {
  it("offers the form by its code to its own company only, with a template of its fields and its own options", async () => {
    const links = async (who: string) => (await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/page-upload-links?opt=dynform-${CODE}`, headers: api(tok[who]) }));
    const mine = await links('brand');
    expect(mine.statusCode, mine.body).toBe(200);
    expect((mine.json() as { data: Array<{ entity: string; title: string; upsert: boolean }> }).data).toEqual([expect.objectContaining({ entity: CODE, title: '导入检验单', upsert: false })]);
    const all = (await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/page-upload-links`, headers: api(tok.brand) })).json() as { data: Array<{ entity: string }> };
    expect(all.data.map((l) => l.entity)).toContain(CODE);
    // Another company has no such form: neither offered nor downloadable nor importable.
    expect((await links('maker')).statusCode).toBe(404);
    const makersAll = (await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/page-upload-links`, headers: api(tok.maker) })).json() as { data: Array<{ entity: string }> };
    expect(makersAll.data.map((l) => l.entity)).not.toContain(CODE);
    expect((await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/template?entity=${CODE}`, headers: api(tok.maker) })).statusCode).toBe(404);

    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/template?entity=${CODE}&lang=zh-CN`, headers: api(tok.brand) });
    const wb = await loadWorkbook(res.rawPayload);
    const sheet = wb.worksheets.find((w) => w.state === 'visible')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['*标题', '*类别', '瑕疵说明', '*数量', expect.stringMatching(/^供应商/)]);
    const lists = wb.worksheets.find((w) => w.name === '_lists')!;
    expect([lists.getCell('A1').value, lists.getCell('A2').value]).toEqual(['面料', '辅料']);
  });

  it("refuses on its row, with the form's own message, each row the form's save refuses; a check writes nothing and the valid rows commit alone", async () => {
    const before = await total();
    const vendorCode = (await resourceClient(t.app, tok.brand, 'mdapi', 'vendor').page({ 'f.code.eq': 'VD001' })).body.data.rows[0];
    const file = await filledTemplate([
      { 标题: '面料甲', 类别: '面料', 瑕疵说明: '色差', 数量: 5, 供应商编码: 'VD001' },
      { 标题: '辅料乙', 类别: '辅料', 数量: -3 },
      { 标题: '面料丙', 类别: '面料', 数量: 2 },
      { 标题: '辅料丁', 类别: '拉链', 数量: 1 },
      { 标题: '辅料戊', 类别: 'trim', 数量: 4, 供应商编码: 'NOPE-33' },
    ]);
    const vendorHeader = file.headers[4];
    const checked = await importFile(t.app, tok.brand, file, { entity: CODE, mode: 'insert', commit: 'check' });
    expect(checked.status, JSON.stringify(checked)).toBe('checked');
    expect(checked.result).toMatchObject({ total: 5, valid: 1, invalid: 4, inserted: 0, committed: false });
    expect(await total()).toBe(before);

    // The form's own save of the same values says the same, field by field.
    const formSaid = async (body: Record<string, unknown>) => {
      const r = await records('brand').save(body);
      expect(r.status).toBe(400);
      return (r.body.data as unknown as { errors: Record<string, string> }).errors;
    };
    const negative = await formSaid({ title: '辅料乙', kind: 'trim', qty: -3 });
    const noNote = await formSaid({ title: '面料丙', kind: 'fabric', qty: 2 });
    const badKind = await formSaid({ title: '辅料丁', kind: '拉链', qty: 1 });
    const errors = await errorsOf(checked.id);
    expect(errors).toEqual([
      expect.objectContaining({ row: 3, column: '数量', field: 'qty', message: negative.qty }),
      expect.objectContaining({ row: 4, column: '瑕疵说明', field: 'defect_note', message: noNote.defect_note }),
      expect.objectContaining({ row: 5, column: '类别', field: 'kind', message: badKind.kind }),
      expect.objectContaining({ row: 6, column: vendorHeader, field: 'vendor_id', message: expect.stringContaining('NOPE-33') }),
    ]);

    // All or nothing: the errors keep every row out.
    const all = await importFile(t.app, tok.brand, file, { entity: CODE, mode: 'insert', commit: 'all' });
    expect(all.result).toMatchObject({ inserted: 0, invalid: 4, committed: false });
    expect(await total()).toBe(before);

    // The valid rows only, from the checked job: the one good row is written as the form writes it.
    const commit = await t.app.inject({ method: 'POST', url: `${UPLOAD_BASE}/jobs/${checked.id}/commit`, payload: { validOnly: true }, headers: api(tok.brand) });
    expect(commit.statusCode, commit.body).toBe(200);
    const done: JobView = await waitJob(t.app, tok.brand, checked.id);
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(done.result).toMatchObject({ inserted: 1, invalid: 4, committed: true, held: 4, insertedTotal: 1 });
    expect(await total()).toBe(before + 1);
    const written = (await records('brand').page({ 'f.title.eq': '面料甲' })).body.data.rows;
    expect(written).toEqual([expect.objectContaining({ title: '面料甲', kind: 'fabric', defect_note: '色差', qty: 5, vendor_id: vendorCode.id })]);
  });

  it("is refused for another company: the form's code names nothing of theirs", async () => {
    const file = await filledTemplate([{ 标题: '越权', 类别: '面料', 瑕疵说明: 'x', 数量: 1 }]);
    const res = await uploadFile(t.app, tok.maker, file, { entity: CODE, mode: 'insert', commit: 'all' });
    expect(res.statusCode).toBe(404);
  });
});
