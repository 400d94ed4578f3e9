import { describe, expect, it } from 'vitest';
import { defineReport, drillUrl } from '../../src/model';
import { ordersByStatus } from '../orders-by-status/orders-by-status.report';
import { capacityLoad } from './capacity-load.report';

describe('where a chart element leads', () => {
  it('a line’s week of the capacity heatmap opens the board at that line from that week', () => {
    expect(drillUrl(capacityLoad, { line: 12, week: '2026-11-23', load: 900 })).toBe('/scm/page/schedule-board?line=12&date=2026-11-23');
    // A week row without a line (a subtotal) opens the board from that week, every line.
    expect(drillUrl(capacityLoad, { line: null, week: '2026-11-23' })).toBe('/scm/page/schedule-board?date=2026-11-23');
  });

  it('a report without a declared screen opens the list filtered to the element', () => {
    expect(drillUrl(ordersByStatus, { status: 'pending' }, { 'f.category.eq': 'knit' })).toBe(`/page/subindex/${ordersByStatus.page ?? ordersByStatus.entity}?f.category.eq=knit&f.status.eq=pending`);
  });

  it('refuses a drill parameter that names no dimension, and a report without drill-down leads nowhere', () => {
    expect(() =>
      defineReport({ name: 'drill-misdeclared', title: { zh: '坏', en: 'Bad' }, entity: 'prodplan_bar', drillTo: { path: '/x', params: { line: 'lines' } }, dimensions: [{ key: 'line', field: 'line_id', label: { zh: '产线', en: 'Line' } }], measures: [{ key: 'n', agg: 'count', label: { zh: '数', en: 'N' } }], filters: [] }),
    ).toThrow('drillTo names no dimension lines');
    const plain = defineReport({ name: 'drill-none', title: { zh: '无', en: 'None' }, entity: 'prodplan_bar', noDrill: true, dimensions: [{ key: 'line', field: 'line_id', label: { zh: '产线', en: 'Line' } }], measures: [{ key: 'n', agg: 'count', label: { zh: '数', en: 'N' } }], filters: [] });
    expect(drillUrl(plain, { line: 1 })).toBeNull();
  });
});
