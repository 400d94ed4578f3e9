import { describe, expect, it } from 'vitest';
import '../../../model/entities';
import type { FixView } from '../../engine/upload-api';
import { cellOf, continuationRows, fixChecker, fixCounts, sameWrongValue, toRowData, type FixRowData } from './fix-rows';

const view = (over: Partial<FixView> = {}): FixView => ({
  entity: 'material',
  mode: 'insert',
  headerRow: 1,
  headers: ['物料编码', '物料名称', '物料组', '单位', '有效状态', '供应商编码'],
  targets: ['code', 'name', 'material_group', 'unit', 'validity', 'vendor_id'],
  mapping: null,
  rows: [],
  truncated: false,
  held: false,
  knownCodes: { vendor_id: { codes: ['VD001'], complete: true } },
  dictItems: {},
  ...over,
});
const row = (n: number, cells: Array<string | null>, issues: FixRowData['issues'] = [], excluded = false): FixRowData => ({ row: n, cells, excluded, edited: false, issues });

describe('the fixing grid rows', () => {
  it('checks a row in the user language, the messages the server gives', () => {
    const zh = fixChecker(view(), 'zh-CN', { now: new Date(), session: {} });
    const en = fixChecker(view(), 'en', { now: new Date(), session: {} });
    expect(zh(['M1', '府绸', '面料', '米', '未失效', 'VD001'], false)).toEqual([]);
    expect(zh(['M1', '府绸', '面料', '米', '未失效', 'NOPE'], false)).toEqual([{ col: 5, message: expect.stringContaining('NOPE') }]);
    expect(en(['M1', '府绸', '面料', '米', '未失效', 'NOPE'], false)[0].message).toMatch(/NOPE/);
  });

  it('finds the other rows holding the same wrong value in a column, not left-out or good ones', () => {
    const rows = [
      row(2, ['A', 'x', '面枓'], [{ col: 2, message: 'bad' }]),
      row(3, ['B', 'y', '面枓'], [{ col: 2, message: 'bad' }]),
      row(4, ['C', 'z', '面枓'], [{ col: 2, message: 'bad' }], true),
      row(5, ['D', 'w', '面枓'], []),
    ];
    expect(sameWrongValue(rows, 2, '面枓', 2).map((r) => r.row)).toEqual([3]);
    expect(fixCounts(rows)).toEqual({ total: 4, invalid: 2, excluded: 1, valid: 1 });
  });

  it('takes later rows of a document number as its continuation in a master-detail sheet', () => {
    const rows = [row(2, ['M1', 'a']), row(3, ['m1 ', null]), row(4, ['M2', 'b']), row(5, [null, 'c'])];
    expect([...continuationRows(view(), rows)]).toEqual([3]);
  });

  it('keeps a blank cell as no value and copies the server rows', () => {
    expect(cellOf('  ')).toBeNull();
    expect(cellOf(12)).toBe('12');
    const r = toRowData({ row: 2, cells: ['a'], errors: [{ col: 0, field: 'code', message: 'm' }], excluded: false, edited: true, recheck: false });
    expect(r).toEqual({ row: 2, cells: ['a'], excluded: false, edited: true, issues: [{ col: 0, message: 'm' }] });
  });
});
