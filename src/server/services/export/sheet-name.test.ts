import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { addSheet, isLegalSheetName, SHEET_NAME_MAX, sheetName, sheetNameKey } from './sheet-name';

/** Issue 28: a report titled with a "/" made its export answer 500; every sheet name is made legal. */
describe('sheet names', () => {
  it('replaces what Excel forbids in the two report titles that failed', () => {
    expect(sheetName('供应商分配量（版本/季节）')).toBe('供应商分配量（版本-季节）');
    expect(sheetName('质量缺陷率（产线/供应商/款式）')).toBe('质量缺陷率（产线-供应商-款式）');
    expect(sheetName('a\\b:c[d]e?f*g')).toBe('a-b-c(d)efg');
  });

  it('keeps a legal name as it is', () => {
    for (const name of ['Orders', '订单', "Buyer's list", 'a'.repeat(31), 'Sheet 1']) expect(sheetName(name)).toBe(name);
  });

  it('removes apostrophes and spaces at the ends, also when the cut leaves one there', () => {
    expect(sheetName("'quoted'")).toBe('quoted');
    expect(sheetName("  ''x'' ")).toBe('x');
    expect(sheetName(`${'a'.repeat(30)}'tail`)).toBe('a'.repeat(30));
    expect(sheetName(`${'a'.repeat(30)} tail`)).toBe('a'.repeat(30));
  });

  it('cuts at 31 UTF-16 units without splitting a surrogate pair', () => {
    const emoji = '😀'; // two units
    const name = sheetName(emoji.repeat(20));
    expect(name).toBe(emoji.repeat(15));
    expect(name.length).toBe(30);
    expect(sheetName(`a${emoji.repeat(20)}`)).toBe(`a${emoji.repeat(15)}`);
    expect(sheetName('𠀀'.repeat(16)).length).toBeLessThanOrEqual(SHEET_NAME_MAX);
    expect(sheetName('长'.repeat(40))).toBe('长'.repeat(31));
  });

  it('is never empty: the fallback stands in', () => {
    expect(sheetName('')).toBe('Sheet');
    expect(sheetName("'?*'")).toBe('Sheet');
    expect(sheetName("/'?*'")).toBe('-');
    expect(sheetName('   ', [], 'data')).toBe('data');
    expect(sheetName('\u0000\u0007')).toBe('Sheet');
  });

  it('drops control characters and a lone surrogate', () => {
    expect(sheetName('a\tb\nc')).toBe('abc');
    expect(sheetName('a\ud83db')).toBe('ab');
    expect(sheetName('a\ude00b')).toBe('ab');
    expect(sheetName('a😀b')).toBe('a😀b');
  });

  it('numbers a taken name within 31 units, comparing as Excel does (case-insensitively)', () => {
    expect(sheetName('Data', ['data'])).toBe('Data (2)');
    expect(sheetName('Data', ['DATA', 'data (2)'])).toBe('Data (3)');
    expect(sheetName('ÄRGER', ['ärger'])).toBe('ÄRGER (2)');
    const long = 'x'.repeat(40);
    const second = sheetName(long, [sheetName(long)]);
    expect(second).toBe(`${'x'.repeat(27)} (2)`);
    const ten: string[] = [];
    for (let i = 0; i < 10; i++) ten.push(sheetName(long, ten));
    expect(ten.slice(8)).toEqual([`${'x'.repeat(27)} (9)`, `${'x'.repeat(26)} (10)`]);
    expect(sheetName('😀'.repeat(16), ['😀'.repeat(15)])).toBe(`${'😀'.repeat(13)} (2)`);
  });

  it('never gives Excel’s reserved name History', () => {
    expect(sheetName('History')).toBe('History (2)');
    expect(sheetName('history')).toBe('history (2)');
    expect(isLegalSheetName('HISTORY')).toBe(false);
  });

  it('tells legal names from illegal ones', () => {
    for (const name of ['a', 'a'.repeat(31), "a'b", '供应商', 'a 😀'])
      expect(isLegalSheetName(name), name).toBe(true);
    for (const name of ['', 'a'.repeat(32), "'a", "a'", 'a/b', 'a\\b', 'a?', 'a*', 'a[', 'a]', 'a:b', 'History', 'a\u0001', 'a\ud83d'])
      expect(isLegalSheetName(name), JSON.stringify(name)).toBe(false);
  });

  // Any text, also with the characters Excel forbids, apostrophes, spaces, controls and halves of surrogate pairs.
  const awkward = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 80 }),
    fc.string({ unit: fc.constantFrom('/', '\\', '?', '*', '[', ']', ':', "'", ' ', '\t', 'a', 'A', '长', '😀', '\ud83d', '\ude00', 'H', 'i', 's', 't', 'o', 'r', 'y'), maxLength: 60 }),
  );

  it('property: whatever comes in, the name is legal and not taken', () => {
    fc.assert(
      fc.property(awkward, fc.array(awkward, { maxLength: 6 }), (wanted, others) => {
        const taken = others.map((o) => sheetName(o));
        const name = sheetName(wanted, taken);
        expect(isLegalSheetName(name), JSON.stringify(name)).toBe(true);
        expect(taken.map(sheetNameKey)).not.toContain(sheetNameKey(name));
      }),
      { numRuns: 2000 },
    );
  });

  it('property: names given one after another in a workbook are all legal and distinct', () => {
    fc.assert(
      fc.property(fc.array(awkward, { minLength: 1, maxLength: 25 }), (wanted) => {
        const names: string[] = [];
        for (const w of wanted) names.push(sheetName(w, names));
        for (const n of names) expect(isLegalSheetName(n), JSON.stringify(n)).toBe(true);
        expect(new Set(names.map(sheetNameKey)).size).toBe(names.length);
        // exceljs's own check of a duplicate (lower case) is covered by the same comparison.
        expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(names.length);
      }),
      { numRuns: 500 },
    );
  });

  it('property: a clean name short enough is kept as it is', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '1', '长', '-', '_', '(', ')'), minLength: 1, maxLength: SHEET_NAME_MAX }), (name) => {
        fc.pre(sheetNameKey(name) !== 'history');
        expect(sheetName(name)).toBe(name);
      }),
    );
  });

  it('adds sheets to both exceljs writers under legal, distinct names; the workbook opens again', async () => {
    const wanted = ['供应商分配量（版本/季节）', '供应商分配量（版本/季节）', 'History', "'x'", 'DATA', 'data', '😀'.repeat(20)];
    const wb = new ExcelJS.Workbook();
    for (const w of wanted) addSheet(wb, w).addRow([w]);
    const names = wb.worksheets.map((ws) => ws.name);
    expect(names).toEqual(['供应商分配量（版本-季节）', '供应商分配量（版本-季节） (2)', 'History (2)', 'x', 'DATA', 'data (2)', '😀'.repeat(15)]);
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(Buffer.from(await wb.xlsx.writeBuffer()) as unknown as ArrayBuffer);
    expect(back.worksheets.map((ws) => ws.name)).toEqual(names);

    const chunks: Buffer[] = [];
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const stream = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
    for (const w of wanted) {
      const ws = addSheet(stream, w);
      ws.addRow([w]).commit();
      ws.commit();
    }
    await stream.commit();
    const streamed = new ExcelJS.Workbook();
    await streamed.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(streamed.worksheets.map((ws) => ws.name)).toEqual(names);
  });
});
