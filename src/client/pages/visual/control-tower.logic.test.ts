import { describe, expect, it } from 'vitest';
import { visibleWidgets } from '../../../model';
import { headlineFigures } from '../../engine/report/dashboard.logic';
import { alertFromTile, controlTower, defaultRange, isRefreshMessage, sourceFor, topCategories, towerRefresh, widgetQuery, WIDGETS } from './control-tower.logic';

/** The tower's declared headline figures and their second lines, by the names the tower shows them under. */
function kpis(rows: Parameters<typeof headlineFigures>[1], today: string) {
  const f = Object.fromEntries(headlineFigures(controlTower.headlines!, rows, today).map((x) => [x.key, x]));
  const sub = (key: string) => f[key].sub?.value ?? null;
  return {
    figures: { openOrders: f.openOrders.value, onTime: f.onTime.value, lateOpen: sub('onTime'), latePlans: f.latePlans.value, scheduledPlans: sub('latePlans'), utilisation: f.utilisation.value, coverage: f.coverage.value, purchasesInFlight: f.purchases.value, stockAlerts: f.stockAlerts.value, nodesFlagged: f.nodesFlagged.value, nodesLate: sub('nodesFlagged'), openExceptions: f.openExceptions.value, oldExceptions: sub('openExceptions'), defectRate: f.defectRate.value, failedLots: sub('defectRate') },
    tones: Object.fromEntries(Object.values(f).map((x) => [x.key, x.tone])),
  };
}

const funnel = WIDGETS.find((w) => w.key === 'funnel')!;

describe('control tower widgets', () => {
  it('take the first source the user has a report menu entry for, none without one', () => {
    expect(sourceFor(funnel, new Set(['rpt.orders-by-status', 'rpt.pr-order-book']))?.report).toBe('orders-by-status');
    expect(sourceFor(funnel, new Set(['rpt.pr-order-book']))?.report).toBe('pr-order-book');
    expect(sourceFor(funnel, new Set(['scm.customerorder']))).toBeUndefined();
  });

  it('put the date range on the source’s date field and keep its own filters', () => {
    const purchase = WIDGETS.find((w) => w.key === 'purchase')!.sources[0];
    expect(widgetQuery(purchase, { from: '2026-01-01', to: '' })).toEqual({ group: 'status', 'f.status.in': 'sent,manual,confirmed,dispatched', 'f.order_date.between': '2026-01-01,2999-12-31' });
    const stock = WIDGETS.find((w) => w.key === 'stock')!.sources[0];
    // A widget without a date field shows the present state: no range on it.
    expect(widgetQuery(stock, { from: '2026-01-01', to: '2026-02-01' })).toEqual({ group: 'location' });
  });

  it('compute the headline numbers from the widgets’ rows, rates from sums, this week only for capacity', () => {
    const k = kpis(
      {
        funnel: [
          { status: 'pending', orders: 2 },
          { status: 'in_progress', orders: 5 },
          { status: 'finished', orders: 9 },
          { status: null, orders: 16, _level: 1 },
        ],
        ontime: [
          { customer: 'A', finished: 4, on_time: 3, late_open: 1 },
          { customer: 'B', finished: 1, on_time: 1, late_open: 0 },
        ],
        capacity: [
          { line: '1', week: '2026-11-23', load: 50, capacity: 100 },
          { line: '2', week: '2026-11-23', load: 100, capacity: 100 },
          { line: '1', week: '2026-11-30', load: 900, capacity: 100 },
        ],
        stock: [],
        noderisk: [
          { node: '面料到厂', late: 2, at_risk: 1 },
          { node: '裁剪', late: 0, at_risk: 3 },
          { node: null, late: 2, at_risk: 4, _level: 1 },
        ],
        exceptions: [
          { age: '1', tickets: 3 },
          { age: '4', tickets: 2 },
        ],
        lateness: [
          { month: '2026-11', plans: 12, late: 3 },
          { month: '2026-12', plans: 8, late: 1 },
          { month: null, plans: 20, late: 4, _level: 1 },
        ],
      },
      '2026-11-25',
    );
    expect(k.figures).toEqual({ openOrders: 7, onTime: 0.8, lateOpen: 1, latePlans: 4, scheduledPlans: 20, utilisation: 0.75, coverage: null, purchasesInFlight: null, stockAlerts: 0, nodesFlagged: 6, nodesLate: 2, openExceptions: 5, oldExceptions: 2, defectRate: null, failedLots: null });
    // Coloured by the declared thresholds: on time under 85% bad, no stock alert good, late nodes bad, no figure plain.
    expect(k.tones).toMatchObject({ openOrders: 'plain', onTime: 'bad', latePlans: 'bad', utilisation: 'good', coverage: 'plain', stockAlerts: 'good', nodesFlagged: 'bad', openExceptions: 'bad' });
  });

  it('default to last month through three months on, and refresh on the company’s change messages', () => {
    expect(defaultRange('2026-11-25')).toEqual({ from: '2026-10-01', to: '2027-02-28' });
    expect(isRefreshMessage({ type: 'report.changed', entity: 'purorder' })).toBe(true);
    expect(isRefreshMessage({ type: 'schedule.changed' })).toBe(true);
    expect(isRefreshMessage({ type: 'notifyto2' })).toBe(false);
    expect(isRefreshMessage(null)).toBe(false);
  });

  it('reload only the tiles whose report a committed write changed; a board move reloads every tile', () => {
    const shown = visibleWidgets(controlTower, new Set(['rpt.orders-by-status', 'rpt.on-time-delivery', 'rpt.purchase-spend']));
    expect(towerRefresh({ type: 'report.dataset', reports: ['orders-by-status', 'on-time-delivery', 'order-book'] }, shown)).toEqual(['funnel', 'ontime']);
    expect(towerRefresh({ type: 'report.dataset', reports: ['stock-by-location'] }, shown)).toBeNull();
    expect(towerRefresh({ type: 'schedule.changed' }, shown)).toBe('all');
    expect(towerRefresh({ type: 'report.changed', entity: 'purorder' }, shown)).toBeNull();
    expect(towerRefresh(null, shown)).toBeNull();
  });

  it('an alert set from a tile carries its report, first measure and exactly its filters', () => {
    const source = sourceFor(funnel, new Set(['rpt.orders-by-status']))!;
    const url = new URL(alertFromTile(source, { from: '2026-01-01', to: '2026-06-30' }, [7, 9]), 'http://x');
    expect(url.pathname).toBe('/rpt/page/alerts');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      new: '1', report: 'orders-by-status', measure: 'orders',
      ...Object.fromEntries(Object.entries(widgetQuery(source, { from: '2026-01-01', to: '2026-06-30' }, [7, 9])).filter(([k]) => k.startsWith('f.'))),
    });
    expect(url.searchParams.get('f.status.in')).toBe('pending,in_progress,finished');
  });
});

