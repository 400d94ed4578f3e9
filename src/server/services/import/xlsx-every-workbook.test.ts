import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cellToInput, dateToExcelSerial, excelSerialToDate, importColumns } from '../../../model/excel';
import { validateField } from '../../../model/validate';
import { readWorkbook, WorkbookError, type SheetEvent } from './xlsx-reader.util';
import { buildZip, compoundFile, NS, sheetXml, workbookItems, type ZipItem } from '../../../../fixtures/xlsx/handmade';

/**
 * Issue 33, "every workbook": the reader's defects found on real files, each on a tiny workbook
 * built here from its XML parts (fixtures/xlsx/handmade.ts writes the zip).
 */

const dir = mkdtempSync(join(tmpdir(), 'xlsx-every-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;

function writeFile(data: Buffer): string {
  const file = join(dir, `book-${++fileNo}.xlsx`);
  writeFileSync(file, data);
  return file;
}
const writeZip = (items: ZipItem[]) => writeFile(buildZip(items));

async function rowsOf(file: string): Promise<Array<{ number: number; cells: unknown[] }>> {
  const out: Array<{ number: number; cells: unknown[] }> = [];
  for await (const ev of readWorkbook(file)) if (ev.kind === 'row') out.push({ number: ev.number, cells: [...ev.cells] });
  return out;
}

async function refusal(file: string): Promise<string> {
  try {
    for await (const ev of readWorkbook(file)) void (ev satisfies SheetEvent);
  } catch (error) {
    expect(error).toBeInstanceOf(WorkbookError);
    return (error as WorkbookError).messageKey;
  }
  throw new Error('read without error');
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/** Cell format 1 is the built-in date format 14 (m/d/yyyy). */
const DATE_STYLES = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="${NS}"><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs></styleSheet>`;

describe('a row repeated once per cell (issue 33)', () => {
  it('merges `<row r="1">` given once per cell into one row', async () => {
    const xml = sheetXml(`<row r="1">${inline('A1', '款号')}</row><row r="1">${inline('B1', '颜色')}</row><row r="1"><c r="C1"><v>3</v></c></row><row r="2">${inline('A2', 'ST-1')}</row><row r="2"><c r="C2"><v>12</v></c></row>`);
    expect(await rowsOf(writeZip(workbookItems([{ name: 'data', xml }])))).toEqual([
      { number: 1, cells: ['款号', '颜色', 3] },
      { number: 2, cells: ['ST-1', undefined, 12] },
    ]);
  });

  it('merges across the reader chunk boundaries, and cells without a reference continue the row', async () => {
    let rows = '';
    for (let r = 1; r <= 3000; r++) rows += `<row r="${r}">${inline(`A${r}`, `编号${r}`)}</row><row r="${r}"><c><v>${r}</v></c></row><row r="${r}"><c><v>${r * 2}</v></c></row>`;
    const read = await rowsOf(writeZip(workbookItems([{ name: 'data', xml: sheetXml(rows) }])));
    expect(read).toHaveLength(3000);
    expect(read.every((row, i) => row.number === i + 1 && row.cells.length === 3 && row.cells[0] === `编号${i + 1}` && row.cells[2] === (i + 1) * 2)).toBe(true);
  });
});

describe("serial dates around Excel's fictitious 1900-02-29 (issue 33)", () => {
  it('reads 1 as 1900-01-01, 59 as 1900-02-28, 60 (the fictitious 29th) as 1900-02-28, 61 as 1900-03-01', async () => {
    const cells = [1, 59, 60, 60.5, 61, 0.25, 46023].map((v, i) => `<c r="${String.fromCharCode(65 + i)}1" s="1"><v>${v}</v></c>`).join('');
    const [row] = await rowsOf(writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<row r="1">${cells}</row>`) }], { styles: DATE_STYLES })));
    expect(row.cells.map(iso)).toEqual([
      '1900-01-01T00:00:00.000Z',
      '1900-02-28T00:00:00.000Z',
      '1900-02-28T00:00:00.000Z',
      '1900-02-28T12:00:00.000Z',
      '1900-03-01T00:00:00.000Z',
      '1899-12-30T06:00:00.000Z',
      '2026-01-01T00:00:00.000Z',
    ]);
  });

  it('a 1904 workbook has no leap day to skip: 1 is 1904-01-02, 59 is 1904-02-29, 60 is 1904-03-01', async () => {
    const cells = [1, 59, 60].map((v, i) => `<c r="${String.fromCharCode(65 + i)}1" s="1"><v>${v}</v></c>`).join('');
    const [row] = await rowsOf(writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<row r="1">${cells}</row>`) }], { styles: DATE_STYLES, workbookPr: '<workbookPr date1904="1"/>' })));
    expect(row.cells.map(iso)).toEqual(['1904-01-02T00:00:00.000Z', '1904-02-29T00:00:00.000Z', '1904-03-01T00:00:00.000Z']);
  });

  it('a plain number under a date column is the same day, in both systems; the serial of a date is its inverse', () => {
    expect(excelSerialToDate(59).toISOString()).toBe('1900-02-28T00:00:00.000Z');
    expect(excelSerialToDate(61).toISOString()).toBe('1900-03-01T00:00:00.000Z');
    expect(excelSerialToDate(59, true).toISOString()).toBe('1904-02-29T00:00:00.000Z');
    for (const serial of [1, 2, 59, 61, 100, 46023.5]) expect(dateToExcelSerial(excelSerialToDate(serial))).toBeCloseTo(serial, 9);
    const column = importColumns({ name: 'probe', fields: [{ key: 'due', type: 'date', label: { zh: '交期', en: 'Due' } }] } as never)[0];
    expect(cellToInput(column, 59, null)).toBe('1900-02-28');
    expect(cellToInput(column, 1, null)).toBe('1900-01-01');
    expect(cellToInput(column, 59, null, true)).toBe('1904-02-29');
  });
});

/** A part's XML text in UTF-16 with its declaration saying so; a byte order mark unless `bom` is false. */
function utf16(xml: string, order: 'le' | 'be', bom = true): Buffer {
  const text = xml.replace(/encoding="UTF-8"/i, 'encoding="UTF-16"');
  const le = Buffer.from(`${bom ? '\ufeff' : ''}${text}`, 'utf16le');
  return order === 'le' ? le : le.swap16();
}

describe('XML parts in UTF-16 (issue 33)', () => {
  const sheet = sheetXml(`<row r="1">${inline('A1', '面料编码')}<c r="B1" t="s"><v>0</v></c></row><row r="2">${inline('A2', '𠀋 棉 100%')}<c r="B2"><v>2.5</v></c></row>`);
  const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>颜色</t></si></sst>`;
  const expected = [
    { number: 1, cells: ['面料编码', '颜色'] },
    { number: 2, cells: ['𠀋 棉 100%', 2.5] },
  ];

  it.each([
    ['UTF-16LE with a byte order mark', 'le', true],
    ['UTF-16BE with a byte order mark', 'be', true],
    ['UTF-16LE declared, without a byte order mark', 'le', false],
  ] as const)('reads every part in %s', async (_label, order, bom) => {
    const items = workbookItems([{ name: 'data', xml: sheet }], { sst }).map((item) => ({ ...item, data: utf16(String(item.data), order, bom) }));
    expect(await rowsOf(writeZip(items))).toEqual(expected);
  });

  it('still refuses bytes that are no text in the encoding the part starts with', async () => {
    const broken = Buffer.concat([utf16(sheet, 'le'), Buffer.from([0x00])]);
    expect(await refusal(writeZip(workbookItems([{ name: 'data', xml: broken }], { sst })))).toBe('excel.corrupt');
  });
});

describe('a password-protected workbook (issue 33)', () => {
  it('is told to be protected, with how to remove the password, not to be saved again as .xlsx', async () => {
    expect(await refusal(writeFile(compoundFile(['\u0006DataSpaces', 'EncryptionInfo', 'EncryptedPackage'])))).toBe('excel.encrypted');
  });

  it('an old .xls inside a file named .xlsx is still told to be saved as .xlsx', async () => {
    expect(await refusal(writeFile(compoundFile(['Workbook', 'SummaryInformation'])))).toBe('excel.oldFormatInside');
  });
});

describe('a zip naming one part twice (issue 33)', () => {
  const base = workbookItems([{ name: 'data', xml: sheetXml(`<row r="1">${inline('A1', 'a')}</row>`) }]);
  const other = sheetXml(`<row r="1">${inline('A1', 'b')}</row>`);

  it('is refused, whichever entry a reader would take', async () => {
    expect(await refusal(writeZip([...base, { name: 'xl/worksheets/sheet1.xml', data: other }]))).toBe('excel.duplicateParts');
  });

  it('is refused when the names differ only in case or in separators (one part to the packaging standard)', async () => {
    expect(await refusal(writeZip([...base, { name: 'XL/Worksheets/Sheet1.xml', data: other }]))).toBe('excel.duplicateParts');
    expect(await refusal(writeZip([...base, { name: 'xl\\worksheets\\sheet1.xml', data: other }]))).toBe('excel.duplicateParts');
  });

  it("is refused when an entry's own header names another part than the central directory (a streaming reader would see another file)", async () => {
    const zip = buildZip(base);
    const local = zip.indexOf('xl/worksheets/sheet1.xml');
    expect(local).toBeLessThan(zip.indexOf('PK\x01\x02'));
    const renamed = Buffer.from(zip);
    renamed.write('xl/worksheets/sheet9.xml', local);
    expect(await refusal(writeFile(renamed))).toBe('excel.corrupt');
    // Case, like the directory's own lookups, does not make two names.
    const recased = Buffer.from(zip);
    recased.write('XL/Worksheets/Sheet1.xml', local);
    expect(await rowsOf(writeFile(recased))).toEqual([{ number: 1, cells: ['a'] }]);
  });
});

describe('ISO dates and times in t="d" cells (issue 33)', () => {
  it('reads a time of day alone, a date, a date and time with or without a zone; text that is no date stays text', async () => {
    const values = ['T12:30:00', '12:30', '2026-03-01', '2026-03-01T08:00:00', '2026-03-01 08:00:00.5', '2026-03-01T08:00:00+08:00', '2026-03-01T08:00:00Z', '2026-02-30', '下周一'];
    const cells = values.map((v, i) => `<c r="${String.fromCharCode(65 + i)}1" t="d"><v>${v}</v></c>`).join('');
    const [row] = await rowsOf(writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<row r="1">${cells}</row>`) }])));
    expect(row.cells.some((v) => v instanceof Date && Number.isNaN(v.getTime()))).toBe(false);
    expect(row.cells.map(iso)).toEqual([
      '1899-12-30T12:30:00.000Z',
      '1899-12-30T12:30:00.000Z',
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
      '2026-03-01T08:00:00.500Z',
      '2026-03-01T00:00:00.000Z',
      '2026-03-01T08:00:00.000Z',
      '2026-02-30',
      '下周一',
    ]);
  });

  it('a time of day alone under a date column is the time Excel shows, which the date rule refuses: never 1899-12-30', async () => {
    const [row] = await rowsOf(writeZip(workbookItems([{ name: 'data', xml: sheetXml('<row r="1"><c r="A1" t="d"><v>T12:30:00</v></c><c r="B1" t="d"><v>2026-03-01T08:00:00</v></c></row>') }])));
    const fields = (['date', 'datetime', 'month'] as const).map((type) => ({ key: type, type, label: { zh: '交期', en: 'Due' } }));
    for (const column of importColumns({ name: 'probe', fields } as never)) {
      for (const time of [row.cells[0], 12.5 / 24]) {
        expect(cellToInput(column, time, null), column.kind).toBe('12:30');
        expect(validateField(column.field, '12:30').error, column.kind).not.toBeNull();
      }
    }
    const [date, datetime, month] = importColumns({ name: 'probe', fields } as never);
    expect([cellToInput(date, row.cells[1], null), cellToInput(datetime, row.cells[1], null), cellToInput(month, row.cells[1], null)]).toEqual(['2026-03-01', '2026-03-01 08:00:00', '2026-03']);
  });
});

describe('a pre-release workbook (issue 33)', () => {
  const sheet = sheetXml(`<row r="1">${inline('A1', 'a')}</row>`);
  const withWorkbookNamespace = (ns: string) => workbookItems([{ name: 'data', xml: sheet }]).map((item) => (item.name === 'xl/workbook.xml' ? { ...item, data: String(item.data).replace(NS, ns) } : item));

  it('is refused with its own message when its workbook is in the namespace of an Excel 2007 beta or another program', async () => {
    expect(await refusal(writeZip(withWorkbookNamespace('http://schemas.microsoft.com/office/excel/2006/2')))).toBe('excel.preRelease');
    expect(await refusal(writeZip(withWorkbookNamespace('urn:example:not-spreadsheetml')))).toBe('excel.preRelease');
  });

  it('a workbook in the strict namespace, or in SpreadsheetML under a prefix, is read', async () => {
    expect(await rowsOf(writeZip(withWorkbookNamespace('http://purl.oclc.org/ooxml/spreadsheetml/main')))).toEqual([{ number: 1, cells: ['a'] }]);
    expect(await rowsOf(writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>a</x:t></x:is></x:c></x:row>`, 'x:') }], { prefix: true })))).toEqual([{ number: 1, cells: ['a'] }]);
  });
});

