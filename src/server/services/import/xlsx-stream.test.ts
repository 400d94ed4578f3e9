import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { LISTS_SHEET, TEMPLATE_SHEET } from '../../../model/excel';
// The reference reader: exceljs's WorkbookReader, with the fix of its UTF-8 chunk boundaries.
import './exceljs-utf8.patch';
import { readWorkbook, readWorkbookBatches, WorkbookError, type SheetEvent } from './xlsx-reader.util';
import { ReadClock, SharedStringsScanner, XlsxWorkbook } from './xlsx-stream';
import { XlsxLimitError } from './xlsx-xml';
import { norm, readWithExceljs, type Row } from '../../../../fixtures/xlsx/exceljs-reference';
import { buildZip, NS, sheetXml, workbookItems, type ZipItem } from '../../../../fixtures/xlsx/handmade';

const dir = mkdtempSync(join(tmpdir(), 'xlsx-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let fileNo = 0;
const tmpFile = (name = 'book') => join(dir, `${name}-${++fileNo}.xlsx`);

const partNumber = (path: string | null) => Number(/sheet(\d+)\.xml$/.exec(path ?? '')?.[1] ?? 0);

/** Every worksheet as our reader gives it, in the order of their parts; and the sheets in workbook order. */
async function readWithOurs(file: string): Promise<{ rows: Row[][]; sheets: Array<{ name: string; state: string }> }> {
  const wb = await XlsxWorkbook.open(file);
  try {
    const byPart: Array<[number, Row[]]> = [];
    for (const sheet of wb.sheets) {
      if (!sheet.worksheet) continue;
      const rows: Row[] = [];
      for await (const batch of wb.rows(sheet)) for (const r of batch) rows.push({ number: r.number, cells: norm(r.cells) });
      byPart.push([partNumber(sheet.path), rows]);
    }
    byPart.sort((a, b) => a[0] - b[0]);
    return { rows: byPart.map(([, rows]) => rows), sheets: wb.sheets.map((s) => ({ name: s.name, state: s.state })) };
  } finally {
    await wb.close();
  }
}

async function events(file: string): Promise<SheetEvent[]> {
  const out: SheetEvent[] = [];
  for await (const ev of readWorkbook(file)) out.push(ev.kind === 'meta' ? { kind: 'meta', rows: ev.rows.map(norm) } : { kind: 'row', number: ev.number, cells: norm(ev.cells) });
  return out;
}

async function corruptError(file: string): Promise<WorkbookError & { inData?: boolean; cause?: unknown }> {
  try {
    for await (const ev of readWorkbook(file)) void ev;
  } catch (error) {
    expect(error).toBeInstanceOf(WorkbookError);
    return error as WorkbookError;
  }
  throw new Error('read without error');
}

function writeZip(items: ZipItem[], opts: { zip64?: boolean } = {}): string {
  const file = tmpFile('hand');
  writeFileSync(file, buildZip(items, opts));
  return file;
}

// ---------------------------------------------------------------------------------------------

describe('the .xlsx reader gives what exceljs gives', () => {
  const fixtures = readdirSync('fixtures/xlsx').filter((f) => f.endsWith('.xlsx'));

  it.each(fixtures)('fixture %s', async (name) => {
    const file = join('fixtures/xlsx', name);
    let reference: Row[][] | null = null;
    try {
      reference = await readWithExceljs(file);
    } catch {
      reference = null;
    }
    if (reference === null) {
      // exceljs cannot read it: neither can we, and the import says why.
      const error = await corruptError(file);
      expect(['excel.corrupt', 'excel.wrongFileType']).toContain(error.messageKey);
      return;
    }
    const ours = await readWithOurs(file);
    expect(ours.rows).toEqual(reference);
    // The import's view: the identity sheet first, then the first visible sheet (parts are numbered in workbook order).
    const meta = ours.sheets.findIndex((s) => s.name === TEMPLATE_SHEET);
    const data = ours.sheets.findIndex((s) => s.state === 'visible' && s.name !== TEMPLATE_SHEET && s.name !== LISTS_SHEET);
    const expected: SheetEvent[] = [];
    if (meta >= 0) expected.push({ kind: 'meta', rows: reference[meta].map((r) => r.cells) });
    if (data >= 0) expected.push(...reference[data].map((r): SheetEvent => ({ kind: 'row', ...r })));
    expect(await events(file)).toEqual(expected);
  });

  // Random workbooks written by exceljs in its three ways.
  const pieces = ['a', 'Z', '7', ' ', '  ', '中', '文', '供应商', '😀', '𠀀', '<', '>', '&', '"', "'", '\n', '\r\n', '\t', 'é', '_', '-', '.', '#', '=', '/'];
  const text = fc.array(fc.constantFrom(...pieces), { maxLength: 8 }).map((a) => a.join(''));
  const nonEmptyText = fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 5 }).map((a) => a.join(''));
  const number = fc.oneof(
    fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e15, max: 1e15 }),
    // eslint-disable-next-line no-loss-of-precision -- a number past 2^53 on purpose: the file keeps the double it is given
    fc.constantFrom(1e21, -1.5e-7, 123456789012345, 1234567890123456789, 0.1 + 0.2, 5e-324),
  );
  const richText = fc.array(nonEmptyText, { minLength: 1, maxLength: 3 }).map((ts) => ({ richText: ts.map((t, i) => (i % 2 ? { text: t, font: { bold: true } } : { text: t })) }));
  const value = fc.oneof(
    { weight: 5, arbitrary: text },
    { weight: 4, arbitrary: number },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 1, arbitrary: fc.date({ min: new Date(Date.UTC(1950, 0, 1)), max: new Date(Date.UTC(2100, 0, 1)), noInvalidDate: true }) },
    { weight: 1, arbitrary: text.map((t) => ({ formula: 'A1&"x"', result: t })) },
    { weight: 1, arbitrary: number.map((n) => ({ formula: 'B1*2', result: n })) },
    { weight: 1, arbitrary: fc.constant({ formula: 'NOW()' }) },
    { weight: 1, arbitrary: richText },
    { weight: 1, arbitrary: fc.constantFrom('#N/A', '#DIV/0!', '#VALUE!', '#REF!').map((error) => ({ error })) },
    { weight: 1, arbitrary: fc.constant(null) },
  );
  const rows = fc.array(fc.record({ gap: fc.nat({ max: 3 }), cells: fc.array(fc.record({ gap: fc.nat({ max: 2 }), value }), { maxLength: 7 }) }), { maxLength: 8 });
  const sheet = fc.record({ state: fc.constantFrom('visible', 'visible', 'hidden', 'veryHidden'), rows });
  const book = fc.record({
    sheets: fc.array(sheet, { minLength: 1, maxLength: 4 }),
    template: fc.option(fc.record({ at: fc.nat({ max: 4 }), rows }), { nil: undefined }),
    lists: fc.boolean(),
  });
  type Book = typeof book extends fc.Arbitrary<infer T> ? T : never;
  const names = ['data', '数据 & "表"', "O'Neil <1>", 'Sheet 4', 'Sheet 5'];

  /** The sheets of a generated book in workbook order, with their (1-based) cells placed. */
  function layout(b: Book) {
    const sheets = b.sheets.map((s, i) => ({ name: names[i], state: s.state, rows: s.rows }));
    if (b.lists) sheets.splice(1, 0, { name: LISTS_SHEET, state: 'veryHidden', rows: [{ gap: 0, cells: [{ gap: 0, value: 'a' }] }] });
    if (b.template) sheets.splice(Math.min(b.template.at, sheets.length), 0, { name: TEMPLATE_SHEET, state: 'veryHidden', rows: b.template.rows });
    return sheets.map((s) => {
      let r = 0;
      return {
        ...s,
        rows: s.rows.map((row) => {
          r += 1 + row.gap;
          let c = 0;
          return { number: r, cells: row.cells.map((cell) => ({ col: (c += 1 + cell.gap), value: cell.value })) };
        }),
      };
    });
  }

  async function write(b: Book, mode: 'stream-inline' | 'stream-shared' | 'book'): Promise<string> {
    const file = tmpFile(mode);
    const sheets = layout(b);
    if (mode === 'book') {
      const wb = new ExcelJS.Workbook();
      for (const s of sheets) {
        const ws = wb.addWorksheet(s.name, { state: s.state as ExcelJS.WorksheetState });
        for (const row of s.rows) for (const cell of row.cells) ws.getRow(row.number).getCell(cell.col).value = cell.value as ExcelJS.CellValue;
      }
      await wb.xlsx.writeFile(file);
    } else {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: mode === 'stream-shared' });
      for (const s of sheets) {
        const ws = wb.addWorksheet(s.name, { state: s.state as ExcelJS.WorksheetState });
        for (const row of s.rows) {
          const r = ws.getRow(row.number);
          for (const cell of row.cells) r.getCell(cell.col).value = cell.value as ExcelJS.CellValue;
          r.commit();
        }
        ws.commit();
      }
      await wb.commit();
    }
    return file;
  }

  for (const mode of ['stream-inline', 'stream-shared', 'book'] as const) {
    it(`random workbooks written by exceljs (${mode})`, async () => {
      await fc.assert(
        fc.asyncProperty(book, async (b) => {
          const file = await write(b, mode);
          const reference = await readWithExceljs(file);
          const sheets = layout(b);
          // Where exceljs is wrong, the reference is what the file holds: exceljs reads an inline
          // rich text as its last run only (we join the runs, as its shared-string form gives),
          // and drops a formula's cached result when it is 0 or "".
          sheets.forEach((s, i) => {
            for (const row of s.rows)
              for (const cell of row.cells) {
                const v = cell.value as { richText?: Array<{ text: string }>; formula?: string; result?: unknown } | null;
                let fixed: unknown;
                if (mode === 'stream-inline' && v?.richText) fixed = v.richText.map((run) => run.text).join('');
                else if (v?.formula && (v.result === 0 || v.result === '')) fixed = v.result;
                else continue;
                let target = reference[i].find((r) => r.number === row.number);
                if (!target) reference[i].push((target = { number: row.number, cells: [] }));
                target.cells[cell.col - 1] = typeof fixed === 'string' ? fixed.replace(/\r\n/g, '\n') : Number(String(fixed));
                target.cells = norm(target.cells);
              }
            reference[i].sort((a, b) => a.number - b.number);
          });
          const ours = await readWithOurs(file);
          expect(ours.sheets).toEqual(sheets.map((s) => ({ name: s.name, state: s.state })));
          expect(ours.rows).toEqual(reference);
          // The import's view: the identity sheet first, then the first visible sheet.
          const expected: SheetEvent[] = [];
          const meta = sheets.findIndex((s) => s.name === TEMPLATE_SHEET);
          if (meta >= 0) expected.push({ kind: 'meta', rows: reference[meta].map((r) => r.cells) });
          const data = sheets.findIndex((s) => s.state === 'visible' && s.name !== TEMPLATE_SHEET && s.name !== LISTS_SHEET);
          if (data >= 0) expected.push(...reference[data].map((r): SheetEvent => ({ kind: 'row', ...r })));
          expect(await events(file)).toEqual(expected);
          rmSync(file);
        }),
        { numRuns: 40 },
      );
    }, 120_000);
  }
});

