import { describe, expect, it } from 'vitest';
import { filterChips, parseFilterKey, tabForFilters } from './list-filters';
import { getEntity } from './index';
import type { StatusTab } from './page';

const order = getEntity('customerorder')!;

describe('a drilled list reads its question', () => {
  it('names each filter in words, states by their label, ranges and lists joined', () => {
    const chips = filterChips(order, { 'f.status.eq': 'in_progress', 'f.delivery_date.between': '2027-01-01,2027-01-31', 'f.brand_name.eq': '悦衣', page: '1', 'f.nope': 'x' });
    expect(chips.map((c) => c.text.zh)).toEqual([
      `${order.fields.find((f) => f.key === 'status')!.label.zh} = 进行中`,
      `${order.fields.find((f) => f.key === 'delivery_date')!.label.zh} 介于 2027-01-01 ~ 2027-01-31`,
      `${order.fields.find((f) => f.key === 'brand_name')!.label.zh} = 悦衣`,
    ]);
    expect(chips[0].text.en).toContain('In progress');
    expect(filterChips(order, { 'f.status.in': 'pending,finished' })[0].text.zh).toContain('待接单、已完成');
    expect(parseFilterKey('f.status.null')).toEqual({ field: 'status', op: 'null' });
    expect(parseFilterKey('f.status.drop')).toBeNull();
  });

  it('opens on the tab of the drilled state, or on all states, never on a tab that contradicts it', () => {
    const stateField = order.states!.field;
    // The tabs a list page of the entity has: one per state (the first is pending), then all.
    const tabs: StatusTab[] = [...order.states!.states.map((x) => ({ key: x.code, label: x.label, filter: { [stateField]: x.code } })), { key: 'all', label: { zh: '全部', en: 'All' }, filter: {} }];
    const inProgress = tabForFilters(tabs, stateField, { 'f.status.eq': 'in_progress' })!;
    expect(tabs.find((t) => t.key === inProgress)!.filter).toEqual({ status: 'in_progress' });
    const some = tabForFilters(tabs, stateField, { 'f.status.in': 'pending,finished' })!;
    expect(tabs.find((t) => t.key === some)!.filter.status).toBeUndefined();
    // Filters on other fields: every state of them (the "all" tab), never the first tab's state alone.
    expect(tabForFilters(tabs, stateField, { 'f.brand_name.eq': 'x' })).toBe('all');
    expect(tabForFilters(tabs.filter((x) => x.key !== 'all'), stateField, { 'f.late_days.gt': '0' })).toBe('');
    expect(tabForFilters(tabs, stateField, { page: '1' })).toBeNull();
    // Without an "all" tab, a state filter no tab matches opens on no tab at all.
    expect(tabForFilters(tabs.filter((x) => x.key !== 'all'), stateField, { 'f.status.in': 'pending,finished' })).toBe('');
    expect(tabForFilters([], stateField, { 'f.status.eq': 'x' })).toBeNull();
  });
});
