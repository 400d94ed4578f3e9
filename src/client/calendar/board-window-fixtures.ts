import { encodeBoardBars, type BoardWindow } from '../../model/board-window';
import type { BoardBar, BoardLine } from '../../model/schedule-board';
import { addDays, daysBetween } from './board-model';

/**
 * Fixtures of the board's window tests (board-windows.test.ts, board-slices.test.ts): a line and the
 * server's answer for a window, so that both tests read windows answered alike.
 */

/** A line of the test board, its load as given and a capacity of 9,600 minutes a day. */
export function testLine(id: number, load: number[]): BoardLine {
  return { id, code: `L${id}`, name: `Line ${id}`, workshop_id: Math.ceil(id / 10), workshop_name: `W${Math.ceil(id / 10)}`, categories: [], operators: 20, efficiency: 1, capacity: load.map(() => 9600), load };
}

/** What the server answers for a window: the bars touching it on its lines, encoded; each line's load over its days (line id x 1000 + day from `origin`). */
export function serveWindow(all: readonly BoardBar[], lines: number[], from: string, to: string, origin: string): BoardWindow {
  const set = new Set(lines);
  const bars = all.filter((b) => set.has(b.line_id) && b.start <= to && b.end >= from).sort((a, b) => a.line_id - b.line_id || a.start.localeCompare(b.start) || a.id - b.id);
  const n = daysBetween(from, to) + 1;
  const days = Array.from({ length: n }, (_, i) => ({ date: addDays(from, i), working: true, holiday: false, overtime: false }));
  const off = daysBetween(origin, from);
  return { from, to, scenario_id: null, days, lines: lines.map((id) => testLine(id, Array.from({ length: n }, (_, i) => id * 1000 + off + i))), ...encodeBoardBars(bars) };
}