describe('hand-made workbooks', () => {
  it('reads a workbook with prefixed namespaces (as the OpenXML SDK writes)', async () => {
    const sst = `<?xml version="1.0" encoding="UTF-8"?><x:sst xmlns:x="${NS}" count="2" uniqueCount="2"><x:si><x:t>共享</x:t></x:si><x:si><x:r><x:rPr><x:b/></x:rPr><x:t>rich </x:t></x:r><x:r><x:t>runs</x:t></x:r></x:si></x:sst>`;
    const xml = sheetXml(
      '<x:row r="1" spans="1:4"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="B1" t="inlineStr"><x:is><x:t>inline</x:t></x:is></x:c><x:c r="C1"><x:v>42.5</x:v></x:c><x:c r="D1" t="s"><x:v>1</x:v></x:c></x:row>' +
        '<x:row r="3"><x:c r="B3" t="b"><x:v>1</x:v></x:c></x:row>',
      'x:',
    );
    const file = writeZip(workbookItems([{ name: 'Data', xml }], { sst, prefix: true }));
    expect(await events(file)).toEqual([
      { kind: 'row', number: 1, cells: ['共享', 'inline', 42.5, 'rich runs'] },
      { kind: 'row', number: 3, cells: [undefined, true] },
    ]);
  });

  it('reads every cell shape: types, formulas, entities, escapes, CDATA, missing references, any attribute order', async () => {
    const sst = `<sst xmlns="${NS}">\n  <si><t xml:space="preserve"> lead &amp; trail </t></si>\n  <si><t>漢字</t><rPh sb="0" eb="2"><t>かんじ</t></rPh><phoneticPr fontId="1"/></si>\n  <si><t/></si>\n  <si><t>a_x000D_b_x005F_x0041_</t></si>\n</sst>`;
    const rows = [
      // Attributes in any order, single quotes, whitespace inside tags and between elements.
      `<row r="1">\n  <c t="s" s="3" r="A1"><v>0</v></c>\n  <c s='1' r='B1' t='s'><v>1</v></c>\n  <c r="C1" t="s"><v>2</v></c>\n  <c r = "D1"  t = "s" ><v>3</v></c>\n</row>`,
      // Self-closing styled cells (no value), a row without cells, an empty row.
      '<row r="2"><c r="A2" s="3"/><c r="C2" s="1"/></row><row r="3"/><row r="4"></row>',
      // Rows and cells without r: the next row, the next column.
      '<row><c t="inlineStr"><is><t>first</t></is></c><c><v>2</v></c><c r="E5"><v>5</v></c><c><v>6</v></c></row>',
      // Types and cached values of formulas.
      '<row r="7"><c r="A7" t="b"><v>0</v></c><c r="B7" t="e"><v>#N/A</v></c><c r="C7" t="d"><v>2024-03-05T10:20:30</v></c><c r="D7" t="d"><v>2024-03-05</v></c>' +
        '<c r="E7" t="str"><f>A1&amp;"x"</f><v>text &lt;result&gt;</v></c><c r="F7"><f>1+1</f><v>2</v></c><c r="G7" t="b"><f>TRUE()</f><v>1</v></c><c r="H7" t="e"><f>NA()</f><v>#N/A</v></c><c r="I7"><f>NOW()</f></c><c r="J7"><v/></c></row>',
      // Entities, character references, OOXML escapes, CDATA, comments, rich inline text with phonetic runs.
      '<row r="8"><c r="A8" t="inlineStr"><is><t>&lt;tag&gt; &amp; &quot;q&quot; &apos;s&apos; &#123; &#x1F600; &#20013;</t></is></c>' +
        '<c r="B8" t="inlineStr"><is><r><rPr><b/><sz val="11"/></rPr><t>bold</t></r><r><t xml:space="preserve"> plain</t></r><rPh sb="0" eb="1"><t>ふりがな</t></rPh></is></c>' +
        '<c r="C8" t="str"><v>x_x0009_y _x005F_x0041_ _xD83D__xDE00_</v></c>' +
        '<c r="D8" t="inlineStr"><is><t><![CDATA[<raw> & ]]>tail</t></is></c><!-- a comment --><?pi data?>' +
        '<c r="E8"><v>-12.5e3</v></c><c r="F8"><v>1234567890123456789</v></c><c r="G8"><v>-7</v></c><c r="H8" t="n"><v>0.1</v></c><c r="AA8"><v>27</v></c></row>',
      // Line ends inside text are normalised, as XML wants.
      '<row r="9"><c r="A9" t="inlineStr"><is><t>a\r\nb\rc</t></is></c><c r="B9" t="inlineStr"><is/></c><c r="C9" t="str"><v></v></c></row>',
    ].join('');
    const file = writeZip(workbookItems([{ name: 'Data', xml: sheetXml(rows) }], { sst }));
    const evs = await events(file);
    expect(evs).toEqual([
      { kind: 'row', number: 1, cells: [' lead & trail ', '漢字', undefined, 'a\rb_x0041_'] },
      { kind: 'row', number: 2, cells: [] },
      { kind: 'row', number: 3, cells: [] },
      { kind: 'row', number: 4, cells: [] },
      { kind: 'row', number: 5, cells: ['first', 2, undefined, undefined, 5, 6] },
      {
        kind: 'row',
        number: 7,
        cells: [false, { error: '#N/A' }, new Date(Date.UTC(2024, 2, 5, 10, 20, 30)), new Date(Date.UTC(2024, 2, 5)), 'text <result>', 2, true, { error: '#N/A' }],
      },
      {
        kind: 'row',
        number: 8,
        cells: [
          '<tag> & "q" \'s\' { 😀 中',
          'bold plain',
          'x\ty _x0041_ 😀',
          '<raw> & tail',
          -12500,
          // eslint-disable-next-line no-loss-of-precision -- a number past 2^53 on purpose: the file keeps the double it is given
          1234567890123456789,
          -7,
          0.1,
          ...Array(18).fill(undefined),
          27,
        ],
      },
      { kind: 'row', number: 9, cells: ['a\nb\nc', '', ''] },
    ]);
  });

  it('reads stored entries, data descriptors, zip64 records and absolute targets', async () => {
    const xml = sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>stored 存储</t></is></c><c r="B1"><v>1</v></c></row>');
    for (const opts of [{ method: 0 as const }, { descriptor: true }, { method: 0 as const, descriptor: true }]) {
      for (const zip64 of [false, true]) {
        const items = workbookItems([{ name: 'S', xml, target: '/xl/worksheets/sheet1.xml' }], opts);
        const file = writeZip(items, { zip64 });
        expect(await events(file)).toEqual([{ kind: 'row', number: 1, cells: ['stored 存储', 1] }]);
      }
    }
  });

  it('gives the identity sheet first wherever it stands, then the first visible sheet; other sheets are not read', async () => {
    const row = (t: string) => sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${t}</t></is></c></row>`);
    const file = writeZip(
      workbookItems([
        { name: 'hidden', state: 'hidden', xml: row('hidden') },
        { name: LISTS_SHEET, state: 'veryHidden', xml: row('lists') },
        { name: 'data', xml: row('data') },
        { name: 'later', xml: 'not even XML' },
        { name: TEMPLATE_SHEET, state: 'veryHidden', xml: row('meta') },
      ]),
    );
    expect(await events(file)).toEqual([
      { kind: 'meta', rows: [['meta']] },
      { kind: 'row', number: 1, cells: ['data'] },
    ]);
  });

  it('reads a 60,000-row sheet whose multibyte characters straddle chunk boundaries', async () => {
    const n = 60_000;
    const cellText = (i: number) => `${'x'.repeat(i % 7)}供应商😀第${i}号-中文é`;
    let xml = '';
    for (let i = 1; i <= n; i++) xml += `<row r="${i}"><c r="A${i}" t="inlineStr"><is><t>${cellText(i)}</t></is></c><c r="B${i}" t="s"><v>${i % 3}</v></c><c r="C${i}"><v>${i}</v></c></row>`;
    const sheet = Buffer.from(sheetXml(xml), 'utf8');
    const sst = `<sst xmlns="${NS}"><si><t>零😀</t></si><si><t>一中</t></si><si><t>二文</t></si></sst>`;
    const expected = Array.from({ length: n }, (_, k) => ({ kind: 'row', number: k + 1, cells: [cellText(k + 1), ['零😀', '一中', '二文'][(k + 1) % 3], k + 1] }));
    for (const method of [0, 8] as const) {
      const file = writeZip(workbookItems([{ name: 'big', xml: sheet }], { sst, method }));
      if (method === 0) {
        // The test is only worth its name if some read boundary (every 128 KiB of the stored
        // entry) falls inside a multibyte character.
        const start = readFileSync(file).indexOf(sheet.subarray(0, 64));
        let straddles = 0;
        for (let at = 128 * 1024; at < sheet.length; at += 128 * 1024) if ((sheet[at] & 0xc0) === 0x80) straddles++;
        expect(start).toBeGreaterThan(0);
        expect(straddles).toBeGreaterThan(0);
      }
      expect(await events(file)).toEqual(expected);
    }
  }, 60_000);
});

describe('files that are not readable workbooks', () => {
  async function goodFile(): Promise<string> {
    const file = tmpFile('good');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const ws = wb.addWorksheet('data');
    for (let i = 0; i < 3000; i++) ws.addRow([`编号${i}`, i, `浙江省绍兴市柯桥区纺织路 ${i} 号`]).commit();
    ws.commit();
    await wb.commit();
    return file;
  }

  it('a truncated file is corrupt', async () => {
    const bytes = readFileSync(await goodFile());
    for (const length of [100, Math.floor(bytes.length / 2), bytes.length - 10]) {
      const file = tmpFile('truncated');
      writeFileSync(file, bytes.subarray(0, length));
      expect((await corruptError(file)).messageKey).toBe('excel.corrupt');
    }
  });

  it('damaged compressed data is corrupt', async () => {
    const bytes = Buffer.from(readFileSync(await goodFile()));
    const at = bytes.indexOf('xl/worksheets/sheet1.xml') + 200;
    for (let i = 0; i < 64; i++) bytes[at + i] ^= 0x5a;
    const file = tmpFile('damaged');
    writeFileSync(file, bytes);
    expect((await corruptError(file)).messageKey).toBe('excel.corrupt');
  });

  it.each([
    ['invalid UTF-8', Buffer.from([0x3c, 0x63, 0xff, 0xfe, 0x3e])],
    ['a broken tag', '<c r="A2" <v>1</v></c>'],
    ['a mismatched end tag', '<c r="A2"><v>1</w></c>'],
    ['text among the rows', 'garbage'],
    ['an unknown entity', '<c r="A2" t="inlineStr"><is><t>&nbsp;</t></is></c>'],
    ['a declaration that is no DOCTYPE', '<!ELEMENTS x>'],
    ['an unclosed row', '<row r="9">'],
    ['a cell beyond the last column', '<c r="XFE2"><v>1</v></c>'],
  ])('garbage inside the sheet XML (%s) is corrupt, inside the data', async (_label, garbage) => {
    const head = Buffer.from(sheetXml('<row r="1"><c r="A1"><v>1</v></c></row><row r="2">@@</row>'), 'utf8');
    const at = head.indexOf('@@');
    const xml = Buffer.concat([head.subarray(0, at), Buffer.isBuffer(garbage) ? garbage : Buffer.from(garbage), head.subarray(at + 2)]);
    const file = writeZip(workbookItems([{ name: 'data', xml }]));
    const error = await corruptError(file);
    expect(error.messageKey).toBe('excel.corrupt');
    expect(error.inData).toBe(true);
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('a DOCTYPE or ENTITY declaration anywhere is refused with its own message, before anything expands (issue 19)', async () => {
    const laughs = '<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>';
    const inProlog = Buffer.from(sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row>').replace('?>\n', `?>${laughs}`));
    expect((await corruptError(writeZip(workbookItems([{ name: 'data', xml: inProlog }])))).messageKey).toBe('excel.xmlDeclarations');
    const inRows = sheetXml('<row r="1"><c r="A1"><v>1</v></c></row><!ENTITY x "y">');
    expect((await corruptError(writeZip(workbookItems([{ name: 'data', xml: inRows }])))).messageKey).toBe('excel.xmlDeclarations');
    const sst = `<?xml version="1.0"?>${laughs.replace('worksheet', 'sst')}<sst xmlns="${NS}"><si><t>&b;</t></si></sst>`;
    expect((await corruptError(writeZip(workbookItems([{ name: 'data', xml: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>') }], { sst })))).messageKey).toBe('excel.xmlDeclarations');
  });

  it('an old .xls (OLE2) named .xlsx is told apart from other files that are no zip (issue 19)', async () => {
    const file = tmpFile('ole2');
    writeFileSync(file, readFileSync('fixtures/xlsx/vendors.xls'));
    expect((await corruptError(file)).messageKey).toBe('excel.oldFormatInside');
  });

  it('a zip without a workbook, and a file that is no zip, are refused', async () => {
    const noWorkbook = writeZip([{ name: 'word/document.xml', data: '<w:document/>' }]);
    expect((await corruptError(noWorkbook)).messageKey).toBe('excel.corrupt');
    const csv = tmpFile('csv');
    writeFileSync(csv, 'code,name\nA,B\n');
    expect((await corruptError(csv)).messageKey).toBe('excel.wrongFileType');
  });
});

describe('reading as the import reads', () => {
  const fdCount = () => readdirSync('/proc/self/fd').length;

  async function bigFile(): Promise<string> {
    const file = tmpFile('big');
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
    const meta = wb.addWorksheet(TEMPLATE_SHEET, { state: 'veryHidden' });
    meta.addRow(['magic', 'x']).commit();
    meta.commit();
    const ws = wb.addWorksheet('data');
    for (let i = 0; i < 20_000; i++) ws.addRow([`编号${i}`, i, `浙江省绍兴市柯桥区纺织路 ${i} 号`, i * 1.5]).commit();
    ws.commit();
    await wb.commit();
    return file;
  }

  it('reports compressed bytes read, growing, up to the file size, and yields rows in batches', async () => {
    const file = await bigFile();
    const seen: number[] = [];
    let rows = 0;
    let batches = 0;
    for await (const batch of readWorkbookBatches(file, (b) => seen.push(b))) {
      batches++;
      rows += batch.filter((e) => e.kind === 'row').length;
    }
    expect(rows).toBe(20_000);
    expect(batches).toBeGreaterThan(5);
    expect(seen.length).toBeGreaterThan(3);
    for (let i = 1; i < seen.length; i++) expect(seen[i]).toBeGreaterThan(seen[i - 1]);
    expect(seen[seen.length - 1]).toBeLessThanOrEqual(statSync(file).size);
    expect(seen[seen.length - 1]).toBeGreaterThan(statSync(file).size / 2);
  });

  it('closes the file when the consumer stops early, and leaves the consumer its own error', async () => {
    const file = await bigFile();
    const before = fdCount();
    let n = 0;
    for await (const ev of readWorkbook(file)) if (ev.kind === 'row' && ++n === 10) break;
    expect(fdCount()).toBeLessThanOrEqual(before);

    const own = new Error('the consumer failed');
    let caught: unknown;
    try {
      for await (const ev of readWorkbook(file)) if (ev.kind === 'row' && ev.number === 500) throw own;
    } catch (error) {
      caught = error;
    }
    expect(caught).toBe(own);
    expect(fdCount()).toBeLessThanOrEqual(before);

    await corruptError(writeZip([{ name: 'xl/workbook.xml', data: '<workbook' }]));
    expect(fdCount()).toBeLessThanOrEqual(before);
  });
});

describe('bounds against hostile files (issue 20)', () => {
  const rowsOf = (xml: string) => writeZip(workbookItems([{ name: 'data', xml: sheetXml(xml) }]));
  const limitOf = async (file: string) => (await corruptError(file)).messageKey;

  it('refuses a part above the ratio bound before inflating it; a small part may compress as it likes', async () => {
    const blanks = (n: number) => writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<row r="1"><c r="A1"><v>1</v></c></row>${' '.repeat(n)}`) }]));
    expect(await limitOf(blanks(17 * 1024 * 1024))).toBe('excel.unpackedTooLarge');
    expect(await events(blanks(5 * 1024 * 1024))).toEqual([{ kind: 'row', number: 1, cells: [1] }]);
  });

  it('reads elements 64 deep and refuses 65, in the sheet and within a cell', async () => {
    // worksheet and sheetData are two levels: 62 more make 64.
    const nest = (n: number) => `${'<x>'.repeat(n)}${'</x>'.repeat(n)}`;
    expect(await events(rowsOf(`<row r="1"><c r="A1"><v>1</v></c></row>${nest(62)}`))).toEqual([{ kind: 'row', number: 1, cells: [1] }]);
    expect(await limitOf(rowsOf(`<row r="1"><c r="A1"><v>1</v></c></row>${nest(63)}`))).toBe('excel.nestedTooDeep');
    const inCell = (n: number) => `<row r="1"><c r="A1" t="inlineStr"><is><t>a</t>${nest(n)}</is></c></row>`;
    expect(await events(rowsOf(inCell(63)))).toEqual([{ kind: 'row', number: 1, cells: ['a'] }]);
    expect(await limitOf(rowsOf(inCell(64)))).toBe('excel.nestedTooDeep');
  });

  it("reads a cell of Excel's 32,767 characters in every shape, and refuses 32,768", async () => {
    const runs = (n: number) => Array.from({ length: n }, () => '<r><rPr><b/></rPr><t>é</t></r>').join('');
    const shapes = (n: number): Array<[string, string | undefined]> => [
      [`<c r="A1" t="str"><v>${'s'.repeat(n)}</v></c>`, undefined],
      [`<c r="A1" t="inlineStr"><is>${runs(n)}</is></c>`, undefined],
      [`<c r="A1" t="inlineStr"><is><t>${'&amp;'.repeat(n)}</t></is></c>`, undefined],
      [`<c r="A1" t="s"><v>0</v></c>`, `<sst xmlns="${NS}"><si><t>${'z'.repeat(n)}</t></si></sst>`],
    ];
    for (const [cell, sst] of shapes(32_767)) {
      const [row] = (await events(writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<row r="1">${cell}</row>`) }], { sst })))) as Array<{ cells: string[] }>;
      expect(row.cells[0]).toHaveLength(32_767);
    }
    for (const [cell, sst] of shapes(32_768)) expect(await limitOf(writeZip(workbookItems([{ name: 'data', xml: sheetXml(`<row r="1">${cell}</row>`) }], { sst })))).toBe('excel.cellTooLong');
  });

  it('refuses a cell whose unfinished markup outgrows 2 MiB (its text alone would not)', async () => {
    // Phonetic runs are not part of the text: only the markup bound stops this cell.
    // Plain text (no '>', so nothing is tried again) and text full of '>' (tried again as it doubles).
    for (const text of ['k'.repeat(3 * 1024 * 1024), 'k>'.repeat(1.5 * 1024 * 1024)]) {
      const cell = `<c r="A1" t="inlineStr"><is><t>a</t><rPh><t>${text}</t></rPh></is></c>`;
      expect(await limitOf(rowsOf(`<row r="1">${cell}</row>`))).toBe('excel.cellTooLong');
    }
    // Below the bound, the same shapes are read.
    for (const text of ['k'.repeat(1024 * 1024), 'k>'.repeat(512 * 1024)]) {
      const cell = `<c r="A1" t="inlineStr"><is><t>a</t><rPh><t>${text}</t></rPh></is></c>`;
      expect(await events(rowsOf(`<row r="1">${cell}</row><row r="2"><c r="A2"><v>2</v></c></row>`))).toEqual([
        { kind: 'row', number: 1, cells: ['a'] },
        { kind: 'row', number: 2, cells: [2] },
      ]);
    }
  }, 60_000);

  it('bounds the heap of the shared strings table', () => {
    const scanner = new SharedStringsScanner(1000);
    expect(() => scanner.push(`<sst xmlns="${NS}">${'<si><t>abcdefghij</t></si>'.repeat(30)}</sst>`)).toThrow(XlsxLimitError);
    const again = new SharedStringsScanner(1000);
    try {
      again.push(`<sst xmlns="${NS}">${'<si><t>abcdefghij</t></si>'.repeat(30)}</sst>`);
    } catch (error) {
      expect((error as XlsxLimitError).messageKey).toBe('excel.sharedStringsTooMany');
    }
    expect(scanner.strings.length).toBe(16);
  });

  it('gives the event loop a turn after 10 ms of reading, not before, and refuses a file past its time', async () => {
    const busy = (ms: number) => {
      const end = performance.now() + ms;
      while (performance.now() < end);
    };
    const turned = () => {
      const seen = { ran: false };
      setImmediate(() => (seen.ran = true));
      return seen;
    };
    const clock = new ReadClock(60_000);
    const early = turned();
    await clock.tick();
    expect(early.ran).toBe(false);
    busy(12);
    const late = turned();
    await clock.tick();
    expect(late.ran).toBe(true);

    const limited = new ReadClock(30);
    limited.pause();
    busy(40); // the consumer's time
    limited.resume();
    await limited.tick();
    busy(40);
    await expect(limited.tick()).rejects.toMatchObject({ messageKey: 'excel.readTooSlow' });
  });
});
