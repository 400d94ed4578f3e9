/** Reports (issue 13): report declarations of reports/ run under the list's tenant and data permissions. */
// The quality demo for the tower inspects work orders and outsourced lots: their seeders first.
import '../production';
import '../quality';
import './reports.seed';
// Figure alerts last: they are measured on the other areas' demo data.
import './alerts.seed';
import './tiles.seed';
export { reportRoutes } from './routes';
export { runReport, reportWorkbook, pivotRows, type ReportResult } from '../report-engine/report.service';
