import { describe, expect, it } from 'vitest';
import '../../../model/entities';
import type { FixView } from '../../engine/upload-api';
import { currentOrderSheet, orderSheetOf } from './fix-order-blocks';
import { cellOf, continuationRows, fixChecker, fixCounts, recheckRows, sameWrongValue, toRowData, type FixRowData } from './fix-rows';

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
  it("re-checks a line of an order block with its block's values, and no order header row as a line (issue 33)", () => {
    const v = view({
      entity: 'purorder',
      headerRow: 3,
      headers: ['款号', '颜色', 'S', 'M', '单价'],
      targets: ['lines.style_no', 'lines.colour', null, null, 'lines.unit_price'],
      mapping: {
        headerRow: 3,
        columns: [{ index: 0, target: 'lines.style_no' }, { index: 1, target: 'lines.colour' }, { index: 2, target: 'size:S' }, { index: 3, target: 'size:M' }, { index: 4, target: 'lines.unit_price' }],
        orderFields: [{ key: '订单号', target: 'po_no' }, { key: '供应商', target: 'vendor_id' }, { key: '交期', target: 'delivery_date' }],
      },
    });
    const check = fixChecker(v, 'zh-CN', { now: new Date(), session: {} });
    const rows = [
      row(2, ['订单号: PO-1   供应商: VD001   交期: 2026-03-15']),
      row(4, ['ST-1', '黑色', '10', '20', '25']),
      row(5, ['款号', '颜色', 'S', 'M', '单价']),
      row(7, ['订单号:', 'PO-2', '供应商:', 'NOPE', '交期:', '2026-04-01']),
      row(8, ['ST-2', '白色', '5', null, '30']),
    ];
    // Alone, the line has no supplier: its block gives it one.
    expect(check(rows[1].cells, false).length).toBeGreaterThan(0);
    recheckRows(v, check, rows, rows);
    // The unknown supplier is its header row's, in the cell that holds it; the block's line is clean.
    expect(rows.map((r) => r.issues.length)).toEqual([0, 0, 0, 1, 0]);
    expect(rows[3].issues[0]).toEqual({ col: 3, message: expect.stringContaining('NOPE') });
    // Fixed in that cell: the header row and its block are re-checked, the first block untouched.
    rows[3].cells[3] = 'VD001';
    expect(recheckRows(v, check, rows, [rows[3]]).map((r) => r.row).sort()).toEqual([7, 8]);
    expect(rows[3].issues).toEqual([]);
    // A wrong date in the first block's one-cell header row is that cell's, with the rule's message.
    rows[0].cells[0] = '订单号: PO-1   供应商: VD001   交期: 2026-13-45';
    recheckRows(v, check, rows, [rows[0]]);
    expect(rows[0].issues).toEqual([{ col: 0, message: expect.any(String) }]);
    expect(rows[1].issues).toEqual([]);
  });

  it('keeps reading the sheet right across edits while it re-reads only what changed: a line typed as a header row starts a block, a row left out leaves it (issue 33)', () => {
    const v = view({
      entity: 'purorder',
      headerRow: 1,
      headers: ['款号', '颜色', 'S', 'M', '单价'],
      targets: ['lines.style_no', 'lines.colour', null, null, 'lines.unit_price'],
      mapping: {
        headerRow: 1,
        columns: [{ index: 0, target: 'lines.style_no' }, { index: 1, target: 'lines.colour' }, { index: 2, target: 'size:S' }, { index: 3, target: 'size:M' }, { index: 4, target: 'lines.unit_price' }],
        orderFields: [{ key: '订单号', target: 'po_no' }, { key: '供应商', target: 'vendor_id' }, { key: '交期', target: 'delivery_date' }],
      },
    });
    const check = fixChecker(v, 'zh-CN', { now: new Date(), session: {} });
    const rows = [
      row(2, ['订单号: PO-1   供应商: VD001   交期: 2026-03-15']),
      row(3, ['ST-1', '黑色', '10', '20', '25']),
      row(4, ['ST-2', '黑色', '10', 'abc', '25']),
      row(5, ['ST-3', '白色', '5', null, '30']),
    ];
    recheckRows(v, check, rows, rows);
    expect(rows.map((r) => r.issues.map((i) => i.col))).toEqual([[], [], [3], []]);
    // The order's other lines wait for it: the commit would hold them with the bad one.
    expect(fixCounts(rows, currentOrderSheet(v, rows))).toEqual({ total: 4, invalid: 1, excluded: 0, valid: 0 });
    // A line's size fixed: only that line's cells are taken again, its block's values kept.
    rows[2].cells[3] = '20';
    expect(recheckRows(v, check, rows, [rows[2]]).map((r) => r.row)).toEqual([4]);
    expect(rows[2].issues).toEqual([]);
    expect(fixCounts(rows, currentOrderSheet(v, rows))).toEqual({ total: 4, invalid: 0, excluded: 0, valid: 3 });
    // The header row's supplier changed (same keys): its values taken again, its lines check with them.
    rows[0].cells = ['订单号: PO-1   供应商: NOPE   交期: 2026-03-15'];
    expect(recheckRows(v, check, rows, [rows[0]]).map((r) => r.row).sort()).toEqual([2, 3, 4, 5]);
    expect(rows[0].issues.map((i) => i.col)).toEqual([0]);
    expect(currentOrderSheet(v, rows)!.lineCells.get(5)).toContain('NOPE');
    rows[0].cells = ['订单号: PO-1   供应商: VD001   交期: 2026-03-15'];
    recheckRows(v, check, rows, [rows[0]]);
    expect(rows.map((r) => r.issues.length)).toEqual([0, 0, 0, 0]);
    // A line typed as an order's header row: the sheet is read again, the line below is that order's (its supplier unknown).
    rows[2].cells = ['订单号: PO-2   供应商: NOPE   交期: 2026-03-15'];
    recheckRows(v, check, rows, [rows[2]]);
    const sheet = currentOrderSheet(v, rows)!;
    expect(sheet.headerRows).toEqual(new Set([2, 4]));
    expect(sheet.blockOf.get(5)!.headerRows).toEqual([4]);
    expect(rows[2].issues.map((i) => i.col)).toEqual([0]);
    // That header row left out: its line belongs to the first order again.
    rows[2].excluded = true;
    expect(currentOrderSheet(v, rows)!.blockOf.get(5)!.headerRows).toEqual([2]);
    expect(fixCounts(rows, currentOrderSheet(v, rows))).toEqual({ total: 4, invalid: 0, excluded: 1, valid: 2 });
  });

  it('reads the header rows of a sheet of one order written without colons above the headings (issue 33)', () => {
    const v = view({
      entity: 'purorder',
      headerRow: 4,
      headers: ['款号', '颜色', 'S', 'M', '单价'],
      targets: ['lines.style_no', 'lines.colour', null, null, 'lines.unit_price'],
      mapping: {
        headerRow: 4,
        columns: [{ index: 0, target: 'lines.style_no' }, { index: 1, target: 'lines.colour' }, { index: 2, target: 'size:S' }, { index: 3, target: 'size:M' }, { index: 4, target: 'lines.unit_price' }],
        orderFields: [{ key: '订单号', target: 'po_no' }, { key: '供应商', target: 'vendor_id' }, { key: '交货日期', target: 'delivery_date' }, { key: '制单人', target: null }],
      },
    });
    const check = fixChecker(v, 'zh-CN', { now: new Date(), session: {} });
    const rows = [row(2, ['订单号', 'PO-9', '供应商', 'NOPE']), row(3, ['交货日期', '2026-07-20', '制单人', '张三']), row(5, ['ST-1', '黑色', '1', '2', '25']), row(6, ['ST-2', '白色', '3', null, '30'])];
    recheckRows(v, check, rows, rows);
    expect(rows.map((r) => r.issues.map((i) => i.col))).toEqual([[3], [], [], []]);
    // Nothing to commit while the order's header is wrong: its lines wait, its header rows are no lines.
    expect(fixCounts(rows, orderSheetOf(v, rows))).toEqual({ total: 4, invalid: 1, excluded: 0, valid: 0 });
    rows[0].cells[3] = 'VD001';
    recheckRows(v, check, rows, [rows[0]]);
    expect(fixCounts(rows, orderSheetOf(v, rows))).toEqual({ total: 4, invalid: 0, excluded: 0, valid: 2 });
  });

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

  it("checks a dynamic form's rows by the form's design the view carries: its required fields, rules and own options (issue 33)", () => {
    const form: NonNullable<FixView['form']> = {
      id: 1,
      code: 'IMP_QC',
      name: '导入检验单',
      version: 1,
      definition: {
        sections: [
          {
            key: 'base',
            title: '基本',
            fields: [
              { key: 'title', label: '标题', type: 'text', required: true },
              { key: 'kind', label: '类别', type: 'dict', required: true, options: [{ value: 'fabric', label: '面料' }, { value: 'trim', label: '辅料' }] },
              { key: 'qty', label: '数量', type: 'integer', rules: ['naturalNumber'] },
            ],
          },
        ],
      },
    };
    const dyn = view({
      entity: 'IMP_QC',
      headers: ['标题', '类别', '数量'],
      targets: ['title', 'kind', 'qty'],
      knownCodes: {},
      dictItems: { 'dynform.IMP_QC.kind': [{ value: 'fabric', label: { zh: '面料', en: 'Fabric' } }, { value: 'trim', label: { zh: '辅料', en: 'Trim' } }] },
      form,
    });
    const check = fixChecker(dyn, 'zh-CN', { now: new Date(), session: {} });
    expect(check(['甲', '面料', '3'], false)).toEqual([]);
    expect(check([null, '面料', '-3'], false).map((i) => i.col).sort()).toEqual([0, 2]);
    // A choice among the form's options is the form's own check (as the server's record writer runs it).
    expect(check(['乙', '拉链', '3'], false).map((i) => i.col)).toEqual([1]);
  });

  it('keeps a blank cell as no value and copies the server rows', () => {
    expect(cellOf('  ')).toBeNull();
    expect(cellOf(12)).toBe('12');
    const r = toRowData({ row: 2, cells: ['a'], errors: [{ col: 0, field: 'code', message: 'm' }], excluded: false, edited: true, recheck: false });
    expect(r).toEqual({ row: 2, cells: ['a'], excluded: false, edited: true, issues: [{ col: 0, message: 'm' }] });
  });
});
