import type { WidgetSettings, BoardItem } from '../workspace';
import { getCall, postCall } from './call';
import type { ReportRunReply } from './reports';
import type { DashboardOrg } from './dashboards';

/**
 * The control tower's calls (B8, docs/architecture-reports.md "Control tower"), served by
 * src/server/services/reports/routes.ts (tower.service.ts) and called by src/client/pages/visual.
 */
export type TowerRange = { from: string; to: string };
export type TowerWidgetReply = {
  report: string;
  /** The range the widget read (its own period, else the tower's). */
  range: TowerRange;
  result: ReportRunReply | null;
  /** The widget's run failed (e.g. the read grant was withdrawn): drawn as "no data", like a failed call. */
  error?: string;
  /** An organisation was chosen and this widget's report follows it (its records have an author); else the whole company. */
  byOrg: boolean;
};
export type TowerReply = { range: TowerRange; org: number | null; settings: Record<string, WidgetSettings>; widgets: Record<string, TowerWidgetReply> };
/** The tower's range (empty: no bound on that side), the organisation and `source: 'raw'` (figures from the documents' own tables). */
export type TowerQuery = { from: string; to: string; org?: string; source?: 'raw'; /** Only these widgets (keys, comma-separated): a live tile's reload. */ widgets?: string };

export const towerCalls = {
  /** Every widget's report run for the caller in one reply. */
  run: getCall<TowerQuery, TowerReply>('/rptapi/tower'),
  /** The company's organisations and their members (the tower's organisation filter). */
  orgs: getCall<void, DashboardOrg[]>('/rptapi/tower/orgs'),
  /** The caller's own widget settings (`tower.<widget>` items with their period and top N). */
  saveSettings: postCall<{ items: BoardItem[] }, { settings: Record<string, WidgetSettings> }>('/rptapi/tower/settings'),
};
