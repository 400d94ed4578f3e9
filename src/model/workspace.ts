import { BOARD_LIMIT, DEFAULT_TOWER_WIDGETS, PERSONAL_BLOCKS, ROLE_FIRST_WIDGETS, TOWER_WIDGET_ROLES } from '../../reports/dashboards/personal.board';

export { BOARD_LIMIT, DEFAULT_TOWER_WIDGETS, ROLE_FIRST_WIDGETS, TOWER_WIDGET_ROLES };
import type { Label } from './entity';
import type { ListBlock } from './list-block';
import { isTowerKey, towerKey, type BoardItem } from './widget-settings';
import { arrangedItems } from './board-arrange';

// Arranging (moves, show and hide) is every arranged board's: src/model/board-arrange.ts.
export { moveBefore, moveBy, withShown } from './board-arrange';

// The stored board's shape and the widgets' own settings are the control tower's too (src/model/widget-settings.ts).
export { boardItemsOf, isTowerKey, periodRange, TOWER_PREFIX, towerKey, WIDGET_PERIODS, WIDGET_TOPS, widgetSettingsOf, withSettings, type BoardItem, type WidgetPeriod, type WidgetSettings } from './widget-settings';

/**
 * The personal area's boards (issue 13, spec 2 "home (to-do list, read items, control tower,
 * subscribed apps, recent announcements, app market, favourite menus, quick links)" and `/mydash`):
 * which widgets exist, which the user's dashboard roles (`dashroles`) offer, what a board shows
 * before the user arranges it, and the arranging itself. Pure, shared by the server (which checks a
 * saved board against what the caller is offered) and the browser (which draws and arranges it).
 */

/** The two boards a user arranges: the personal dashboard (`/mydash`) and the workspace home. */
export const BOARD_KINDS = ['mydash', 'home'] as const;
export type BoardKind = (typeof BOARD_KINDS)[number];
export const isBoardKind = (v: unknown): v is BoardKind => typeof v === 'string' && (BOARD_KINDS as readonly string[]).includes(v);

/**
 * A designed tile on a personal board (issue 34): `tile.<id>` is the tile of that id, offered when it
 * is on the user's dashboard (the company's shared with one of the user's roles, or the user's own
 * personal tile); the server checks that when the board is saved.
 */
export const TILE_PREFIX = 'tile.';
export const tileKey = (id: number): string => `${TILE_PREFIX}${id}`;
export const isTileKey = (key: string): boolean => /^tile\.[1-9]\d{0,11}$/.test(key);
export const tileIdOf = (key: string): number | null => (isTileKey(key) ? Number(key.slice(TILE_PREFIX.length)) : null);

export type BlockDef = {
  key: string;
  title: Label;
  /** Columns spanned on the board's grid of three. */
  span: 1 | 2 | 3;
  /** Roles that are offered the block; none: every user. */
  roles?: readonly string[];
  /** The block reads the company's tasks, notices or announcements: not offered to a user without a company. */
  company?: boolean;
  /** The boards that show it before the user arranges them. */
  shownOn: readonly BoardKind[];
  /** Where the card's "all" link leads. */
  more?: string;
  /** A list of the viewer's records, drawn by the engine (src/model/list-block.ts). */
  list?: ListBlock;
  /** Menu tiles, drawn by the board's one tile block (src/client/pages/workspace/board-blocks-apps.tsx). */
  tiles?: MenuTiles;
};

/**
 * A block of menu tiles, each opening its address: the subscribed apps (menu groups, with the app
 * market when there are none), the favourite menus (each unstarred in place), or the entries the user
 * has, favourites first; at most `limit` of them (the "more" link lists all) without those of `skip`.
 */
export type MenuTiles = { of: 'apps' | 'favourites' | 'entries'; limit?: number; skip?: readonly string[] };

/** The personal area's own blocks, in the order a new board shows them: declared in reports/dashboards/personal.board.ts. */
export const WORKSPACE_BLOCKS: readonly BlockDef[] = PERSONAL_BLOCKS;

export const blockOf = (key: string): BlockDef | undefined => WORKSPACE_BLOCKS.find((b) => b.key === key);

export type Viewer = { roles: readonly string[]; hasCompany: boolean };

const holds = (viewer: Viewer, roles: readonly string[] | undefined) => !roles?.length || roles.some((r) => viewer.roles.includes(r));

/** Whether the viewer's dashboard roles offer a widget (a tower widget also needs the tower's roles). */
export function offers(viewer: Viewer, key: string): boolean {
  if (isTowerKey(key)) return holds(viewer, TOWER_WIDGET_ROLES);
  // Which tiles: the server's check of the user's dashboard tiles (a tile is a company's).
  if (isTileKey(key)) return viewer.hasCompany;
  const b = blockOf(key);
  return !!b && holds(viewer, b.roles) && (!b.company || viewer.hasCompany);
}

/**
 * The widget keys a viewer is offered, in catalogue order: the blocks, then the tower widgets the
 * browser found the viewer may read (`towerWidgets`: the tower's widget keys with a report source
 * the viewer has a menu entry for), then the designed tiles on the viewer's dashboard (`tiles`: their ids).
 */
export function offeredKeys(viewer: Viewer, towerWidgets: readonly string[], tiles: readonly number[] = []): string[] {
  return [...WORKSPACE_BLOCKS.map((b) => b.key), ...towerWidgets.map(towerKey), ...tiles.map(tileKey)].filter((k) => offers(viewer, k));
}

/**
 * A board before the user arranges it: every offered widget, those of the board's kind shown; on
 * the dashboard the tower widgets the user's roles put first (ROLE_FIRST_WIDGETS), then the rest.
 */
export function defaultBoard(kind: BoardKind, offered: readonly string[], roles: readonly string[] = []): BoardItem[] {
  const first = roles.flatMap((r) => ROLE_FIRST_WIDGETS[r] ?? []).map(towerKey);
  const rank = (k: string) => (first.includes(k) ? first.indexOf(k) : first.length + offered.indexOf(k));
  // Designed tiles wait in the market until the user adds them.
  const blocks = offered.filter((k) => !isTowerKey(k));
  const towers = offered.filter(isTowerKey).sort((a, b) => rank(a) - rank(b));
  return [
    ...blocks.map((key) => ({ key, hidden: !blockOf(key)?.shownOn.includes(kind) })),
    ...towers.map((key, n) => ({ key, hidden: !(kind === 'mydash' && n < DEFAULT_TOWER_WIDGETS) })),
  ];
}

/** The board as the user arranged it against what is offered now (`arrangedItems`); nothing saved: the default board. */
export function arrangedBoard(kind: BoardKind, saved: readonly BoardItem[] | null | undefined, offered: readonly string[], roles: readonly string[] = []): BoardItem[] {
  return arrangedItems(saved, offered, () => defaultBoard(kind, offered, roles));
}
