import { describe, expect, it } from 'vitest';
import '../../../grids';
import { translate } from '../../model/i18n';
import { getPage } from '../../model/page';
import { resolvePage } from '../../model/page-resolve';
import { cellFilterModel, columnFilterChips, type ChipWords } from './cell-filter';
import { filterParams } from './filter-params';
import '../../model/i18n/app-part';

const vendor = resolvePage(getPage('vendor')!);
const material = resolvePage(getPage('material')!);
const col = (page: typeof vendor, field: string) => page.columns.find((c) => c.field === field)!;

describe('a cell\'s value as its column\'s filter', () => {
  it('filters by the value and excludes it, per filter kind, as the server query says it', () => {
    const cases: Array<[typeof vendor, string, unknown, Record<string, string>, Record<string, string>]> = [
      [vendor, 'name', '锦绣面料', { 'f.name.eq': '锦绣面料' }, { 'f.name.ne': '锦绣面料' }],
      [material, 'price', 12.5, { 'f.price.eq': '12.5' }, { 'f.price.ne': '12.5' }],
      [vendor, 'valid_from', '2026-01-05', { 'f.valid_from.eq': '2026-01-05' }, { 'f.valid_from.ne': '2026-01-05' }],
      [vendor, 'vendor_type', 'fabric', { 'f.vendor_type.in': 'fabric' }, { 'f.vendor_type.nin': 'fabric' }],
      [material, 'vendor_id', 7, { 'f.vendor_id.in': '7' }, { 'f.vendor_id.nin': '7' }],
      [material, 'share', true, { 'f.share.in': 'true' }, { 'f.share.nin': 'true' }],
      [vendor, 'owner', null, { 'f.owner.null': '1' }, { 'f.owner.notnull': '1' }],
    ];
    for (const [page, field, value, only, exclude] of cases) {
      const c = col(page, field);
      expect(filterParams(page.columns, { [field]: cellFilterModel(c, value, 'only')! }), field).toEqual(only);
      expect(filterParams(page.columns, { [field]: cellFilterModel(c, value, 'exclude')! }), field).toEqual(exclude);
    }
  });

  it('takes a date and time by its whole day, and cannot exclude one day of it', () => {
    const c = col(vendor, 'updated_at');
    expect(filterParams(vendor.columns, { updated_at: cellFilterModel(c, '2026-01-05 10:11:12', 'only')! })).toEqual({ 'f.updated_at.between': '2026-01-05 00:00:00,2026-01-05 23:59:59' });
    expect(cellFilterModel(c, '2026-01-05 10:11:12', 'exclude')).toBeNull();
  });

  it('adds a second excluded value to the first, and has nothing for an empty set cell or an image', () => {
    const c = col(vendor, 'vendor_type');
    const first = cellFilterModel(c, 'fabric', 'exclude')!;
    expect(cellFilterModel(c, 'trim', 'exclude', first)).toEqual({ filterType: 'set', values: ['fabric', 'trim'], exclude: true });
    expect(cellFilterModel(c, 'trim', 'only', first)).toEqual({ filterType: 'set', values: ['trim'] });
    expect(cellFilterModel(c, null, 'only')).toBeNull();
    expect(cellFilterModel(col(material, 'image'), 'x.png', 'only')).toBeNull();
  });
});

describe('the active filters\' chips', () => {
  const words = (language: 'zh-CN' | 'en'): ChipWords => ({ t: (k, p) => translate(language, k, p), language, referenceLabel: (f, id) => (f === 'vendor_id' && id === '7' ? '锦绣面料' : undefined) });

  it('say each filtered column and what it keeps, in the list\'s column order', () => {
    const chips = columnFilterChips(
      material.columns,
      {
        share: { filterType: 'set', values: ['true'] },
        price: { filterType: 'number', type: 'inRange', filter: 10, filterTo: 50 },
        material_group: { filterType: 'set', values: ['fabric', 'trim'], exclude: true },
        vendor_id: { filterType: 'set', values: ['7', '8'] },
        name: { filterType: 'text', type: 'contains', filter: '棉' },
      },
      words('en'),
    );
    expect(chips.map((c) => `${c.name}: ${c.text}`)).toEqual([
      'Material name: contains "棉"',
      'Material group: not Fabric, Trims',
      'Vendor: 锦绣面料, #8',
      'Unit price: 10 – 50',
      'Shared: Yes',
    ]);
  });

  it('in Chinese, with AND of two conditions, dates and empties', () => {
    const chips = columnFilterChips(
      vendor.columns,
      {
        valid_from: { filterType: 'date', operator: 'AND', conditions: [{ filterType: 'date', type: 'greaterThan', dateFrom: '2026-01-01 00:00:00' }, { filterType: 'date', type: 'lessThan', dateFrom: '2026-02-01 00:00:00' }] },
        owner: { filterType: 'text', type: 'blank' },
      },
      words('zh-CN'),
    );
    expect(chips.map((c) => c.text)).toEqual(expect.arrayContaining(['> 2026-01-01 且 < 2026-02-01', '为空']));
  });
});
