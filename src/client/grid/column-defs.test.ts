import { describe, expect, it } from 'vitest';
import type { ResolvedColumn } from '../../model/page-resolve';
import { columnDefsOf, headerFitWidth } from './column-defs';

describe('a header’s longest word fits its column', () => {
  it('widens a narrow column for a long English word, never narrows one, and leaves CJK labels alone', () => {
    expect(headerFitWidth('Allocation status', 110)).toBeGreaterThanOrEqual(Math.ceil(10 * 7.6 + 52));
    expect(headerFitWidth('Allocation status', 300)).toBe(300);
    expect(headerFitWidth('分配状态', 90)).toBe(90);
    expect(headerFitWidth('客户PR单号', 110)).toBe(110);
    expect(headerFitWidth('Qty', undefined)).toBeUndefined();
  });
});

describe('a grid holding its rows filters by the text shown (filters: shown)', () => {
  it('a dictionary or text column filters by its cell text, a number column not at all', () => {
    const base = { width: 90, hide: false, sortable: true, label: { zh: '品类', en: 'Category' } };
    const columns: ResolvedColumn[] = [
      { ...base, field: 'category', fieldType: 'dict', renderer: 'dict', filter: 'set', options: [{ value: 'knit_top', label: '针织上衣', labelEn: 'Knit tops' }] },
      { ...base, field: 'plan_sku', fieldType: 'text', renderer: 'text', filter: 'text' },
      { ...base, field: 'plan_qty', fieldType: 'integer', renderer: 'number', filter: 'number' },
    ];
    const [category, sku, qty] = columnDefsOf(columns, 'en', { filters: 'shown' });
    const shown = (def: typeof category, data: Record<string, unknown>) => (def.filterValueGetter as (p: { data: Record<string, unknown> }) => string)({ data });
    expect(category.filter).toBe('agTextColumnFilter');
    expect(shown(category, { category: 'knit_top' })).toBe('Knit tops');
    expect(shown(sku, { plan_sku: 'SKU-1' })).toBe('SKU-1');
    expect(qty.filter).toBe(false);
    expect(columnDefsOf(columns, 'en', { filters: false })[0].filter).toBe(false);
  });
});
