import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requireEntity } from './entity';
import './entities';
import { applyMapping, detectHeaderRow, editDistance, headerSignature, headingVariants, missingRequired, proposeMapping, type SheetRowSample } from './import-mapping';
import { importColumns, headerText } from './excel';

const po = requireEntity('purorder');
const vendor = requireEntity('vendor');
const prorder = requireEntity('prorder');
const material = requireEntity('material');
const rows = (...r: unknown[][]): SheetRowSample[] => r.map((cells, i) => ({ number: i + 1, cells }));
const targets = (p: ReturnType<typeof proposeMapping>) => p!.columns.map((c) => c.target);

describe('the header row', () => {
  it('skips a merged title row, blank rows and key: value rows above the table', () => {
    const sheet = rows(
      ['ACME 服饰 2026 春季采购订单'],
      [],
      ['供应商：', 'V001'],
      ['款号', '颜色', 'S', 'M', 'L', '交期'],
      ['ST-1', '黑色', 10, 20, 30, new Date(Date.UTC(2026, 4, 1))],
    );
    expect(detectHeaderRow(sheet)).toBe(3);
  });

  it('is -1 when no row looks like headings', () => {
    expect(detectHeaderRow(rows([1, 2, 3], [4, 5, 6]))).toBe(-1);
  });
});

describe('proposing a mapping', () => {
  it("maps a brand's own Chinese purchase order sheet with a size run to lines and the matrix", () => {
    const sheet = rows(
      ['春季订单'],
      ['款号', '颜色', 'S', 'M', 'L', 'XL', '合计', '单价', '交期', '供应商', '备注'],
      ['ST-1', '黑色', 10, 20, 30, 5, 65, 12.5, new Date(Date.UTC(2026, 4, 1)), 'V001', ''],
      ['ST-1', '白色', 5, 5, 5, 5, 20, 12.5, new Date(Date.UTC(2026, 4, 1)), 'V001', '加急'],
    );
    const p = proposeMapping(po, sheet, { knownCodes: new Map([['vendor', new Set(['V001'])]]) })!;
    expect(p.headerRow).toBe(2);
    expect(targets(p)).toEqual(['lines.style_no', 'lines.colour', 'size:S', 'size:M', 'size:L', 'size:XL', null, 'lines.unit_price', 'delivery_date', 'vendor_id', 'remark']);
    expect(p.missingRequired).toEqual([]);
    expect(p.template).toBe(false);
    expect(p.columns[9].confidence).toBeGreaterThan(0.9);
  });

  it('maps English trade headings with spelling slips and national sizes', () => {
    const sheet = rows(
      ['Style #', 'Color', '160/84A', '165/88A', '170/92A', 'FOB', 'ETD', 'Supplier Code', 'Remarks'],
      ['A100', 'Navy', 100, 200, 100, 3.2, '2026-06-01', 'V001', 'x'],
    );
    expect(targets(proposeMapping(po, sheet))).toEqual(['lines.style_no', 'lines.colour', 'size:160/84A', 'size:165/88A', 'size:170/92A', 'lines.unit_price', 'delivery_date', 'vendor_id', 'remark']);
    const slips = rows(['Stlye no', 'Colur', 'Quantiy', 'Delivry date', 'Vendor'], ['A1', 'Red', 3, '2026-06-01', 'V001']);
    expect(targets(proposeMapping(po, slips))).toEqual(['lines.style_no', 'lines.colour', 'lines.qty', 'delivery_date', 'vendor_id']);
  });

  it('proposes a column without a known heading by its values: codes of the master data', () => {
    const sheet = rows(['款号', '颜色', '尺码', '数量', '厂'], ['ST-1', '黑', 'M', 3, 'V009'], ['ST-1', '白', 'L', 4, 'V009']);
    const p = proposeMapping(po, sheet, { knownCodes: new Map([['vendor', new Set(['V009'])]]) })!;
    expect(p.columns[4]).toMatchObject({ target: 'vendor_id', reason: 'values' });
    expect(targets(p).slice(0, 4)).toEqual(['lines.style_no', 'lines.colour', 'lines.size', 'lines.qty']);
  });

  it('recognises our own template (and an exported file) as a template', () => {
    const headers = importColumns(vendor).map((c) => headerText(c, 'zh-CN'));
    const p = proposeMapping(vendor, rows(headers, headers.map(() => 'x')))!;
    expect(p.template).toBe(true);
    expect(p.columns.every((c) => c.reason === 'template')).toBe(true);
  });

  it('lists a required field the sheet does not give', () => {
    const p = proposeMapping(po, rows(['款号', '颜色', 'S', 'M'], ['ST-1', 'Red', 1, 2]))!;
    expect(p.missingRequired).toEqual(['vendor_id']);
  });

  it('never proposes one field for two columns, and every proposal is a column of the entity or a size', () => {
    const ids = new Set(importColumns(po).map((c) => c.id));
    const heading = fc.constantFrom('款号', 'Style', '颜色', 'colour', '数量', 'Qty', 'S', 'M', 'XL', '交期', 'ETD', '供应商', 'vendor', '备注', '单价', 'FOB', '合计', 'xyz', '');
    fc.assert(
      fc.property(fc.array(heading, { minLength: 2, maxLength: 14 }), (hs) => {
        const p = proposeMapping(po, rows(hs, hs.map(() => 'A1')));
        if (!p) return;
        const mapped = p.columns.map((c) => c.target).filter((t): t is string => t !== null);
        expect(new Set(mapped.map((t) => t.toUpperCase())).size).toBe(mapped.length);
        for (const t of mapped) expect(t.startsWith('size:') || ids.has(t)).toBe(true);
        for (const c of p.columns) expect(c.confidence).toBeGreaterThanOrEqual(c.target === null ? 0 : 0.45);
      }),
    );
  });
});

