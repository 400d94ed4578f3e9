import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildZip, compoundFile, NS, sheetXml, workbookItems } from '../../fixtures/xlsx/handmade';
import { ERRORS } from '../../src/model/errors';
import { createTestApp, signIn, type TestApp } from '../support/test-app';
import { importFile } from './import-support';

/**
 * Issue 33: workbooks the reader cannot take as they are end the import job with their own message
 * from the error table, in the user's language, as every other file error does (the import screen
 * shows the job's message): a password-protected workbook is told how to remove the password (not
 * to save it again as .xlsx, which keeps it); a zip naming one part twice, a pre-release
 * workbook and one whose text cells name shared strings it does not hold are refused, never read in part.
 */
let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'brand');
});
afterAll(async () => t?.close());

const sheet = sheetXml('<row r="1"><c r="A1" t="inlineStr"><is><t>供应商编码</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>VDX1</t></is></c></row>');
const base = workbookItems([{ name: 'data', xml: sheet }]);
const files = {
  'excel.encrypted': compoundFile(['EncryptionInfo', 'EncryptedPackage']),
  'excel.duplicateParts': buildZip([...base, { name: 'xl/worksheets/sheet1.xml', data: sheet.replace('VDX1', 'VDX2') }]),
  'excel.preRelease': buildZip(base.map((item) => (item.name === 'xl/workbook.xml' ? { ...item, data: String(item.data).replace(NS, 'http://schemas.microsoft.com/office/excel/2006/2') } : item))),
  'excel.sharedStringMissing': buildZip(workbookItems([{ name: 'data', xml: sheet.replace('<c r="A2" t="inlineStr"><is><t>VDX1</t></is></c>', '<c r="A2" t="s"><v>0</v></c>') }])),
} as const;

describe('workbooks refused with their own message (issue 33)', () => {
  it.each(Object.keys(files) as Array<keyof typeof files>)('%s: the job fails with the message of the error table, in zh and in en', async (key) => {
    for (const [lang, text] of [['zh-CN', ERRORS[key].zh], ['en', ERRORS[key].en]] as const) {
      const job = await importFile(t.app, token, { name: 'vendors.xlsx', content: files[key] }, { entity: 'vendor', commit: 'all', lang }, lang);
      expect({ status: job.status, error: job.error }).toEqual({ status: 'failed', error: text });
    }
  });
});
