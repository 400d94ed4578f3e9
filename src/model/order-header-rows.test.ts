import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requireEntity } from './entity';
import './entities';
import { applyMapping, detectHeaderRow, missingRequired, proposeMapping, type SheetRowSample } from './import-mapping';
import { OrderBlocks, orderHeaderPairs, repeatsHeader } from './order-header-rows';

const po = requireEntity('purorder');
const prorder = requireEntity('prorder');
const rows = (...r: unknown[][]): SheetRowSample[] => r.map((cells, i) => ({ number: i + 1, cells }));
const pairs = (cells: unknown[]) => orderHeaderPairs(cells)?.map((p) => [p.col, p.key, p.value]) ?? null;

describe('an order header row', () => {
  it('is read from one cell with its pairs apart by spaces, bars or semicolons', () => {
    expect(pairs(['订单号: PO-2026-001   客户: 杭州某品牌   交期: 2026-03-15'])).toEqual([[0, '订单号', 'PO-2026-001'], [0, '客户', '杭州某品牌'], [0, '交期', '2026-03-15']]);
    expect(pairs(['PO#: 123 | Buyer: X | Ship Date: 2026-03-15'])).toEqual([[0, 'PO#', '123'], [0, 'Buyer', 'X'], [0, 'Ship Date', '2026-03-15']]);
    expect(pairs(['采购单号：PO2026-300', null, '供应商：V001；币种：人民币'])).toEqual([[0, '采购单号', 'PO2026-300'], [2, '供应商', 'V001'], [2, '币种', '人民币']]);
  });

  it('is read across cells: a key cell ending in a colon, its value the next filled cell (a date or a number as it is)', () => {
    const ship = new Date(Date.UTC(2026, 2, 15));
    expect(pairs(['PO#:', 123, null, 'Buyer:', 'ACME', 'Ship Date:', ship])).toEqual([[0, 'PO#', 123], [3, 'Buyer', 'ACME'], [5, 'Ship Date', ship]]);
    // A key without its value keeps a blank value; a value with a colon (a time) stays whole.
    expect(pairs(['客户:', '交期:', '2026-03-15 10:30'])).toEqual([[0, '客户', null], [1, '交期', '2026-03-15 10:30']]);
  });

  it('is read with keys written without a colon, the value in the next cell or the one after, as far as it is told to', () => {
    const ship = new Date(Date.UTC(2026, 2, 15));
    const row = ['订单号', 'PO-2026-001', null, '供应商', 'VD001', '交货日期', ship];
    const bare = (cells: unknown[], keys: Parameters<typeof orderHeaderPairs>[1]) => orderHeaderPairs(cells, keys)?.map((p) => [p.col, p.key, p.value, p.valueCol]) ?? null;
    // Not by default: such a row may be headings or a line.
    expect(orderHeaderPairs(row)).toBeNull();
    expect(bare(row, 'any')).toEqual([[0, '订单号', 'PO-2026-001', 1], [3, '供应商', 'VD001', 4], [5, '交货日期', ship, 6]]);
    // As a confirmed mapping names them: a known key without its value keeps a blank value; an unknown text is no key.
    const keys = new Set(['订单号', '供应商', '交货日期']);
    expect(bare(['订单号', 'PO-1', '供应商', '交货日期', ship], keys)).toEqual([[0, '订单号', 'PO-1', 1], [2, '供应商', null, 2], [3, '交货日期', ship, 4]]);
    expect(bare(['ST-1', '黑色'], keys)).toBeNull();
    // A value more than two cells away, a number or a date as the key, or a sentence is not such a pair.
    expect(bare(['订单号', null, null, 'PO-1'], 'any')).toBeNull();
    expect(bare(['ST-1', '黑色', 10, 20], 'any')).toBeNull();
    expect(bare(['2026-03-15', 'PO-1'], 'any')).toBeNull();
    // With a colon, where the key's value stands is its own cell (the one to fix).
    expect(orderHeaderPairs(['PO#:', 123, null, 'Buyer:', 'ACME'])?.map((p) => [p.col, p.valueCol])).toEqual([[0, 1], [3, 4]]);
    expect(orderHeaderPairs(['订单号: PO-1   客户: A'])?.map((p) => p.valueCol)).toEqual([0, 0]);
  });

  it('is not a line, a heading row, a title or a remark', () => {
    expect(orderHeaderPairs(['款号', '颜色', 'S', 'M'])).toBeNull();
    expect(orderHeaderPairs(['ST-1', '黑色', 10, 20, '备注: 加急'])).toBeNull();
    expect(orderHeaderPairs(['2026 秋冬补单汇总'])).toBeNull();
    expect(orderHeaderPairs(['10:30'])).toBeNull();
    expect(orderHeaderPairs(['客户:', '交期:'])).toBeNull();
    expect(orderHeaderPairs([])).toBeNull();
  });

  it('is never taken for the header row, even across as many cells as the table', () => {
    const sheet = rows(['PO#:', 'A1', 'Buyer:', 'ACME', 'Ship Date:', '2026-03-15'], ['Style', 'Colour', 'S', 'M', 'L', 'Price'], ['ST-1', 'Black', 1, 2, 3, 9.5]);
    expect(detectHeaderRow(sheet)).toBe(1);
  });

  it('without colons is not taken for the header row when wider headings follow, or headings right below a row holding a date or number', () => {
    const ship = new Date(Date.UTC(2026, 2, 15));
    const narrow = rows(['采购订单'], ['订单号', 'PO-1', '供应商', 'VD001'], ['币种', '人民币'], [], ['款号', '颜色', 'S', 'M', 'L', '单价'], ['ST-1', '黑色', 1, 2, 3, 9.5]);
    expect(detectHeaderRow(narrow)).toBe(4);
    const asWide = rows(['PO No.', 'A1', 'Supplier', 'V001', 'Ship Date', ship], ['Style', 'Colour', 'S', 'M', 'L', 'Price'], ['ST-1', 'Black', 1, 2, 3, 9.5]);
    expect(detectHeaderRow(asWide)).toBe(1);
    // Headings of text over text lines stay the headings.
    expect(detectHeaderRow(rows(['Code', 'Name', 'City', 'Contact'], ['C1', 'ACME', 'Ningbo', 'Li'], ['C2', 'Zeta', 'Hangzhou', 'Wang']))).toBe(0);
  });

  it('any text cells written as `key: value` pairs read back as those pairs (fast-check)', () => {
    const key = fc.constantFrom('订单号', '客户', '交期', 'PO#', 'Buyer', 'Ship Date', '供应商', 'Currency');
    const value = fc.stringMatching(/^[A-Za-z0-9\u4e00-\u4e10-][A-Za-z0-9\u4e00-\u4e10 ./-]{0,10}[A-Za-z0-9\u4e00-\u4e10]$/).filter((v) => !/\s{2}/.test(v));
    const separator = fc.constantFrom('   ', ' | ', '; ', '\t');
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { minLength: 1, maxLength: 4 }), separator, fc.boolean(), (kv, sep, across) => {
        const cells = across ? kv.flatMap(([k, v]) => [`${k}:`, v]) : [kv.map(([k, v]) => `${k}: ${v}`).join(sep)];
        expect(orderHeaderPairs(cells)?.map((p) => [p.key, p.value])).toEqual(kv);
      }),
    );
  });

  it('a block copy of the heading row is recognised as such, a line is not', () => {
    expect(repeatsHeader(['款号', '颜色 ', null, 'S'], ['款号', '颜色', null, 's'])).toBe(true);
    expect(repeatsHeader(['款号', '黑色'], ['款号', '颜色'])).toBe(false);
  });
});

