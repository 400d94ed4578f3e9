import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { compareOffers } from './sourcing.compare';
import { comparisonWorkbook } from './sourcing.routes';

/**
 * Issue 19: the comparison workbook a buyer downloads names the project, the RFQ items and the
 * suppliers as they were typed; a name that begins with = + - @ is written as text, never as a
 * formula, and prices stay numbers.
 */
describe('the comparison workbook', () => {
  it('writes formula-like names as text and prices as numbers', async () => {
    const items = [{ id: 1, name: '=HYPERLINK("http://evil.example","点击")', qty: 10, unit: 'M', expected_price: null, currency: 'CNY' }];
    const offer = { quote_no: 'Q1', currency: 'CNY', unit_price: 12.5, lead_time_days: 7, breaks: [], status: 'submitted' };
    const records = [
      { id: 1, supplier_name: "@SUM(1+1)*cmd|' /C calc'!A0", status: 'quoted', awarded: false, weighted_score: null, rank_no: null, offers: { '1': offer } },
      { id: 2, supplier_name: '-2+3', status: 'quoted', awarded: false, weighted_score: null, rank_no: null, offers: { '1': { ...offer, quote_no: 'Q2', unit_price: 11 } } },
    ];
    const c = compareOffers('CNY', items, records, {});
    const bytes = await comparisonWorkbook({ ...c, project: { code: '+P1', name: 'cmd' } }, 'zh-CN');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as Parameters<ExcelJS.Xlsx['load']>[0]);
    const ws = wb.worksheets[0];
    // Every cell that begins like a formula: an inline string under the Text format (text-cells.ts).
    const hostile: Array<{ text: string; type: ExcelJS.ValueType; numFmt: string | undefined }> = [];
    ws.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.formula, `cell ${cell.address}`).toBeFalsy();
        if (/^[=+\-@]/.test(cell.text)) hostile.push({ text: cell.text, type: cell.type, numFmt: cell.numFmt });
      }),
    );
    expect(hostile.map((h) => h.text).sort()).toEqual(['+P1 cmd', '-2+3', items[0].name + ' (10M)', records[0].supplier_name].sort());
    for (const h of hostile) expect(h, h.text).toMatchObject({ type: ExcelJS.ValueType.RichText, numFmt: '@' });
    const prices: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 2 && n < 5) prices.push(row.getCell(3).value);
    });
    expect(prices).toEqual([12.5, 11]);
  });
});
