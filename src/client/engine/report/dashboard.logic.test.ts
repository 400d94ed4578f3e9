import { describe, expect, it } from 'vitest';
import '../../../../reports/dashboards';
import { dashboardDrill, dashboardQuery, defineDashboard, getDashboard, getReport, visibleWidgets } from '../../../model';
import { defaultRange, filtersOf, isDashboardRefresh, orgOptions, type DashboardOrg } from './dashboard.logic';

const orgs: DashboardOrg[] = [
  { id: 1, name: '总公司', code: 'HQ', parentId: null, users: [3, 4, 7] },
  { id: 2, name: '生产部', code: 'HQ-P', parentId: 1, users: [4, 7] },
  { id: 3, name: '采购部', code: 'HQ-B', parentId: 1, users: [] },
];

describe('dashboard filters', () => {
  it('reads the range and the organisation from the URL, defaults for what is missing or wrong', () => {
    expect(defaultRange('2026-11-27')).toEqual({ from: '2026-10-01', to: '2027-02-28' });
    expect(filtersOf(new URLSearchParams(''), orgs, '2026-11-27')).toEqual({ from: '2026-10-01', to: '2027-02-28', org: null, users: null });
    expect(filtersOf(new URLSearchParams('from=2026-01-01&to=bad&org=2'), orgs, '2026-11-27')).toEqual({ from: '2026-01-01', to: '2027-02-28', org: 2, users: [4, 7] });
    expect(filtersOf(new URLSearchParams('org=99'), orgs, '2026-11-27').users).toBeNull();
  });

  it('lists organisations parents first, children indented', () => {
    expect(orgOptions([orgs[2], orgs[1], orgs[0]]).map((o) => [o.code, o.depth])).toEqual([['HQ', 0], ['HQ-B', 1], ['HQ-P', 1]]);
  });

  it('refreshes on the tower’s socket messages only', () => {
    expect(isDashboardRefresh({ type: 'report.changed' })).toBe(true);
    expect(isDashboardRefresh({ type: 'notifyto2' })).toBe(false);
  });
});