describe('confirmed mappings', () => {
  it('resolves targets to import columns and sizes, reporting unknown and repeated ones', () => {
    const a = applyMapping(po, { headerRow: 1, columns: [{ index: 0, target: 'lines.style_no' }, { index: 1, target: 'size:S' }, { index: 2, target: 'size:s' }, { index: 3, target: 'nope' }, { index: 4, target: null }] });
    expect(a.mapping.map((c) => c?.id ?? null)).toEqual(['lines.style_no', null, null, null, null]);
    expect(a.sizes).toEqual([{ index: 1, value: 'S' }]);
    expect(a.duplicateTargets).toEqual(['size:s']);
    expect(a.unknownTargets).toEqual(['nope']);
    expect(applyMapping(vendor, { headerRow: 1, columns: [{ index: 0, target: 'size:S' }] }).unknownTargets).toEqual(['size:S']);
  });

  it('needs the required fields without a default, and the line quantity unless sizes give it', () => {
    expect(missingRequired(po, { headerRow: 1, columns: [{ index: 0, target: 'lines.style_no' }] })).toEqual(['vendor_id', 'lines.qty']);
    expect(missingRequired(po, { headerRow: 1, columns: [{ index: 0, target: 'vendor_id' }, { index: 1, target: 'size:M' }] })).toEqual([]);
    expect(missingRequired(vendor, { headerRow: 1, columns: [] })).toContain('name');
  });

  it('signs a header set by its headings and places, not by case or stars', () => {
    expect(headerSignature(['*款号', 'Colour'])).toBe(headerSignature(['款号', ' colour ']));
    expect(headerSignature(['款号', 'Colour'])).not.toBe(headerSignature(['Colour', '款号']));
  });

  it('measures edit distance', () => {
    expect(editDistance('quantiy', 'quantity')).toBe(1);
    fc.assert(fc.property(fc.string(), fc.string(), (a, b) => {
      expect(editDistance(a, b)).toBe(editDistance(b, a));
      expect(editDistance(a, b)).toBeLessThanOrEqual(Math.max(a.length, b.length));
    }));
  });
});