describe('quality and top N', () => {
  it('the defect-rate widget reads the quality report by line on the inspection date, its headline rate from sums', () => {
    const q = WIDGETS.find((w) => w.key === 'quality')!;
    expect(sourceFor(q, new Set(['rpt.quality-defects']))?.report).toBe('quality-defects');
    expect(widgetQuery(q.sources[0], { from: '2026-10-01', to: '2026-12-31' })).toEqual({ group: 'line', 'f.inspected_at.between': '2026-10-01 00:00:00,2026-12-31 23:59:59' });
    const k = kpis({ quality: [{ line: '1', defects: 4, sampled: 400, failed: 0 }, { line: '2', defects: 20, sampled: 250, failed: 2 }, { line: null, defects: 24, sampled: 650, failed: 2, _level: 1 }] }, '2026-11-27');
    expect(k.figures.defectRate).toBeCloseTo(24 / 650);
    expect(k.figures.failedLots).toBe(2);
  });

  it('keeps the N largest categories by their total, in their order; funnels and heatmaps whole', () => {
    const data = { dim: 'vendor', categories: ['a', 'b', 'c', 'd'].map((k) => ({ key: k, label: k.toUpperCase() })), series: [{ key: 'x', name: 'X', values: [1, 9, null, 5] }, { key: 'y', name: 'Y', values: [1, 0, 3, 0] }] };
    const top2 = topCategories(data, 'bar', 2);
    expect(top2.categories.map((c) => c.key)).toEqual(['b', 'd']);
    expect(top2.series.map((s) => s.values)).toEqual([[9, 5], [0, 0]]);
    expect(topCategories(data, 'bar', 3).categories.map((c) => c.key)).toEqual(['b', 'c', 'd']);
    expect(topCategories(data, 'funnel', 2)).toBe(data);
    expect(topCategories(data, 'bar', undefined)).toBe(data);
  });
});
