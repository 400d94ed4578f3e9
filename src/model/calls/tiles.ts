import { getCall, postCall } from './call';
import type { ReportRunReply } from './reports';
import type { TileScope, TileSpec } from '../tiles';

/**
 * Tiles a company builds (issue 34, docs/architecture-dashboards.md "Tile designer"), served by
 * src/server/services/reports/tiles.routes.ts and called by the designer (src/client/pages/visual/tiles)
 * and the control tower.
 */
export type TileRow = TileSpec & {
  id: number;
  version: number;
  name: string;
  scope: TileScope;
  /** Role codes the company tile is shown to (none: everyone who may read the dataset). */
  share_roles: string[];
  span: number;
  sort_no: number;
  created_by: number | null;
  owner_name: string | null;
};

/** A tile's figures as the viewer reads them. */
export type TileResult = {
  /** The tile's figure: the grand total of its measure under its filters and period (null: a share of nothing). */
  value: number | null;
  /** The figure of the period before (a number tile's trend), when the tile has a period. */
  previous: number | null;
  /** The report run (detail rows by the tile's grouping, labels). */
  result: ReportRunReply;
  /** The grid of the tile's rows: the list with exactly the tile's filters and period. */
  link: string;
  /** The period's days the figure covers (none: any time). */
  range: { from: string; to: string } | null;
};

export type TileInput = Partial<TileSpec> & {
  id?: number;
  version?: number;
  name?: string;
  scope?: TileScope;
  share_roles?: string[];
  span?: number;
  sort_no?: number;
};

export type TileDataset = { report: string };
export type TileRole = { code: string; name: string };
export type TileListReply = { rows: TileRow[]; datasets: TileDataset[]; roles: TileRole[] };
/** The tiles shown to the caller on the dashboard, each with its run (or `error` when it cannot be read). */
export type TileBoardItem = { tile: TileRow; run: TileResult | null; error?: string };
export type TileBoardReply = { tiles: TileBoardItem[] };

export const tileCalls = {
  /** The tiles the caller designs: the company's and the caller's own personal ones, the datasets and roles the designer offers. */
  list: getCall<void, TileListReply>('/rptapi/tiles'),
  save: postCall<TileInput, TileRow>('/rptapi/tiles/save'),
  remove: postCall<{ ids: number[]; versions: number[] }, { removed: number }>('/rptapi/tiles/remove'),
  /** Runs an unsaved tile (the designer's live preview); nothing is stored. */
  preview: postCall<TileInput, TileResult>('/rptapi/tiles/preview'),
  /** The tiles on the caller's dashboard: company tiles shared with the caller's roles and the caller's personal ones, each run as the caller. */
  board: getCall<void, TileBoardReply>('/rptapi/tiles/board'),
  /** The tiles on the caller's dashboard, not run (the personal dashboard's market and blocks). */
  mine: getCall<void, { tiles: TileRow[] }>('/rptapi/tiles/mine'),
  /** One tile run as the caller (a tile the caller may not see is 404). */
  run: getCall<{ id: number }, TileResult>('/rptapi/tiles/:id/run'),
};
