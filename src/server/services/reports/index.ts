/** Reports (issue 13): report declarations of reports/ run under the list's tenant and data permissions. */
// The quality demo for the tower inspects work orders and outsourced lots: their seeders first.
import '../production';
import '../quality';
import './reports.seed';
// Figure alerts last: they are measured on the other areas' demo data.
import './alerts.seed';
import './tiles.seed';
import { registerKeptCheck } from '../report-engine/aggregates';
import { lineDayLoadRefusal } from '../planning/line-day-load';
export { reportRoutes } from './routes';

// The board's kept line x day loads (declared by reports/capacity-load) hold only while the company's calendars agree on their working weekdays.
registerKeptCheck('prodplanbar_line_day', lineDayLoadRefusal);
export { runReport, reportWorkbook, pivotRows, type ReportResult } from '../report-engine/report.service';
