import { describe, expect, it } from 'vitest';
import { drillFilters, measureDrill } from '../../src/model';
import { onTimeDelivery } from './on-time-delivery.report';

describe('an on-time element opens the rows its measure counts', () => {
  it('the rate and the finished count open the finished orders of the element; open-and-late the open orders past their date', () => {
    const element = { customer: '悦衣', month: '2027-01' };
    expect(drillFilters(onTimeDelivery, { ...element, _measure: 'rate' })).toEqual({
      'f.status.eq': 'finished',
      'f.brand_name.eq': '悦衣',
      'f.delivery_date.between': '2027-01-01,2027-01-31',
    });
    expect(drillFilters(onTimeDelivery, { ...element, _measure: 'finished' })['f.status.eq']).toBe('finished');
    expect(measureDrill(onTimeDelivery, 'late_open', '2027-02-10')).toEqual({ 'f.status.eq': 'in_progress', 'f.delivery_date.lt': '2027-02-10' });
    // A measure without rows of its own (on time is a subset no list filter names) adds nothing.
    expect(measureDrill(onTimeDelivery, 'on_time')).toEqual({});
    expect(drillFilters(onTimeDelivery, element)).toEqual({ 'f.brand_name.eq': '悦衣', 'f.delivery_date.between': '2027-01-01,2027-01-31' });
  });
});
