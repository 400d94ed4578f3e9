import { describe, expect, it } from 'vitest';
import { drillFilters } from '../../src/model';
import { ordersBarOption } from './orders-by-status.chart';
import { ordersByStatus } from './orders-by-status.report';

describe('orders by status chart', () => {
  it('draws one bar per group, in order, each carrying the value it drills to', () => {
    const o = ordersBarOption([{ key: 'pending', label: '待接单', value: 3 }, { key: 'in_progress', label: '进行中', value: 5 }], { colors: ['#123456'] });
    expect(o.xAxis.data).toEqual(['待接单', '进行中']);
    expect(o.series[0].data).toEqual([{ value: 3, drill: 'pending' }, { value: 5, drill: 'in_progress' }]);
    expect(o.color).toEqual(['#123456']);
  });

  it('turns a bar into the list filters of its rows (month as whole month, empty as null)', () => {
    expect(drillFilters(ordersByStatus, { status: 'pending' })).toEqual({ 'f.status.eq': 'pending' });
    expect(drillFilters(ordersByStatus, { month: '2026-02', customer: null }, { 'f.category.eq': 'knit' })).toEqual({
      'f.category.eq': 'knit',
      'f.delivery_date.between': '2026-02-01,2026-02-28',
      'f.brand_name.null': '1',
    });
  });
});
