import { describe, expect, it } from 'vitest';
import '../../../../reports';
import { toChartData } from '../../../../reports/charts';
import { getReport } from '../../../model';
import { drillPath, inStateOrder, WIDGETS } from '../visual/control-tower.logic';

/** The tower's funnel order and drill-down as the personal boards' tower widgets use them. */
describe('tower widgets on a personal board', () => {
  const funnel = WIDGETS.find((w) => w.key === 'funnel')!.sources[0];
  const report = getReport(funnel.report)!;
  const range = { from: '2026-10-01', to: '2027-01-31' };

  it('orders the funnel by the state machine, values following their steps', () => {
    const data = toChartData(
      [
        { status: 'finished', orders: 9 },
        { status: 'pending', orders: 2 },
        { status: 'in_progress', orders: 5 },
      ],
      ['status'],
      [{ key: 'orders', name: 'Orders' }],
      (_d, v) => v ?? '—',
    );
    const ordered = inStateOrder(data, report);
    expect(ordered.categories.map((c) => c.key)).toEqual(['pending', 'in_progress', 'finished']);
    expect(ordered.series[0].values).toEqual([2, 5, 9]);
  });

  it('opens the list behind an element, filtered to it and to the range the widget read', () => {
    const path = drillPath(report, funnel, range, { status: 'pending' });
    const url = new URL(path, 'http://x');
    expect(url.pathname).toBe(`/page/subindex/${report.page ?? report.entity}`);
    expect(url.searchParams.get('f.status.eq')).toBe('pending');
    expect(url.searchParams.get('f.delivery_date.between')).toBe('2026-10-01,2027-01-31');
  });

  it('opens the report for computed rows (capacity), with its own filters only', () => {
    const capacity = WIDGETS.find((w) => w.key === 'capacity')!.sources[0];
    const r = getReport(capacity.report)!;
    expect(r.noDrill).toBeTruthy();
    const url = new URL(drillPath(r, capacity, range, { line: '7', week: '2026-11-23' }), 'http://x');
    expect(url.pathname).toBe(`/rpt/dsrptindex/${r.name}`);
    for (const key of url.searchParams.keys()) expect(r.filters).toContain(key.slice(2, key.lastIndexOf('.')));
  });
});