describe('dashboard widgets', () => {
  const production = getDashboard('production')!;
  const sourcing = getDashboard('sourcing')!;

  it('queries a widget with its grouping, the range on its date field and the organisation’s members', () => {
    const w = production.widgets.find((x) => x.key === 'orderbook')!;
    expect(dashboardQuery(w, { from: '2026-10-01', to: '2026-12-31', users: [4, 7] })).toEqual({ group: 'month,status', 'f.delivery_date.between': '2026-10-01,2026-12-31', 'f.created_by.in': '4,7' });
    // An organisation without members matches no row rather than the whole company.
    expect(dashboardQuery(w, { from: '', to: '', users: [] })).toEqual({ group: 'month,status', 'f.created_by.in': '0' });
    const q = production.widgets.find((x) => x.key === 'quality')!;
    expect(dashboardQuery(q, { from: '2026-10-01', to: '2026-10-31', users: null })['f.inspected_at.between']).toBe('2026-10-01 00:00:00,2026-10-31 23:59:59');
  });

  it('leaves the organisation out of a widget whose report has no organisation field, and the range out of a present-state widget', () => {
    const cap = sourcing.widgets.find((x) => x.key === 'vendorcap')!;
    expect(dashboardQuery(cap, { from: '2026-10-01', to: '2026-10-31', users: [4] })).toEqual({ group: 'vendor' });
    const pipe = sourcing.widgets.find((x) => x.key === 'pipeline')!;
    expect(dashboardQuery(pipe, { from: '2026-10-01', to: '2026-10-31', users: [4] })).toEqual({ group: 'status', 'f.eval_state.in': 'not_evaluated,evaluating', 'f.created_by.in': '4' });
  });

  it('drills a chart element to the list filtered to it, the range and the organisation', () => {
    const w = production.widgets.find((x) => x.key === 'orderbook')!;
    const url = dashboardDrill(getReport(w.report)!, w, { from: '2026-10-01', to: '2026-12-31', users: [4, 7] }, { month: '2026-11', status: 'pending' });
    const [path, qs] = url.split('?');
    expect(path).toBe('/page/subindex/customerorder');
    expect(Object.fromEntries(new URLSearchParams(qs))).toEqual({ 'f.delivery_date.between': '2026-11-01,2026-11-30', 'f.created_by.in': '4,7', 'f.status.eq': 'pending' });
    const pipe = sourcing.widgets.find((x) => x.key === 'pipeline')!;
    expect(dashboardDrill(getReport(pipe.report)!, pipe, { from: '', to: '', users: null }, { status: 'publishing' })).toBe('/page/subindex/srcproject?f.eval_state.in=not_evaluated%2Cevaluating&f.status.eq=publishing');
  });

  it('opens the report for computed rows (capacity) with the filters it accepts', () => {
    const w = production.widgets.find((x) => x.key === 'capacity')!;
    const url = dashboardDrill(getReport(w.report)!, w, { from: '2026-10-01', to: '2026-12-31', users: null }, { line: '5', week: '2026-11-02' });
    expect(url.startsWith('/')).toBe(true);
    expect(url).toContain('2026-11-02');
  });

  it('shows a widget only to users with its report’s menu entry', () => {
    expect(visibleWidgets(sourcing, new Set(['rpt.sourcing-in-progress', 'rpt.purchase-spend'])).map((w) => w.key)).toEqual(['pipeline', 'srctype', 'spend']);
  });

  it('gives a widget with other sources the first one the user has a menu entry for, none without one', () => {
    const tower = getDashboard('control-tower')!;
    const funnelOf = (codes: string[]) => visibleWidgets(tower, new Set(codes)).find((w) => w.key === 'funnel');
    expect(funnelOf(['rpt.orders-by-status', 'rpt.pr-order-book'])).toMatchObject({ report: 'orders-by-status', query: { 'f.status.in': 'pending,in_progress,finished' } });
    expect(funnelOf(['rpt.pr-order-book'])).toMatchObject({ key: 'funnel', kind: 'funnel', report: 'pr-order-book', query: { 'f.status.in': 'draft,sent,manual,in_progress,finished' } });
    expect(funnelOf(['rpt.order-book'])).toBeUndefined();
    expect(() => defineDashboard({ name: 'bad4', title: { zh: 'x', en: 'x' }, purpose: { zh: 'x', en: 'x' }, companies: ['maker'], widgets: [{ key: 'a', title: { zh: 'a', en: 'a' }, report: 'order-book', group: ['month'], measures: ['qty'], kind: 'bar', otherwise: [{ report: 'order-book', group: ['month'], measures: ['nope'] }] }] })).toThrow(/no measure nope/);
  });

  it('refuses a widget naming what its report does not have', () => {
    expect(() => defineDashboard({ name: 'bad1', title: { zh: 'x', en: 'x' }, purpose: { zh: 'x', en: 'x' }, companies: ['maker'], widgets: [{ key: 'a', title: { zh: 'a', en: 'a' }, report: 'order-book', group: ['nope'], measures: ['qty'], kind: 'bar' }] })).toThrow(/no dimension nope/);
    expect(() => defineDashboard({ name: 'bad2', title: { zh: 'x', en: 'x' }, purpose: { zh: 'x', en: 'x' }, companies: ['maker'], widgets: [{ key: 'a', title: { zh: 'a', en: 'a' }, report: 'order-book', group: ['month'], measures: ['qty'], kind: 'bar', dateField: 'order_date' }] })).toThrow(/does not filter on order_date/);
    expect(() => defineDashboard({ name: 'bad3', title: { zh: 'x', en: 'x' }, purpose: { zh: 'x', en: 'x' }, companies: ['maker'], widgets: [{ key: 'a', title: { zh: 'a', en: 'a' }, report: 'nope', group: [], measures: [], kind: 'bar' }] })).toThrow(/no report nope/);
  });
});
