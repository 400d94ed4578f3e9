import { describe, expect, it } from 'vitest';
import { drillFilters, drillUrl, reportColumnFormat } from '../../src/model';
import { describeReportFolder } from '../report-contract';
import { productionOutput } from './production-output.report';

describeReportFolder('production-output', productionOutput);

describe('production output drills to the scans out it sums', () => {
  it('a day of the scan time is its whole day (a date-and-time field), and only scans out', () => {
    const f = drillFilters(productionOutput, { day: '2026-12-05', line: '7', _measure: 'pieces' });
    expect(f).toEqual({ 'f.direction.eq': 'out', 'f.scanned_at.between': '2026-12-05 00:00:00,2026-12-05 23:59:59', 'f.line_id.eq': '7' });
    expect(drillUrl(productionOutput, { workorder: '12', _measure: 'bundles' })).toBe('/page/subindex/woscan?f.direction.eq=out&f.workorder_id.eq=12');
  });

  it('reads a day as a date in the workbook', () => {
    expect(reportColumnFormat(productionOutput, 'day')).toBe('date');
    expect(reportColumnFormat(productionOutput, 'pieces')).toBe('integer');
  });
});
