import { describe, expect, it } from 'vitest';
import '../../reports';
import { alertDrillUrl, alertNumber, alertQueryFilters, lateFilters, nextAlertState, type AlertRule } from './alerts';
import { getReport } from './report';

const rule = (over: Partial<AlertRule>): AlertRule => ({ condition: 'above', threshold: 10, state: 'armed', baseline: null, ...over });

describe('an alert fires once per crossing', () => {
  it('above: fires going over from armed, not while over, re-arms going back, fires again', () => {
    let r = rule({});
    const seen: boolean[] = [];
    for (const v of [5, 10, 11, 12, 30, 10, 9, 11]) {
      const n = nextAlertState(r, v);
      seen.push(n.fire);
      r = { ...r, state: n.state, baseline: n.baseline };
    }
    expect(seen).toEqual([false, false, true, false, false, false, false, true]);
  });

  it('below: fires going under; a save already across tells nothing until the next crossing', () => {
    const first = nextAlertState(rule({ condition: 'below', state: null }), 3, true);
    expect(first).toEqual({ state: 'crossed', fire: false, baseline: null });
    expect(nextAlertState(rule({ condition: 'below', state: 'crossed' }), 2).fire).toBe(false);
    expect(nextAlertState(rule({ condition: 'below', state: 'crossed' }), 10).state).toBe('armed');
    expect(nextAlertState(rule({ condition: 'below', state: 'armed' }), 9.5).fire).toBe(true);
  });

  it('changed by: fires when the value moved by the threshold from the value last told, which then becomes the baseline', () => {
    const saved = nextAlertState(rule({ condition: 'changed_by', threshold: 5, state: null }), 100, true);
    expect(saved).toEqual({ state: 'armed', fire: false, baseline: 100 });
    expect(nextAlertState(rule({ condition: 'changed_by', threshold: 5, baseline: 100 }), 104)).toEqual({ state: 'armed', fire: false, baseline: 100 });
    expect(nextAlertState(rule({ condition: 'changed_by', threshold: 5, baseline: 100 }), 95)).toEqual({ state: 'armed', fire: true, baseline: 95 });
    expect(nextAlertState(rule({ condition: 'changed_by', threshold: 0, baseline: 100 }), 300).fire).toBe(false);
  });

  it('an alert that could not be measured does not fire on its first figure again', () => {
    expect(nextAlertState(rule({ state: 'error' }), 50)).toEqual({ state: 'crossed', fire: false, baseline: null });
  });
});

describe('what an alert measures and where its notice leads', () => {
  const onTime = getReport('on-time-delivery')!;
  const lateOpen = onTime.measures.find((m) => m.key === 'late_open')!;

  it('late by N days narrows a due date to before today minus N, or days late above N', () => {
    expect(lateFilters(lateOpen, 3, '2026-03-10')).toEqual({ 'f.delivery_date.lt': '2026-03-07' });
    expect(lateFilters({ key: 'x', agg: 'sum', field: 'x', label: { zh: '', en: '' }, late: { field: 'late_days', by: 'days' } }, 2, '2026-03-10')).toEqual({ 'f.late_days.gt': '2' });
    expect(lateFilters(onTime.measures.find((m) => m.key === 'finished')!, 3, '2026-03-10')).toEqual({});
    expect(alertQueryFilters({ report: 'on-time-delivery', measure: 'late_open', filters: { 'f.brand_name.eq': 'A' }, condition: 'above', days: 3 }, '2026-03-10')).toEqual({ 'f.brand_name.eq': 'A' });
  });

  it('links to the list with the alert\'s filters, the measure\'s subset and its lateness', () => {
    const url = new URL(alertDrillUrl({ report: 'on-time-delivery', measure: 'late_open', filters: { 'f.brand_name.eq': 'A' }, condition: 'late_by', days: 3 }, '2026-03-10'), 'http://x');
    expect(url.pathname).toBe('/page/subindex/customerorder');
    expect(Object.fromEntries(url.searchParams)).toEqual({ 'f.brand_name.eq': 'A', 'f.status.eq': 'in_progress', 'f.delivery_date.lt': '2026-03-07' });
    // A report whose rows are no list opens the report with the filters it accepts.
    expect(alertDrillUrl({ report: 'open-exceptions', measure: 'tickets', filters: { 'f.level.eq': 'major' }, condition: 'above', days: null }, '2026-03-10')).toBe('/rpt/dsrptindex/open-exceptions?f.level.eq=major');
  });

  it('states a share as a percentage', () => {
    expect(alertNumber(onTime, 'rate', 0.8125)).toBe('81.3%');
    expect(alertNumber(onTime, 'finished', 12)).toBe('12');
    expect(alertNumber(onTime, 'finished', null)).toBe('—');
  });
});