describe('order blocks read row by row', () => {
  it('gives each block its own values; two header rows in a row are one order; a repeated key starts the next', () => {
    const b = new OrderBlocks();
    expect(b.take(1, ['订单号: PO-1   客户: A'])).toBe(true);
    expect(b.take(2, ['交期: 2026-03-15'])).toBe(true);
    expect(b.current!.row).toBe(1);
    expect([...b.current!.values].map(([k, v]) => [k, v.value, v.row])).toEqual([['订单号', 'PO-1', 1], ['客户', 'A', 1], ['交期', '2026-03-15', 2]]);
    expect(b.take(3, ['ST-1', '黑色', 10])).toBe(false);
    expect(b.take(5, ['订单号: PO-2'])).toBe(true);
    expect(b.take(6, ['订单号: PO-3'])).toBe(true);
    expect([b.count, b.current!.row, b.current!.values.get('订单号')!.value, b.current!.values.has('客户')]).toEqual([3, 6, 'PO-3', false]);
  });
});

describe('mapping a sheet of order blocks', () => {
  const ship = (d: number) => new Date(Date.UTC(2026, 2, d));
  const blocks = rows(
    ['2026 秋冬补单'],
    ['订单号: PO-2026-001   供应商: VD001   交期: 2026-03-15   币种: 人民币'],
    ['款号', '颜色', 'S', 'M', 'L', '合计', '单价'],
    ['ST-1', '黑色', 10, 20, 30, 60, 25],
    ['ST-1', '白色', 5, 5, 5, 15, 25],
    [],
    ['订单号: PO-2026-002   供应商: VD002   交期: 2026-04-01   币种: 人民币'],
    ['款号', '颜色', 'S', 'M', 'L', '合计', '单价'],
    ['ST-2', '藏青', 1, 2, 3, 6, 40],
    ['订单号: PO-2026-003   供应商: VD001   交期: 2026-05-01   币种: 美元'],
    ['ST-3', '红色', 4, 4, 4, 12, 30],
  );

  it("finds the header row under the first order's header row, maps the keys to the order's fields with the same heading scores, and the lines as before", () => {
    const p = proposeMapping(po, blocks)!;
    expect(p.headerRow).toBe(3);
    expect(p.template).toBe(false);
    expect(p.columns.map((c) => c.target)).toEqual(['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'size:L', null, 'lines.unit_price']);
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['订单号', 'po_no'], ['供应商', 'vendor_id'], ['交期', 'delivery_date'], ['币种', 'currency']]);
    expect(p.orderFields.every((f) => f.confidence >= 0.85)).toBe(true);
    expect(p.orderRows).toEqual([2, 7, 10]);
    expect(p.missingRequired).toEqual([]);
  });

  it('maps English keys of pairs across cells to a requirement order', () => {
    const sheet = rows(
      ['Customer PO:', '4500123', 'Buyer:', 'ACME', 'Delivery:', '2026-06-30'],
      ['Style', 'Description', 'Colour', 'Size', 'Quantity', 'Price'],
      ['ST-1', 'Tee', 'Black', 'M', 10, 5],
      ['Customer PO:', '4500124', 'Buyer:', 'ACME', 'Delivery:', '2026-07-30'],
      ['ST-2', 'Polo', 'White', 'L', 20, 6],
    );
    const p = proposeMapping(prorder, sheet)!;
    expect(p.headerRow).toBe(2);
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['Customer PO', 'customer_po'], ['Buyer', 'customer_id'], ['Delivery', 'delivery_date']]);
    expect(p.columns.map((c) => c.target)).toEqual(['entries.style_no', 'entries.style_name', 'entries.colour', 'entries.size', 'entries.qty', 'entries.unit_price']);
  });

  it('a field a column gives is not taken by a key as well; a sheet of one table has no order fields', () => {
    const withColumn = rows(['订单号: PO-1   交期: 2026-03-15'], ['款号', '颜色', 'S', 'M', '交期', '供应商'], ['ST-1', '黑色', 1, 2, ship(15), 'VD001'], ['订单号: PO-2   交期: 2026-03-16'], ['ST-2', '白色', 1, 2, ship(16), 'VD001']);
    const p = proposeMapping(po, withColumn)!;
    expect(p.columns[4].target).toBe('delivery_date');
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['订单号', 'po_no'], ['交期', null]]);
    const oneTable = proposeMapping(po, rows(['采购订单'], ['款号', '颜色', 'S', 'M'], ['ST-1', '黑色', 1, 2]))!;
    expect(oneTable.orderFields).toEqual([]);
    expect(oneTable.orderRows).toEqual([]);
  });

  it('a confirmed key gives a document field only; the fields the keys give count as mapped', () => {
    const columns = [{ index: 0, target: 'lines.style_no' }, { index: 1, target: 'lines.colour' }, { index: 2, target: 'size:S' }];
    const a = applyMapping(po, { headerRow: 2, columns, orderFields: [{ key: '供应商', target: 'vendor_id' }, { key: 'Ｘ', target: 'lines.unit_price' }, { key: '交期', target: 'delivery_date' }, { key: '订单号', target: null }] });
    expect(a.orderFields.map((f) => [f.key, f.column.id])).toEqual([['供应商', 'vendor_id'], ['交期', 'delivery_date']]);
    expect(a.unknownTargets).toEqual(['lines.unit_price']);
    expect(applyMapping(po, { headerRow: 2, columns: [{ index: 0, target: 'vendor_id' }], orderFields: [{ key: '供应商', target: 'vendor_id' }] }).duplicateTargets).toEqual(['vendor_id']);
    expect(missingRequired(po, { headerRow: 2, columns })).toContain('vendor_id');
    expect(missingRequired(po, { headerRow: 2, columns, orderFields: [{ key: '供应商', target: 'vendor_id' }, { key: '交期', target: 'delivery_date' }] })).not.toContain('vendor_id');
  });
});