describe('a text cell whose shared string is missing (issue 33)', () => {
  const sst = `<?xml version="1.0" encoding="UTF-8"?><sst xmlns="${NS}" count="2" uniqueCount="2"><si><t>款号</t></si><si/></sst>`;
  const book = (cells: string, withSst = true) => writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<row r="1">${cells}</row>`) }], withSst ? { sst } : {}));

  it('is refused, not read as an empty cell, when the table does not hold its index or there is no table', async () => {
    expect(await refusal(book('<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>2</v></c>'))).toBe('excel.sharedStringMissing');
    expect(await refusal(book('<c r="A1" t="s"><v>0</v></c>', false))).toBe('excel.sharedStringMissing');
    expect(await refusal(book('<c r="A1" t="s"><v>-1</v></c>'))).toBe('excel.sharedStringMissing');
    expect(await refusal(book('<c r="A1" t="s"><v>款号</v></c>'))).toBe('excel.sharedStringMissing');
  });

  it('an empty shared string and a shared-string cell without a value are empty cells, as before', async () => {
    expect(await rowsOf(book('<c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v></v></c><c r="D1" t="s"/><c r="E1" t="s"><v> 0 </v></c>'))).toEqual([
      { number: 1, cells: ['款号', undefined, undefined, undefined, '款号'] },
    ]);
  });
});
