import { describe, expect, it } from 'vitest';
import '../../../../reports';
import { toChartData } from '../../../../reports/charts';
import { controlTower } from '../../../../reports/control-tower';
import { dashboardDrill, getReport, visibleWidgets } from '../../../model';

/** The tower's funnel order and drill-down as the personal boards' tower widgets use them (the declared widget, drawn by the dashboard engine). */
describe('tower widgets on a personal board', () => {
  const codes = new Set(controlTower.widgets.map((w) => `rpt.${w.report}`));
  const widget = (key: string) => visibleWidgets(controlTower, codes).find((w) => w.key === key)!;
  const funnel = widget('funnel');
  const report = getReport(funnel.report)!;
  const filters = { from: '2026-10-01', to: '2027-01-31', users: null };

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
    const ordered = funnel.shape!(data, (l) => l.zh, report);
    expect(ordered.categories.map((c) => c.key)).toEqual(['pending', 'in_progress', 'finished']);
    expect(ordered.series[0].values).toEqual([2, 5, 9]);
  });

  it('opens the list behind an element, filtered to it and to the range the widget read', () => {
    const url = new URL(dashboardDrill(report, funnel, filters, { status: 'pending' }), 'http://x');
    expect(url.pathname).toBe(`/page/subindex/${report.page ?? report.entity}`);
    expect(url.searchParams.get('f.status.eq')).toBe('pending');
    expect(url.searchParams.get('f.delivery_date.between')).toBe('2026-10-01,2027-01-31');
  });

  it('opens the screen a report declares for its elements, as the tower does (capacity: the schedule board at the line and week)', () => {
    const capacity = widget('capacity');
    const r = getReport(capacity.report)!;
    expect(r.drillTo).toBeTruthy();
    const url = new URL(dashboardDrill(r, capacity, filters, { line: '7', week: '2026-11-23' }), 'http://x');
    expect(url.pathname).toBe(r.drillTo!.path);
    expect(Object.fromEntries(url.searchParams)).toEqual({ line: '7', date: '2026-11-23' });
  });
});
