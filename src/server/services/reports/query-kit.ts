/**
 * What a report's server query (`reports/<name>/<name>.query.ts`) may use of the server: the query
 * function's contract and the few server computations a report shares with its screen (the board's
 * line load and its kept days, the vendor quality events). A `.query.ts` imports the server through this file only
 * (tests/registry/layer-rules.test.ts), and nothing the browser loads imports a `.query.ts`.
 */
export type { ServerQuery, ServerQueryContext, ServerQueryRow } from '../report-engine/server-query';
export { companyCalendar, loadLines, scheduleLoad, type BarLoadRow, type LineSams } from '../planning/planning.service';
export { addDays, daysBetween, lineCapacityRange } from '../../../../calendars/capacity';
export { keptLineLoad } from '../planning/line-day-load';
export { admittedEvents, vendorQualityEvents } from './vendor-quality';
export { vendorKpiFigures, type ReportPeriod, type VendorFigures } from './vendor-kpi';
