import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import '../../reports';
import { createTestApp, signIn, type TestApp } from '../support/test-app';

/**
 * Issue 29: exports carried no number formats (a load rate as 0.7631257631257632, on-time as 1,
 * minutes as 66830.4, week dates as text). Every column of a report or list workbook now takes its
 * cell type and number format from its one declaration (docs/architecture-excel.md "Number
 * formats"): a report's rates are numbers under 0.0%, its minutes numbers under #,##0.0 with the
 * unit in the header, its weeks real dates; a list's dates real dates, money under #,##0.00##, codes
 * text under @ with their leading zeros.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['brand', 'maker']) tokens[user] = await signIn(t.app, user);
}, 120_000);
afterAll(async () => t?.close());

async function exported(url: string, user: string, language: 'zh' | 'en' = 'zh'): Promise<{ ws: ExcelJS.Worksheet; bytes: Buffer }> {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[user]}`, 'x-lang': language } });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { ws: wb.worksheets.find((w) => w.state === 'visible')!, bytes: res.rawPayload };
}

const headers = (ws: ExcelJS.Worksheet) => (ws.getRow(1).values as unknown[]).slice(1).map(String);

/** The cells of a column below the header, by its header. */
function column(ws: ExcelJS.Worksheet, header: string): ExcelJS.Cell[] {
  const at = headers(ws).indexOf(header) + 1;
  expect(at, `${header} in ${headers(ws).join(' | ')}`).toBeGreaterThan(0);
  const out: ExcelJS.Cell[] = [];
  ws.eachRow((row, n) => n > 1 && out.push(row.getCell(at)));
  return out;
}

describe('a report workbook', () => {
  it('writes the weekly line load with week dates, minutes and a percentage (zh and en)', async () => {
    for (const [language, h] of [
      ['zh', { week: '周（周一）', load: '负荷（分钟）', capacity: '产能（分钟）', rate: '负荷率' }],
      ['en', { week: 'Week (Monday)', load: 'Load (min)', capacity: 'Capacity (min)', rate: 'Utilisation' }],
    ] as const) {
      const { ws } = await exported('/api/rptapi/report/capacity-load/export?group=line,week', 'maker', language);
      const weeks = column(ws, h.week);
      expect(weeks.length).toBeGreaterThan(0);
      for (const c of weeks) {
        expect(c.type, language).toBe(ExcelJS.ValueType.Date);
        expect((c.value as Date).getUTCDay()).toBe(1);
        expect(c.numFmt).toBe('yyyy-mm-dd');
      }
      for (const c of [...column(ws, h.load), ...column(ws, h.capacity)]) {
        expect(c.type).toBe(ExcelJS.ValueType.Number);
        expect(c.numFmt).toBe('#,##0.0');
      }
      const rates = column(ws, h.rate).filter((c) => c.value !== null);
      expect(rates.length).toBeGreaterThan(0);
      for (const c of rates) {
        expect(c.type).toBe(ExcelJS.ValueType.Number);
        expect(c.numFmt).toBe('0.0%');
      }
    }
  });

  it('writes the on-time rate as a percentage and the order counts as whole numbers, subtotals too', async () => {
    const { ws } = await exported('/api/rptapi/report/on-time-delivery/export?group=customer,month&subtotals=1', 'maker');
    const rates = column(ws, '准时率').filter((c) => c.value !== null);
    expect(rates.length).toBeGreaterThan(0);
    for (const c of rates) expect({ type: c.type, numFmt: c.numFmt }).toEqual({ type: ExcelJS.ValueType.Number, numFmt: '0.0%' });
    for (const c of column(ws, '已完成订单')) expect({ type: c.type, numFmt: c.numFmt }).toEqual({ type: ExcelJS.ValueType.Number, numFmt: '#,##0' });
    // The grand total is labelled in its first column and still holds numbers.
    const last = ws.getRow(ws.rowCount);
    expect(last.getCell(1).value).toBe('合计');
    expect(last.getCell(headers(ws).indexOf('已完成订单') + 1).type).toBe(ExcelJS.ValueType.Number);
  });
});

describe('a list workbook', () => {
  it('writes a date as a date, money as a number under its format and a zero-padded code as text', async () => {
    const order = (
      await sql<{ id: number; code: string }>`select o.id, c.code from pur_order o join clients c on c.id = o.client_id
        where c.code in ('BRAND01', 'MAKER01') order by o.id limit 1`.execute(t.app.db)
    ).rows[0];
    expect(order).toBeDefined();
    await sql`update pur_order set po_no = '000123', order_date = '2026-03-02', total_amount = 1234.5, total_qty = 12 where id = ${order.id}`.execute(t.app.db);
    const user = order.code === 'BRAND01' ? 'brand' : 'maker';
    const { ws, bytes } = await exported('/api/srmapi/purorder/export?f.po_no.eq=000123&columns=po_no,order_date,total_amount,total_qty,vendor_id', user);
    expect(headers(ws)).toEqual(['采购单号', '下单日期', '总金额', '总数量', '供应商', '供应商编码']);
    const row = ws.getRow(2);
    const cell = (n: number) => ({ type: row.getCell(n).type, value: row.getCell(n).value, numFmt: row.getCell(n).numFmt });
    expect(cell(1)).toEqual({ type: ExcelJS.ValueType.String, value: '000123', numFmt: '@' });
    expect(cell(2)).toEqual({ type: ExcelJS.ValueType.Date, value: new Date(Date.UTC(2026, 2, 2)), numFmt: 'yyyy-mm-dd' });
    expect(cell(3)).toEqual({ type: ExcelJS.ValueType.Number, value: 1234.5, numFmt: '#,##0.00##' });
    expect(cell(4)).toEqual({ type: ExcelJS.ValueType.Number, value: 12, numFmt: '#,##0.00##' });
    // The supplier's code beside its name is a code too.
    expect(row.getCell(6).numFmt).toBe('@');
    // As written: the code is a string cell, never a number cell (t="n" or no type).
    const zip = await JSZip.loadAsync(bytes);
    const sheets = Object.keys(zip.files).filter((n) => /^xl\/worksheets\/sheet\d+\.xml$/.test(n));
    const xml = (await Promise.all(sheets.map((n) => zip.file(n)!.async('string')))).join('');
    const a2 = [...xml.matchAll(/<c r="A2"([^>]*)>([\s\S]*?)<\/c>/g)].find((m) => m[2].includes('000123'));
    expect(a2).toBeDefined();
    expect(a2![1]).toMatch(/t="(str|inlineStr|s)"/);
  });
});
