import { getCall, postCall } from './call';
import type { AlertCondition, AlertState } from '../alerts';

/**
 * Figure alerts (issue 34, docs/architecture-alerts.md), served by
 * src/server/services/reports/alerts.routes.ts and called by the alert screen
 * (src/client/pages/visual/alerts) and the control tower.
 */
export type AlertRow = {
  id: number;
  version: number;
  name: string;
  report: string;
  measure: string;
  filters: Record<string, string>;
  /** The designed tile the alert watches (its figure under its filters and period), and its name; null: a declared report figure. */
  tile_id: number | null;
  tile_name: string | null;
  condition: AlertCondition;
  threshold: number;
  days: number | null;
  recipient_users: number[];
  recipient_roles: string[];
  enabled: boolean;
  alert_state: AlertState | null;
  last_value: number | null;
  baseline: number | null;
  checked_at: string | null;
  fired_at: string | null;
  fired_count: number;
  created_by: number | null;
  owner_name: string | null;
  /** Where the alert's notice leads: the grid of the rows its figure counts, with its filters. */
  link: string;
};

/** A report an alert may watch, as the caller may read it. */
export type AlertDataset = { report: string };
/** A role of the company a recipient list may name. */
export type AlertRole = { code: string; name: string };

/** A user an alert names as a recipient, as the form shows them (also one who has since left). */
export type AlertPerson = { id: number; username: string; fullname: string | null };

/** A designed tile on the caller's dashboard an alert may watch. */
export type AlertTile = { id: number; name: string; report: string; measure: string; aggregation: string; filters: Record<string, string> };

/** What the alert drawer offers the caller, and the names of the users the company's alerts tell. */
export type AlertOptions = { datasets: AlertDataset[]; roles: AlertRole[]; people: AlertPerson[]; tiles: AlertTile[] };
export type AlertListReply = AlertOptions & { rows: AlertRow[] };

export type AlertInput = {
  id?: number;
  version?: number;
  name: string;
  report: string;
  measure: string;
  filters: Record<string, string>;
  /** A tile of the caller's dashboard: the alert watches its figure (report, measure and filters are the tile's). */
  tile_id?: number | null;
  condition: AlertCondition;
  threshold: number | string;
  days?: number | string | null;
  recipient_users: number[];
  recipient_roles: string[];
  enabled: boolean;
};

/** The figure an alert would watch now, as the caller reads it, and whether it is across its line. */
export type AlertPreview = { value: number | null; across: boolean; link: string };

export const alertCalls = {
  list: getCall<void, AlertListReply>('/rptapi/alerts'),
  options: getCall<void, AlertOptions>('/rptapi/alerts/options'),
  save: postCall<AlertInput, AlertRow>('/rptapi/alerts/save'),
  remove: postCall<{ ids: number[]; versions: number[] }, { removed: number }>('/rptapi/alerts/remove'),
  preview: postCall<Omit<AlertInput, 'name' | 'recipient_users' | 'recipient_roles' | 'enabled'>, AlertPreview>('/rptapi/alerts/preview'),
};
