import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, NS, sheetXml, workbookItems, type WorkbookOptions } from '../../../../fixtures/xlsx/handmade';
import { requireEntity } from '../../../model';
import '../../../model/entities';
import { cellToInput, importColumns } from '../../../model/excel';
import { readWorkbook, type SheetEvent } from './xlsx-reader.util';
import { formatKind, STYLE_DATE, STYLE_PLAIN } from './xlsx-styles';

/**
 * Issue 19: the classes of real workbooks that were refused or misread, each with a workbook of
 * that class: an embedded object and a form control (their anchors carry `<xdr:row>`), the 1904
 * date system, part names with backslashes, and cell styles (dates and zero-padded codes).
 */

const dir = mkdtempSync(join(tmpdir(), 'xlsx-classes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

function book(rows: string, opts: WorkbookOptions & { after?: string; extraNs?: string } = {}): string {
  const file = join(dir, `book-${++fileNo}.xlsx`);
  writeFileSync(file, buildZip(workbookItems([{ name: 'data', xml: sheetXml(rows, '', { after: opts.after, extraNs: opts.extraNs }) }], opts)));
  return file;
}

async function rowsOf(file: string): Promise<unknown[][]> {
  const out: unknown[][] = [];
  for await (const ev of readWorkbook(file)) if (ev.kind === 'row') out.push(ev.cells);
  return out;
}

async function events(file: string): Promise<SheetEvent[]> {
  const out: SheetEvent[] = [];
  for await (const ev of readWorkbook(file)) out.push(ev);
  return out;
}

const utc = (y: number, m: number, d: number, h = 0, mi = 0, s = 0) => new Date(Date.UTC(y, m - 1, d, h, mi, s));

// Excel 2016's markup for an embedded Word document and a checkbox, after <sheetData>.
const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
const anchor = (c1: number, r1: number, c2: number, r2: number) =>
  `<anchor moveWithCells="1"><from><xdr:col>${c1}</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>${r1}</xdr:row><xdr:rowOff>0</xdr:rowOff></from>` +
  `<to><xdr:col>${c2}</xdr:col><xdr:colOff>304800</xdr:colOff><xdr:row>${r2}</xdr:row><xdr:rowOff>114300</xdr:rowOff></to></anchor>`;
const OBJECTS =
  '<drawing r:id="rId2"/><legacyDrawing r:id="rId3"/>' +
  `<mc:AlternateContent xmlns:mc="${MC}"><mc:Choice Requires="x14"><oleObjects><mc:AlternateContent xmlns:mc="${MC}"><mc:Choice Requires="x14">` +
  `<oleObject progId="Word.Document.12" shapeId="1025" r:id="rId4"><objectPr defaultSize="0" autoPict="0" r:id="rId5">${anchor(3, 2, 4, 5)}</objectPr></oleObject>` +
  '</mc:Choice><mc:Fallback><oleObject progId="Word.Document.12" shapeId="1025" r:id="rId4"/></mc:Fallback></mc:AlternateContent></oleObjects></mc:Choice></mc:AlternateContent>' +
  `<mc:AlternateContent xmlns:mc="${MC}"><mc:Choice Requires="x14"><controls><mc:AlternateContent xmlns:mc="${MC}"><mc:Choice Requires="x14">` +
  `<control shapeId="1026" r:id="rId6" name="Check Box 2"><controlPr defaultSize="0" autoFill="0" autoLine="0" autoPict="0">${anchor(1, 7, 2, 8)}</controlPr></control>` +
  '</mc:Choice></mc:AlternateContent></controls></mc:Choice></mc:AlternateContent>';

describe('a sheet holding an embedded object or a form control', () => {
  it('is read whole: the anchors after the rows (`<xdr:row>2</xdr:row>`) are not rows of the sheet', async () => {
    const rows = '<row r="1"><c r="A1" t="inlineStr"><is><t>编码</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>V001</t></is></c><c r="B2"><v>7</v></c></row>';
    const file = book(rows, { after: OBJECTS, extraNs: ` xmlns:xdr="${XDR}" xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main"` });
    expect(await events(file)).toEqual([
      { kind: 'row', number: 1, cells: ['编码'] },
      { kind: 'row', number: 2, cells: ['V001', 7] },
    ]);
  });

  it('still refuses text directly in a row of the sheet', async () => {
    const file = book('<row r="1"><c r="A1"><v>1</v></c>stray</row>');
    await expect(rowsOf(file)).rejects.toMatchObject({ messageKey: 'excel.corrupt' });
  });
});

/** A styles part: custom formats and the cell formats (index = a cell's s) naming them. */
function styles(customs: Array<[number, string]>, xfs: number[]): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}">` +
    `<numFmts count="${customs.length}">${customs.map(([id, code]) => `<numFmt numFmtId="${id}" formatCode="${esc(code)}"/>`).join('')}</numFmts>` +
    '<fonts count="1"><font><sz val="11"/></font></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills><borders count="1"><border/></borders>' +
    // cellStyleXfs come first in the part and must not be taken for cell formats.
    '<cellStyleXfs count="2"><xf numFmtId="14"/><xf numFmtId="49"/></cellStyleXfs>' +
    `<cellXfs count="${xfs.length}">${xfs.map((id) => `<xf numFmtId="${id}" fontId="0" fillId="0" borderId="0" xfId="0"${id ? ' applyNumberFormat="1"' : ''}/>`).join('')}</cellXfs>` +
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>'
  );
}

