import { BOARD_LIMIT, DEFAULT_TOWER_WIDGETS, homeBoard, myDashboard, PERSONAL_BLOCKS, ROLE_FIRST_WIDGETS, TOWER_WIDGET_ROLES, type PersonalBoardName } from '../../reports/dashboards/personal.board';
import { composedArranged, composedDefault, offeredWidgets, offersWidget, type BoardViewer, type ComposedBoard, type DashboardBlock } from './dashboard-board';
import type { BoardItem } from './widget-settings';

export { BOARD_LIMIT, DEFAULT_TOWER_WIDGETS, ROLE_FIRST_WIDGETS, TOWER_WIDGET_ROLES };

// Arranging (moves, show and hide) is every arranged board's: src/model/board-arrange.ts.
export { moveBefore, moveBy, withShown } from './board-arrange';
// A designed tile's key and a block's shape are every composed dashboard's: src/model/dashboard-board.ts.
export { isTileKey, TILE_PREFIX, tileIdOf, tileKey, type MenuTiles } from './dashboard-board';

// The stored board's shape and the widgets' own settings are the control tower's too (src/model/widget-settings.ts).
export { boardItemsOf, isTowerKey, periodRange, TOWER_PREFIX, towerKey, WIDGET_PERIODS, WIDGET_TOPS, widgetSettingsOf, withSettings, type BoardItem, type WidgetPeriod, type WidgetSettings } from './widget-settings';

/**
 * The personal area's boards (issue 13, spec 2 "home" and `/mydash`) are declared dashboards composed
 * by their users (reports/dashboards/personal.board.ts, src/model/dashboard-board.ts); these name
 * them by their kind for the pages and the calls that know them so.
 */
export const BOARD_KINDS = ['mydash', 'home'] as const;
export type BoardKind = PersonalBoardName;
export const isBoardKind = (v: unknown): v is BoardKind => typeof v === 'string' && (BOARD_KINDS as readonly string[]).includes(v);
export type BlockDef = DashboardBlock;
export type Viewer = BoardViewer;

/** A personal board's declaration as the dashboards' engine composes it. */
export const personalBoard = (kind: BoardKind): ComposedBoard => (kind === 'mydash' ? myDashboard : homeBoard).composed!;

/** The personal area's own blocks, in the order a new board shows them. */
export const WORKSPACE_BLOCKS: readonly BlockDef[] = PERSONAL_BLOCKS;
export const blockOf = (key: string): BlockDef | undefined => WORKSPACE_BLOCKS.find((b) => b.key === key);

/** Whether the viewer's dashboard roles offer a widget on a personal board (both offer the same). */
export const offers = (viewer: Viewer, key: string): boolean => offersWidget(personalBoard('mydash'), viewer, key);
/** The widget keys a viewer is offered: the blocks, the tower widgets the viewer may read, the designed tiles. */
export const offeredKeys = (viewer: Viewer, towerWidgets: readonly string[], tiles: readonly number[] = []): string[] => offeredWidgets(personalBoard('mydash'), viewer, towerWidgets, tiles);
/** A board before the user arranges it. */
export const defaultBoard = (kind: BoardKind, offered: readonly string[], roles: readonly string[] = []): BoardItem[] => composedDefault(personalBoard(kind), offered, roles);
/** The board as the user arranged it against what is offered now; nothing saved: the default board. */
export const arrangedBoard = (kind: BoardKind, saved: readonly BoardItem[] | null | undefined, offered: readonly string[], roles: readonly string[] = []): BoardItem[] => composedArranged(personalBoard(kind), saved, offered, roles);
