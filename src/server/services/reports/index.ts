/** Reports (issue 13): report declarations of reports/ run under the list's tenant and data permissions. */
export { reportRoutes } from './routes';
export { runReport, reportWorkbook, pivotRows, type ReportResult } from './report.service';
