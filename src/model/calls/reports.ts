import { getCall, resolveCallPath } from './call';

/**
 * The report calls (docs/architecture-reports.md): a run of one report by name with its grouping
 * and `f.*` filters, and its Excel export; served by src/server/services/reports/routes.ts (the
 * runner: src/server/services/report-engine), called by the report renderer (src/client/engine/report).
 */
export type ReportRunRow = Record<string, string | number | null> & { _level: number };
export type ReportRunReply = {
  report: string;
  columns: Array<{ key: string; label: string; kind: 'dimension' | 'measure' }>;
  rows: ReportRunRow[];
  /** Per dimension, each stored value's name in the reply's language. */
  labels: Record<string, Record<string, string>>;
  pivot?: { dimension: string; values: Array<string | null>; rows: Array<Record<string, string | number | null>> };
  source?: { kind: 'aggregate' | 'raw' };
};
/** The report's name, then `group`, `subtotals`, `pivot` and the list's `f.<field>.<op>` filters. */
export type ReportRunInput = { name: string } & Record<string, string>;

export const reportCalls = {
  run: getCall<ReportRunInput, ReportRunReply>('/rptapi/report/:name/run'),
  export: getCall<ReportRunInput, Blob>('/rptapi/report/:name/export'),
};

/** The address of a report's export (a download, not a JSON reply). */
export const reportExportPath = (name: string): string => resolveCallPath(reportCalls.export.path, { name }).path;