describe('mapping a sheet of one order', () => {
  const ship = new Date(Date.UTC(2026, 5, 30));

  it("reads the `key: value` rows above the headings as the order's fields, with colons or without, and no line as one", () => {
    const sheet = rows(
      ['杭州某品牌服饰有限公司 采购订单'],
      ['订单号', 'PO-2026-088', null, '供应商', 'VD001'],
      ['交货日期', ship, null, '币种：人民币'],
      [],
      ['款号', '颜色', 'S', 'M', 'L', 'XL', '合计', '单价'],
      ['ST-1', '黑色', 10, 20, 30, 10, 70, 25],
      ['ST-1', '白色', 5, 5, 5, 5, 20, 25],
    );
    const p = proposeMapping(po, sheet)!;
    expect(p.headerRow).toBe(5);
    expect(p.orderRows).toEqual([2, 3]);
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['订单号', 'po_no'], ['供应商', 'vendor_id'], ['交货日期', 'delivery_date'], ['币种', 'currency']]);
    expect(p.columns.map((c) => c.target)).toEqual(['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'size:L', 'size:XL', null, 'lines.unit_price']);
    expect(p.missingRequired).toEqual([]);
  });

  it('maps an English buyer order without colons, its keys wider than the table', () => {
    const sheet = rows(
      ['NORTHWIND APPAREL LTD.'],
      ['Customer PO', '4500991', 'Buyer', 'ACME', 'Delivery', ship, 'Season', 'AW26'],
      ['Style', 'Description', 'Colour', 'Size', 'Quantity', 'Price'],
      ['ST-1', 'Tee', 'Black', 'M', 10, 5],
      ['ST-2', 'Polo', 'White', 'L', 20, 6],
    );
    const p = proposeMapping(prorder, sheet)!;
    expect(p.headerRow).toBe(3);
    expect(p.orderFields.map((f) => [f.key, f.target]).slice(0, 3)).toEqual([['Customer PO', 'customer_po'], ['Buyer', 'customer_id'], ['Delivery', 'delivery_date']]);
    expect(p.columns.map((c) => c.target)).toEqual(['entries.style_no', 'entries.style_name', 'entries.colour', 'entries.size', 'entries.qty', 'entries.unit_price']);
  });

  it('reads order blocks whose header rows are written without colons: the first above the headings, the others by the same keys', () => {
    const sheet = rows(
      ['订单号', 'PO-1', '供应商', 'VD001'],
      ['款号', '颜色', 'S', 'M', 'L', '单价'],
      ['ST-1', '黑色', 1, 2, 3, 25],
      ['订单号', 'PO-2', '供应商', 'VD002'],
      ['ST-2', '白色', 4, 5, 6, 30],
    );
    const p = proposeMapping(po, sheet)!;
    expect(p.headerRow).toBe(2);
    expect(p.orderRows).toEqual([1, 4]);
    expect(p.orderFields.map((f) => [f.key, f.target])).toEqual([['订单号', 'po_no'], ['供应商', 'vendor_id']]);
    const blocks = new OrderBlocks(new Set(['订单号', '供应商']));
    const taken = sheet.map((r) => blocks.take(r.number, r.cells));
    expect(taken).toEqual([true, false, false, true, false]);
    expect([blocks.count, blocks.current!.values.get('供应商')]).toEqual([2, { value: 'VD002', row: 4, col: 3 }]);
  });
});
