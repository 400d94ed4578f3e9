import { describe, expect, it } from 'vitest';
import { kpiRows, SCHEDULE_KPIS, type ScheduleKpis } from './schedule-board';

const kpis = (change: Partial<ScheduleKpis> = {}): ScheduleKpis => ({ plans: 10, placed: 9, late_plans: 3, late_orders: 2, late_pieces: 900, changeovers: 5, utilisation: 0.8, per_line: [], ...change });

describe('scenario figures beside the live plan (issue 34)', () => {
  it('gives the live figures alone when no scenario is picked', () => {
    const rows = kpiRows(kpis(), null);
    expect(rows.map((r) => r.key)).toEqual(SCHEDULE_KPIS.map((k) => k.key));
    expect(rows.every((r) => r.scenario === null && r.diff === null && r.tone === null)).toBe(true);
    expect(rows.find((r) => r.key === 'late_pieces')!.live).toBe(900);
  });

  it('takes scenario − live, better where lateness and changeovers fall or utilisation and placed plans rise', () => {
    const rows = Object.fromEntries(kpiRows(kpis(), kpis({ late_orders: 1, late_plans: 4, late_pieces: 900, changeovers: 2, utilisation: 0.8234, placed: 8 })).map((r) => [r.key, r]));
    expect(rows.late_orders).toMatchObject({ live: 2, scenario: 1, diff: -1, tone: 'better' });
    expect(rows.late_plans).toMatchObject({ diff: 1, tone: 'worse' });
    expect(rows.late_pieces).toMatchObject({ diff: 0, tone: 'same' });
    expect(rows.changeovers).toMatchObject({ diff: -3, tone: 'better' });
    // A share's difference to a tenth of a percent.
    expect(rows.utilisation).toMatchObject({ diff: 0.023, tone: 'better' });
    expect(rows.placed).toMatchObject({ diff: -1, tone: 'worse' });
  });
});