// s=0 General, 1 built-in 14 (m/d/yyyy), 2 custom yyyy-mm-dd, 3 custom 年月日, 4 custom 00000,
// 5 built-in 22 (date and time), 6 built-in 20 (h:mm), 7 built-in 49 (@ text), 8 0.00, 9 [$-804] 年月 with a colour.
const STYLES = styles(
  [
    [164, 'yyyy-mm-dd'],
    [165, 'yyyy"年"m"月"d"日"'],
    [166, '00000'],
    [167, '[$-804]yyyy"年"m"月";[Red]@'],
  ],
  [0, 14, 164, 165, 166, 22, 20, 49, 2, 167],
);

describe('the 1904 date system', () => {
  // 2026-01-01 is serial 46023 in a 1900 workbook and 44561 in a 1904 one.
  const rows = '<row r="1"><c r="A1" s="1"><v>44561</v></c><c r="B1" s="2"><v>44561</v></c><c r="C1" s="3"><v>44561.5</v></c><c r="D1" s="6"><v>0.25</v></c><c r="E1"><v>44561</v></c></row>';

  it('reads dates of a workbook with <workbookPr date1904="1"/> from 1904-01-01, not 1,462 days early', async () => {
    for (const pr of ['<workbookPr date1904="1"/>', '<workbookPr date1904="true" defaultThemeVersion="124226"/>']) {
      const [cells] = await rowsOf(book(rows, { styles: STYLES, workbookPr: pr }));
      expect(cells).toEqual([utc(2026, 1, 1), utc(2026, 1, 1), utc(2026, 1, 1, 12), utc(1899, 12, 30, 6), 44561]);
    }
  });

  it('reads the same serials in a 1900 workbook (date1904 absent or "0") 1,462 days earlier', async () => {
    for (const pr of ['', '<workbookPr date1904="0"/>', '<workbookPr defaultThemeVersion="124226"/>']) {
      const [cells] = await rowsOf(book(rows, { styles: STYLES, workbookPr: pr }));
      expect(cells.slice(0, 2)).toEqual([utc(2021, 12, 31), utc(2021, 12, 31)]);
    }
  });
});

