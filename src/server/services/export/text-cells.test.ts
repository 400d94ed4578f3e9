import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { looksLikeFormula, protectTextCells } from './text-cells';

/** Issue 19: formula-like texts are written as text by both exceljs writers (the report workbook uses the in-memory one). */
describe('formula-like texts', () => {
  it('are told from ordinary texts and from numbers', () => {
    for (const v of ['=1+1', '+1', '-1+2', '@SUM(A1)', '\t=1', '\r=1', '\n=1', '＝1', '＋1', '－1', '＠x']) expect(looksLikeFormula(v), JSON.stringify(v)).toBe(true);
    for (const v of ['', 'a=1', ' =1', '1-2', -5, 5, null, undefined, new Date(), { formula: 'A1' }]) expect(looksLikeFormula(v), JSON.stringify(v)).toBe(false);
  });

  it('are written as text strings under the Text format by the in-memory writer; numbers stay numbers', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('report');
    ws.columns = [{ header: '=cmd', key: 'a' }, { header: 'n', key: 'b' }];
    ws.addRow({ a: '=HYPERLINK("http://x","y")', b: -5 });
    ws.addRow({ a: 'plain', b: '-5' });
    ws.eachRow((row) => protectTextCells(row));
    const zip = await JSZip.loadAsync(Buffer.from(await wb.xlsx.writeBuffer()));
    const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    const styles = await zip.file('xl/styles.xml')!.async('string');
    const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)![1]).matchAll(/<xf ([^>]*?)\/?>/g)].map((m) => Number(/numFmtId="(\d+)"/.exec(m[1])![1]));
    const cell = (ref: string) => {
      const m = new RegExp(`<c r="${ref}"([^>]*?)(?:/>|>([\\s\\S]*?)</c>)`).exec(sheet)!;
      return { type: /t="(\w+)"/.exec(m[1])?.[1] ?? null, numFmtId: xfs[Number(/s="(\d+)"/.exec(m[1])?.[1] ?? 0)], formula: /<f[ >]/.test(m[2] ?? '') };
    };
    expect(sheet).not.toMatch(/<f[ >]/);
    for (const ref of ['A1', 'A2', 'B3']) expect(cell(ref), ref).toEqual({ type: 's', numFmtId: 49, formula: false });
    expect(cell('B2')).toEqual({ type: null, numFmtId: 0, formula: false });
    expect(cell('A3').numFmtId).toBe(0);
  });
});
