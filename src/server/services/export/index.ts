/** List export (issue 4): streaming .xlsx of what a list shows; large ones as background jobs. */
export { exportRoutes } from './routes';
export { DIRECT_EXPORT_LIMIT, exportIds, writeExport, type ExportPlan } from './export.service';
