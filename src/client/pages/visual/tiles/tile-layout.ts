import { tileCalls, type TileBoardItem } from '../../../../model/calls/tiles';
import type { TileChart } from '../../../../model/tiles';

/**
 * Where the control tower's tiles stood on the user's last visit (issue 34): the tiles arrive by a
 * call of their own, often after the tower's widgets, and before this they were inserted above the
 * widgets when they arrived, pushing every chart down (layout shift 0.45-0.60 per visit, measured in
 * Chromium with two tiles). The tower now draws a frame of the same size for each tile it had last
 * time, so the widgets stand where they will stay; only a change of the tiles since then moves them.
 */
export type TileSlot = { id: number; span: number; chart: TileChart };

type SlotStore = Pick<Storage, 'getItem' | 'setItem'>;

/** The kept frames' key per user (the document's early script reads it too: src/client/early/early-calls.js). */
const key = (user: string) => `tower-tiles:${user}`;

/** The frame of a tile on the tower: its columns and height (a number tile is shorter than a chart). */
export const tileFrame = (chart: TileChart) => ({ minHeight: chart === 'number' ? 150 : 280, viewHeight: chart === 'number' ? 110 : 240 });

/** The slots of the tiles a board reply shows, in its order. */
export const slotsOf = (items: readonly TileBoardItem[]): TileSlot[] => items.map(({ tile }) => ({ id: tile.id, span: tile.span, chart: tile.chart }));

/** The slots kept for `user`, or null when none are (a first visit, another browser, a bad value). */
export function readTileSlots(user: string | null, store: SlotStore | null): TileSlot[] | null {
  if (!user || !store) return null;
  try {
    const value: unknown = JSON.parse(store.getItem(key(user)) ?? 'null');
    if (!Array.isArray(value)) return null;
    const ok = value.every((s: unknown) => {
      const x = s as Partial<TileSlot> | null;
      return !!x && Number.isInteger(x.id) && [1, 2, 3].includes(Number(x.span)) && typeof x.chart === 'string';
    });
    return ok ? (value as TileSlot[]) : null;
  } catch {
    return null;
  }
}

/** Keeps the slots of the tiles just shown for the user's next visit. */
export function writeTileSlots(user: string | null, store: SlotStore | null, slots: readonly TileSlot[]): void {
  if (!user || !store) return;
  try {
    store.setItem(key(user), JSON.stringify(slots));
  } catch {
    // A full or refused storage only costs the next visit its placeholders.
  }
}

/** The tiles' address as the document's early script asks it on the tower (src/client/early/early-calls.js). */
export const EARLY_TILES_URL = `/api${tileCalls.board.path}`;
