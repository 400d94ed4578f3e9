import { describe, expect, it } from 'vitest';
import { requireEntity } from './entity';
import './entities';
import { EXCEL_SHEET_ROWS, exportFitsSheet, exportSheetRows, cellContent, cellToInput, dateCellText, dictLookup, excelSerialToDate, exportCell, exportColumns, headerText, importColumns, matchHeaders, metaRows, parseMeta, templateVersion, uploadTypeMessageKey } from './excel';

const vendor = requireEntity('vendor');
const material = requireEntity('material');

describe('template columns derived from the entity', () => {
  it('takes writable fields, names reference columns by code, and appends line columns', () => {
    const cols = importColumns(material);
    expect(cols.map((c) => c.id)).toContain('vendor_id');
    expect(cols.find((c) => c.id === 'vendor_id')!.header).toEqual({ zh: '供应商编码', en: 'Vendor code' });
    expect(cols.map((c) => c.id)).toContain('price_history.price');
    expect(importColumns(vendor).some((c) => c.id === 'status')).toBe(false);
  });

  it('marks required columns, but not a numbered code', () => {
    const cols = importColumns(vendor);
    expect(headerText(cols.find((c) => c.id === 'name')!, 'zh-CN')).toBe('*供应商名称');
    expect(headerText(cols.find((c) => c.id === 'code')!, 'en')).toBe('Vendor code');
  });

  it('has a stable version that changes with the columns', () => {
    expect(templateVersion(vendor)).toBe(templateVersion(vendor));
    expect(templateVersion(vendor)).not.toBe(templateVersion(material));
    expect(parseMeta(metaRows({ entity: 'vendor', version: 'abc', language: 'en', kind: 'template' }))).toMatchObject({ entity: 'vendor', version: 'abc', language: 'en' });
    expect(parseMeta([['magic', 'someone else']])).toBeNull();
  });
});

describe('header matching', () => {
  it('maps zh, en and key headers, ignores readonly columns, reports unknown and missing ones', () => {
    const m = matchHeaders(vendor, ['*供应商名称', 'Vendor type', 'code', '状态', '颜色']);
    expect(m.mapping.map((c) => c?.id ?? null)).toEqual(['name', 'vendor_type', 'code', null, null]);
    expect(m.unknown).toEqual(['颜色']);
    expect(matchHeaders(vendor, ['供应商编码']).missingRequired.map((c) => c.id)).toEqual(['name', 'vendor_type']);
    expect(matchHeaders(vendor, ['供应商名称', 'Vendor name']).duplicates).toEqual(['Vendor name']);
  });

  it('ignores the messages column an error workbook adds, so a fixed error workbook imports again', () => {
    for (const h of ['错误信息', 'Messages']) {
      const m = matchHeaders(vendor, ['*供应商名称', '*供应商类型', h]);
      expect(m.unknown).toEqual([]);
      expect(m.mapping[2]).toBeNull();
    }
  });

  it('does not require line columns (a document may have no lines)', () => {
    expect(matchHeaders(material, ['物料名称', '物料组', '单位', '有效状态']).missingRequired).toEqual([]);
  });
});

describe('cells to form input', () => {
  const col = (id: string) => importColumns(vendor).find((c) => c.id === id)!;
  it('turns dictionary labels into values in either language', () => {
    const c = col('vendor_type');
    const d = dictLookup(c);
    expect(cellToInput(c, '面料供应商', d)).toBe('fabric');
    expect(cellToInput(c, 'Fabric supplier', d)).toBe('fabric');
    expect(cellToInput(c, 'fabric', d)).toBe('fabric');
    expect(cellToInput(c, '没有', d)).toBe('没有');
  });

  it('turns Excel serial dates into YYYY-MM-DD and unwraps rich text and formulas', () => {
    expect(cellToInput(col('valid_from'), 46023, null)).toBe('2026-01-01');
    expect(excelSerialToDate(46023).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(cellContent({ richText: [{ text: 'a' }, { text: 'b ' }] })).toBe('ab');
    expect(cellContent({ formula: '1+1', result: 2 })).toBe(2);
    expect(cellContent('   ')).toBeNull();
    expect(cellToInput(col('bank_branch_code'), 102100099996, null)).toBe('102100099996');
  });

  it('writes a date cell under a text or number column as Excel shows it (issue 19)', () => {
    const utc = (...a: [number, number, number, number?, number?, number?]) => new Date(Date.UTC(a[0], a[1] - 1, a[2], a[3] ?? 0, a[4] ?? 0, a[5] ?? 0));
    expect(dateCellText(utc(2026, 1, 1))).toBe('2026-01-01');
    expect(dateCellText(utc(2026, 1, 1, 18, 30))).toBe('2026-01-01 18:30');
    expect(dateCellText(utc(2026, 1, 1, 18, 30, 5))).toBe('2026-01-01 18:30:05');
    expect(dateCellText(utc(1899, 12, 30, 8, 15))).toBe('08:15');
    expect(dateCellText(utc(1960, 5, 4))).toBe('1960-05-04');
    expect(cellToInput(col('remark'), utc(2026, 3, 15), null)).toBe('2026-03-15');
    expect(cellToInput(col('valid_from'), utc(2026, 3, 15), null)).toBe('2026-03-15');
    // A plain serial under a date column, in each date system.
    expect(cellToInput(col('valid_from'), 44561, null)).toBe('2021-12-31');
    expect(cellToInput(col('valid_from'), 44561, null, true)).toBe('2026-01-01');
  });

  it('names what to do with a file that is not an .xlsx (issue 19)', () => {
    expect(uploadTypeMessageKey('供应商.xlsx')).toBeNull();
    expect(uploadTypeMessageKey('A.XLSX ')).toBeNull();
    expect(uploadTypeMessageKey('old.xls')).toBe('excel.xlsFile');
    expect(uploadTypeMessageKey('data.CSV')).toBe('excel.csvFile');
    expect(uploadTypeMessageKey('wps.et')).toBe('excel.etFile');
    expect(uploadTypeMessageKey('photo.png')).toBe('excel.wrongFileType');
    expect(uploadTypeMessageKey('noextension')).toBe('excel.wrongFileType');
  });

  it('cuts floating-point noise of computed numbers', () => {
    const price = importColumns(material).find((c) => c.id === 'price')!;
    expect(cellToInput(price, 0.1 + 0.2, null)).toBe('0.3');
  });

  it('exports what the import reads back', () => {
    const cols = exportColumns(vendor, ['vendor_type', 'valid_from', 'status']);
    expect(exportCell(cols[0], 'fabric', 'zh-CN')).toBe('面料供应商');
    expect(exportCell(cols[1], '2026-01-01', 'zh-CN')).toEqual(new Date(Date.UTC(2026, 0, 1)));
    expect(exportCell(cols[2], 'active', 'en')).toBe('Active');
    expect(cellToInput(cols[0], exportCell(cols[0], 'trim', 'en'), dictLookup(cols[0]))).toBe('trim');
  });
});

describe('an export fits one worksheet', () => {
  it('counts the header, the records, and for a grouped export two rows per group and the total', () => {
    expect(EXCEL_SHEET_ROWS).toBe(1_048_576);
    expect(exportSheetRows(10, null)).toBe(10);
    expect(exportSheetRows(10, 3)).toBe(17);
    expect(exportFitsSheet(1_048_575, null)).toBe(true);
    expect(exportFitsSheet(1_048_576, null)).toBe(false);
    expect(exportFitsSheet(1_048_566, 4)).toBe(true);
    expect(exportFitsSheet(1_048_567, 4)).toBe(false);
  });
});