describe('what the mapping bench taught (issue 33, fixtures/mapping-corpus)', () => {
  const day = new Date(Date.UTC(2026, 4, 1));

  it('finds a header row whose size run is typed as numbers (28 29 30, 110 120 130)', () => {
    const sheet = rows(['牛仔裤订单明细'], ['货号', '颜色', 28, 29, 30, 31, 32, 34, '合计数量', 'FOB价', '船期'], ['ST-1', '蓝', 10, 20, 30, 30, 20, 10, 120, 9.5, day]);
    expect(detectHeaderRow(sheet)).toBe(1);
    expect(targets(proposeMapping(po, sheet))).toEqual(['lines.style_no', 'lines.colour', 'size:28', 'size:29', 'size:30', 'size:31', 'size:32', 'size:34', null, 'lines.unit_price', 'delivery_date']);
  });

  it('compares a heading without its unit or format in brackets, and each half of a bilingual heading', () => {
    expect(headingVariants('数量(件)')).toContain('数量');
    expect(headingVariants('交货日期（YYYY-MM-DD）')).toContain('交货日期');
    expect(headingVariants('款号 Style No.')).toEqual(expect.arrayContaining(['款号', 'style no']));
    expect(headingVariants('FOB价')).toContain('fob');
    const sheet = rows(['款号/Style', '颜色 Colour', '数量(件)', '单价(USD)', '交期/ETD'], ['ST-1', 'Red', 3, 2.5, day]);
    expect(targets(proposeMapping(po, sheet))).toEqual(['lines.style_no', 'lines.colour', 'lines.qty', 'lines.unit_price', 'delivery_date']);
  });

  it("expands the trade's abbreviations: Del. Date, Sz, Rmk, Cust. PO, Req. Date", () => {
    expect(headingVariants('Del. Date')).toContain('delivery date');
    const sheet = rows(['Style', 'Sz', 'Qty', 'Del. Date', 'Vend.', 'Rmk'], ['A1', 'M', 3, day, 'V001', 'x']);
    expect(targets(proposeMapping(po, sheet))).toEqual(['lines.style_no', 'lines.size', 'lines.qty', 'delivery_date', 'vendor_id', 'remark']);
    const co = rows(['Cust. PO', 'Style', 'Colour', 'Size', 'Qty'], ['4500123', 'A1', 'Red', 'M', 3]);
    expect(targets(proposeMapping(prorder, co))[0]).toBe('customer_po');
  });

  it('finds a Latin name inside a heading only as whole words (id is not in Width)', () => {
    const sheet = rows(['Fabric Code', 'Fabric Name', 'Width (cm)', 'UOM'], ['FAB-1', 'Jersey', 170, 'm']);
    expect(targets(proposeMapping(material, sheet))).toEqual(['code', 'name', null, 'unit']);
  });

  it('takes 规格 for the size only when its values are sizes', () => {
    const spec = rows(['物料编码', '规格', '数量', '供应商'], ['FAB-1', '180g/㎡ 幅宽170cm', 300, 'V001'], ['FAB-2', '45x45 133x72', 500, 'V001']);
    expect(targets(proposeMapping(po, spec))[1]).toBeNull();
    const size = rows(['款号', '规格', '数量', '供应商'], ['ST-1', 'M', 3, 'V001'], ['ST-1', '160/84A', 5, 'V001']);
    expect(targets(proposeMapping(po, size))[1]).toBe('lines.size');
  });

  it("gives a tie to the document's field, then to the first collection's line (Factory is a requirement order's maker)", () => {
    const sheet = rows(['Customer PO', 'Style No', 'Colour', 'Size', 'Order Qty (pcs)', 'Order Received', 'Factory'], ['4500123', 'A1', 'Red', 'M', 3, day, 'V001']);
    expect(targets(proposeMapping(prorder, sheet))).toEqual(['customer_po', 'entries.style_no', 'entries.colour', 'entries.size', 'entries.qty', 'receive_date', 'maker_vendor_id']);
  });

  it("proposes a weak synonym only when no field takes the heading by a stronger name (款号: a sample's style, an order line's style number)", () => {
    const sample = rows(['打样单号', '样衣类型', '款号', '件数', '要求交样日期'], ['SR1', '初样', 'ST-1', 2, day]);
    expect(targets(proposeMapping(requireEntity('samplerequest'), sample))[2]).toBe('style_id');
    const order = rows(['Style', 'Colour', 'Size', 'Quantity'], ['A1', 'Red', 'M', 3]);
    expect(targets(proposeMapping(prorder, order))[0]).toBe('entries.style_no');
  });

  it('knows the contact, bank and delivery headings of vendor and customer lists', () => {
    const v = rows(['Vendor Code', 'Company Name', 'Tel', '手机', 'A/C No.'], ['V1', 'Acme', '0571-1', '138', '6222']);
    expect(targets(proposeMapping(vendor, v))).toEqual(['code', 'name', 'contact_mobile', null, 'bank_account_no']);
    const c = rows(['Customer Code', 'Customer Name', 'Ship-to Address'], ['C1', 'Acme', '88 Road']);
    expect(targets(proposeMapping(requireEntity('customer'), c))).toEqual(['code', 'name', 'delivery_address']);
  });
});
