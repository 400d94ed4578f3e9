/**
 * The board's layout kept across renders: each new data (a command's reply, a window read, another
 * planner's change) is laid out again from the last layout at its zoom, only the lines whose bars
 * changed (board-layout.ts `relayoutBoard`); a data already laid out at this zoom is not laid out twice
 * (the reply drawn at once by the page's painter, then rendered), and switching back to a zoom lays out
 * again only the lines changed since it was last shown.
 *
 * Example: `const { layout, layoutOf, layoutAt } = useBoardLayout(data, zoom);`
 */
import { type RefObject, useCallback, useMemo, useRef } from 'react';
import type { CalendarZoom } from '../../model/calendar';
import type { BoardData } from '../../model/schedule-board';
import { type BoardLayout, relayoutSteps } from './board-layout';
import { finish, type Steps } from './board-slices';

/** Draws other data at once on the board's canvas (set by the board while it is shown). */
export type BoardPainter = RefObject<((data: BoardData) => void) | null>;
/** Draws the board at another zoom at once (a zoom tab clicked), before the page renders it. */
export type ZoomPainter = RefObject<((zoom: CalendarZoom) => void) | null>;
/** Lays out data at the board's zoom in steps, before the page renders it (a window's merge, spread over frames: board-slices.ts). */
export type BoardPrelayout = RefObject<((data: BoardData) => Steps<unknown>) | null>;

export function useBoardLayout(data: BoardData, zoom: CalendarZoom) {
  const last = useRef(new Map<CalendarZoom, BoardLayout>());
  const done = useRef(new Map<CalendarZoom, WeakMap<BoardData, BoardLayout>>());
  // Any data at any zoom (a zoom switch is drawn at once at the new zoom, before the page renders it).
  // Any data at any zoom, in steps; kept as the last layout of that zoom.
  const layoutSteps = useCallback(function* (d: BoardData, z: CalendarZoom): Steps<BoardLayout> {
    let byData = done.current.get(z);
    if (!byData) done.current.set(z, (byData = new WeakMap()));
    const known = byData.get(d);
    if (known) return known;
    const next = yield* relayoutSteps(last.current.get(z) ?? null, d, z);
    last.current.set(z, next);
    byData.set(d, next);
    return next;
  }, []);
  const layoutAt = useCallback((d: BoardData, z: CalendarZoom): BoardLayout => finish(layoutSteps(d, z)), [layoutSteps]);
  const layoutOf = useCallback((d: BoardData): BoardLayout => layoutAt(d, zoom), [layoutAt, zoom]);
  const prepare = useCallback((d: BoardData): Steps<BoardLayout> => layoutSteps(d, zoom), [layoutSteps, zoom]);
  const layout = useMemo(() => layoutOf(data), [layoutOf, data]);
  return { layout, layoutOf, layoutAt, prepare };
}
