import { defineKeptTable, retireAggregate } from '../../src/model/report-aggregate';

/**
 * The published schedule's load per line and day (`rpt_line_day_load`, kept by planning's triggers:
 * planning/line-day-load.ts), the board's own figure; this report sums its days per week. Kept per
 * line only, so a run filtered or narrowed on anything but the line (or the organisation's authors)
 * reads the bars; and only when the company's calendars agree on their working weekdays (the check
 * the reports' service registers with planning's rule).
 */
export const lineDayLoad = defineKeptTable({ name: 'prodplanbar_line_day', entity: 'prodplan_bar', table: 'rpt_line_day_load', keys: [{ field: 'line_id' }], range: 'start_date', checked: true });

/**
 * `prodplanbar_run` summed the published bars' minutes per line and run; a run's summed minutes
 * cannot give the board's day loads (each bar's own pieces per day x its minutes per piece on its
 * line), so it is dropped at start (docs/architecture-board.md "Line load: one figure").
 */
retireAggregate({ name: 'prodplanbar_run', table: 'rpt_agg_plan_bar', source: 'scm_prodplan_bar' });