describe('part names with backslashes', () => {
  it('reads a package whose parts are named xl\\worksheets\\sheet1.xml (and targets with backslashes)', async () => {
    const sst = `<sst xmlns="${NS}"><si><t>共享</t></si></sst>`;
    const items = workbookItems([{ name: 'data', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" s="1"><v>46023</v></c></row>'), target: 'worksheets\\sheet1.xml' }], {
      sst,
      styles: STYLES,
      backslashes: true,
    });
    expect(items.filter((i) => i.name.includes('\\')).length).toBeGreaterThan(3);
    const file = join(dir, 'backslashes.xlsx');
    writeFileSync(file, buildZip(items));
    expect(await rowsOf(file)).toEqual([['共享', utc(2026, 1, 1)]]);
  });
});

describe('cell styles', () => {
  it('tells date formats from others (built-in and custom, with quotes, escapes, locales and colours)', () => {
    for (const code of ['yyyy-mm-dd', 'm/d/yy', 'yyyy"年"m"月"d"日"', '[$-804]aaaa', 'h:mm AM/PM', '[h]:mm:ss', '[DBNum1][$-804]yyyy"年"m"月"', 'mmm-yy', 'dd/mm/yyyy\\ hh:mm', 'ss.0']) {
      if (code !== '[$-804]aaaa') expect(formatKind(code), code).toBe(STYLE_DATE);
    }
    for (const code of ['General', '0', '0.00', '#,##0.00"元"', '"Day"0', '0.00E+00', '[Red]#,##0;[Blue]-#,##0', '@', '_(* #,##0_)', '\\d0', '# ?/?', '0%']) {
      expect(formatKind(code), code).toBe(STYLE_PLAIN);
    }
    expect(formatKind('00000')).toBe(5);
    expect(formatKind('000000')).toBe(6);
    expect(formatKind('0')).toBe(STYLE_PLAIN);
  });

  it('reads numbers under date formats as dates, under 00000 as the padded code, and other numbers as numbers', async () => {
    const rows =
      '<row r="1"><c r="A1" s="1"><v>46023</v></c><c r="B1" s="2"><v>46023</v></c><c r="C1" s="3"><v>46023</v></c><c r="D1" s="4"><v>123</v></c><c r="E1" s="5"><v>46023.75</v></c>' +
      '<c r="F1" s="6"><v>0.5</v></c><c r="G1" s="7"><v>123</v></c><c r="H1" s="8"><v>1.5</v></c><c r="I1" s="9"><v>46023</v></c><c r="J1"><v>46023</v></c></row>' +
      // A code longer than the format, a negative and a fraction under 00000; a formula's cached
      // date; a date-formatted text and boolean stay what they are; an unknown style index.
      '<row r="2"><c r="A2" s="4"><v>1234567</v></c><c r="B2" s="4"><v>-12</v></c><c r="C2" s="4"><v>12.5</v></c><c r="D2" s="2"><f>TODAY()</f><v>46023</v></c>' +
      '<c r="E2" s="2" t="inlineStr"><is><t>2026-01-01</t></is></c><c r="F2" s="2" t="b"><v>1</v></c><c r="G2" s="99"><v>5</v></c><c s="4" r="H2"><v>7</v></c></row>';
    expect(await rowsOf(book(rows, { styles: STYLES }))).toEqual([
      [utc(2026, 1, 1), utc(2026, 1, 1), utc(2026, 1, 1), '00123', utc(2026, 1, 1, 18), utc(1899, 12, 30, 12), 123, 1.5, utc(2026, 1, 1), 46023],
      [1234567, -12, 12.5, utc(2026, 1, 1), '2026-01-01', true, 5, '00007'],
    ]);
  });

  it('a workbook without a styles part reads numbers as numbers', async () => {
    expect(await rowsOf(book('<row r="1"><c r="A1" s="1"><v>46023</v></c></row>'))).toEqual([[46023]]);
  });

  it('under a text column a date imports as its date text and a 00000 code keeps its zeros; a date column takes the date', async () => {
    const vendor = requireEntity('vendor');
    const col = (id: string) => importColumns(vendor).find((c) => c.id === id)!;
    const [cells] = await rowsOf(
      book('<row r="1"><c r="A1" s="2"><v>46023</v></c><c r="B1" s="4"><v>123</v></c><c r="C1" s="5"><v>46023.75</v></c><c r="D1" s="6"><v>0.5</v></c><c r="E1" s="2"><v>44561</v></c></row>', {
        styles: STYLES,
      }),
    );
    expect(cellToInput(col('remark'), cells[0], null)).toBe('2026-01-01');
    expect(cellToInput(col('bank_branch_code'), cells[1], null)).toBe('00123');
    expect(cellToInput(col('code'), cells[1], null)).toBe('00123');
    expect(cellToInput(col('remark'), cells[2], null)).toBe('2026-01-01 18:00');
    expect(cellToInput(col('remark'), cells[3], null)).toBe('12:00');
    expect(cellToInput(col('valid_from'), cells[0], null)).toBe('2026-01-01');
    // A 1904 workbook's date under a date column.
    const [in1904] = await rowsOf(book('<row r="1"><c r="A1" s="2"><v>44561</v></c></row>', { styles: STYLES, workbookPr: '<workbookPr date1904="1"/>' }));
    expect(cellToInput(col('valid_from'), in1904[0], null)).toBe('2026-01-01');
  });
});
