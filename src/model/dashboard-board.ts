import type { DashboardDef } from './dashboard';
import type { Label } from './entity';
import type { ListBlock } from './list-block';
import { arrangedItems } from './board-arrange';
import { isTowerKey, towerKey, type BoardItem } from './widget-settings';

/**
 * A dashboard a user composes (issue 13, issue 30): the personal dashboard (`/mydash`) and the
 * workspace home are declared with `defineDashboard` like every dashboard, and hold, beside or
 * instead of their own report widgets, **blocks** (a list of the viewer's records, a block of menu
 * tiles), **another dashboard's widgets** (the control tower's, keyed `tower.<key>`) and the
 * **designed tiles** on the user's dashboard (`tile.<id>`, issue 34). What a viewer is offered, what
 * a new board shows and what a save may hold are read from the declaration here; pure, shared by
 * the server's layout call (src/server/services/report-engine/dashboard.routes.ts) and the browser.
 *
 * Example (reports/dashboards/personal.board.ts):
 * ```ts
 * defineDashboard({ name: 'home', ..., widgets: [], composed: { store: 'home', blocks, borrow: { from: controlTower, roles, shown: 0 }, tiles: true } });
 * ```
 */

/** A widget that is no report: a list of the viewer's records (drawn by the engine's ListBlock) or menu tiles. */
export type DashboardBlock = {
  key: string;
  title: Label;
  /** Columns spanned on the board's grid of three. */
  span: 1 | 2 | 3;
  /** Roles that are offered the block; none: every user. */
  roles?: readonly string[];
  /** The block reads the company's tasks, notices or announcements: not offered to a user without a company. */
  company?: boolean;
  /** Shown before the user arranges the board (else it waits in the market). */
  shown?: boolean;
  /** Where the card's "all" link leads. */
  more?: string;
  /** A list of the viewer's records (src/model/list-block.ts). */
  list?: ListBlock;
  /** Menu tiles (the subscribed apps, the favourite menus, the entries the user has). */
  tiles?: MenuTiles;
};

/**
 * A block of menu tiles, each opening its address: the subscribed apps (menu groups, with the app
 * market when there are none), the favourite menus (each unstarred in place), or the entries the user
 * has, favourites first; at most `limit` of them (the "more" link lists all) without those of `skip`.
 */
export type MenuTiles = { of: 'apps' | 'favourites' | 'entries'; limit?: number; skip?: readonly string[] };

/**
 * Another dashboard's widgets offered on a composed board as `tower.<key>`, to `roles`; `first` puts a
 * role's widgets first, `shown` of them show on a new board; each reads `range` of today unless the
 * user sets its period; `label` names them in the market; `open`: the lending dashboard's own page, for
 * users with its menu entry.
 */
export type BorrowedWidgets = {
  from: DashboardDef;
  roles: readonly string[];
  first?: Readonly<Record<string, readonly string[]>>;
  shown: number;
  range: (today: string) => { from: string; to: string };
  label: Label;
  open?: { to: string; menu: string; label: Label };
};

export type ComposedBoard = {
  /** Its key in the users' boards store (src/server/services/report-engine/user-boards.ts): what users saved there stays theirs. */
  store: string;
  blocks: readonly DashboardBlock[];
  borrow?: BorrowedWidgets;
  /** The designed tiles on the user's dashboard are offered too (waiting in the market until added). */
  tiles?: boolean;
  /** At most this many widgets on the board. */
  limit: number;
  /** What the market calls the blocks. */
  blocksLabel: Label;
};

/** Who looks at a composed board: their dashboard roles and whether they belong to a company. */
export type BoardViewer = { roles: readonly string[]; hasCompany: boolean };

/** A designed tile's key on a board (issue 34): `tile.<id>`. */
export const TILE_PREFIX = 'tile.';
export const tileKey = (id: number): string => `${TILE_PREFIX}${id}`;
export const isTileKey = (key: string): boolean => /^tile\.[1-9]\d{0,11}$/.test(key);
export const tileIdOf = (key: string): number | null => (isTileKey(key) ? Number(key.slice(TILE_PREFIX.length)) : null);

const holds = (viewer: BoardViewer, roles: readonly string[] | undefined) => !roles?.length || roles.some((r) => viewer.roles.includes(r));

/** Whether a composed board offers a widget to the viewer by its kind (a tile's own check is the tiles', on the server). */
export function offersWidget(board: ComposedBoard, viewer: BoardViewer, key: string): boolean {
  if (isTowerKey(key)) return !!board.borrow && holds(viewer, board.borrow.roles) && board.borrow.from.widgets.some((w) => towerKey(w.key) === key);
  if (isTileKey(key)) return !!board.tiles && viewer.hasCompany;
  const b = board.blocks.find((x) => x.key === key);
  return !!b && holds(viewer, b.roles) && (!b.company || viewer.hasCompany);
}

/**
 * The widget keys a viewer is offered, in the market's order: the blocks, the borrowed widgets the
 * viewer may read (`borrowed`: their keys, with a report source the viewer's menus give), the
 * designed tiles on the viewer's dashboard (`tiles`: their ids).
 */
export function offeredWidgets(board: ComposedBoard, viewer: BoardViewer, borrowed: readonly string[], tiles: readonly number[] = []): string[] {
  return [...board.blocks.map((b) => b.key), ...borrowed.map(towerKey), ...tiles.map(tileKey)].filter((k) => offersWidget(board, viewer, k));
}

/**
 * The board before the user arranges it: every offered widget, the blocks declared `shown` shown, then
 * the first `shown` borrowed widgets (those the viewer's roles put first, then the declared order);
 * designed tiles wait in the market.
 */
export function composedDefault(board: ComposedBoard, offered: readonly string[], roles: readonly string[] = []): BoardItem[] {
  const first = roles.flatMap((r) => board.borrow?.first?.[r] ?? []).map(towerKey);
  const rank = (k: string) => (first.includes(k) ? first.indexOf(k) : first.length + offered.indexOf(k));
  const blocks = offered.filter((k) => !isTowerKey(k));
  const borrowed = offered.filter(isTowerKey).sort((a, b) => rank(a) - rank(b));
  return [
    ...blocks.map((key) => ({ key, hidden: !board.blocks.find((b) => b.key === key)?.shown })),
    ...borrowed.map((key, n) => ({ key, hidden: n >= (board.borrow?.shown ?? 0) })),
  ];
}

/** The board as the user arranged it against what is offered now; nothing saved: the default board. */
export function composedArranged(board: ComposedBoard, saved: readonly BoardItem[] | null | undefined, offered: readonly string[], roles: readonly string[] = []): BoardItem[] {
  return arrangedItems(saved, offered, () => composedDefault(board, offered, roles));
}
