import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, NS, sheetXml, workbookItems } from '../../fixtures/xlsx/handmade';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { importFile } from './import-support';

/**
 * Issue 19: workbooks as Excel and Mac Excel write them, imported end to end. One vendor sheet
 * that holds all three classes that were refused or misread: the 1904 date system, part names
 * with backslashes, an embedded object and a checkbox after the rows; and cell styles (dates under
 * a date and a text column, a bank branch code formatted 00000).
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

const MC = 'http://schemas.openxmlformats.org/markup-compatibility/2006';
const XDR = 'http://schemas.openxmlformats.org/drawingml/2006/spreadsheetDrawing';
const CHECKBOX =
  `<mc:AlternateContent xmlns:mc="${MC}"><mc:Choice Requires="x14"><controls><mc:AlternateContent xmlns:mc="${MC}"><mc:Choice Requires="x14">` +
  '<control shapeId="1025" r:id="rId3" name="Check Box 1"><controlPr defaultSize="0" autoFill="0" autoLine="0" autoPict="0"><anchor moveWithCells="1">' +
  '<from><xdr:col>7</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>1</xdr:row><xdr:rowOff>0</xdr:rowOff></from><to><xdr:col>8</xdr:col><xdr:colOff>0</xdr:colOff><xdr:row>2</xdr:row><xdr:rowOff>0</xdr:rowOff></to>' +
  '</anchor></controlPr></control></mc:Choice></mc:AlternateContent></controls></mc:Choice></mc:AlternateContent>';

const STYLES =
  `<styleSheet xmlns="${NS}"><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="165" formatCode="00000"/></numFmts>` +
  '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="165" applyNumberFormat="1"/></cellXfs></styleSheet>';

const str = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

describe('a vendor workbook from Mac Excel', () => {
  it('imports its dates in the 1904 system, keeps the code zeros and a date under a text column, beside a checkbox, from a package named with backslashes', async () => {
    // 2026-03-15 is 46096 in the 1900 system, 44634 in the 1904 one; 2025-12-31 is 44560 in 1904.
    const rows =
      `<row r="1">${str('A1', 'code')}${str('B1', 'name')}${str('C1', 'vendor_type')}${str('D1', 'valid_from')}${str('E1', 'bank_branch_code')}${str('F1', 'remark')}</row>` +
      `<row r="2">${str('A2', 'V1904A')}${str('B2', '苹果电脑供应商')}${str('C2', 'garment')}<c r="D2" s="1"><v>44634</v></c><c r="E2" s="3"><v>123</v></c><c r="F2" s="2"><v>44560</v></c></row>` +
      `<row r="3">${str('A3', 'V1904B')}${str('B3', '第二家')}${str('C3', 'garment')}<c r="D3" s="2"><v>44561</v></c><c r="E3" s="3"><v>98765</v></c></row>` +
      // A plain (General) number under the date column is a serial day of the workbook's system too.
      `<row r="4">${str('A4', 'V1904C')}${str('B4', '第三家')}${str('C4', 'garment')}<c r="D4"><v>44562</v></c></row>`;
    const items = workbookItems([{ name: '供应商', xml: sheetXml(rows, '', { after: CHECKBOX, extraNs: ` xmlns:xdr="${XDR}"` }) }], {
      styles: STYLES,
      workbookPr: '<workbookPr date1904="1"/>',
      backslashes: true,
    });
    const job = await importFile(t.app, token, { name: 'mac-vendors.xlsx', content: buildZip(items) }, { entity: 'vendor', commit: 'all' });
    expect(job.error).toBeNull();
    expect(job.status).toBe('done');
    expect(job.result).toMatchObject({ total: 3, valid: 3, invalid: 0 });
    const stored = (
      await sql<{ code: string; valid_from: string; bank_branch_code: string; remark: string | null }>`
        select code, to_char(valid_from, 'YYYY-MM-DD') as valid_from, bank_branch_code, remark from md_vendor
        where client_id = ${clientId} and code in ('V1904A', 'V1904B', 'V1904C') order by code`.execute(t.app.db)
    ).rows;
    expect(stored).toEqual([
      { code: 'V1904A', valid_from: '2026-03-15', bank_branch_code: '00123', remark: '2025-12-31' },
      { code: 'V1904B', valid_from: '2026-01-01', bank_branch_code: '98765', remark: null },
      { code: 'V1904C', valid_from: '2026-01-02', bank_branch_code: null, remark: null },
    ]);
  });
});
