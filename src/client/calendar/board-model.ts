/**
 * The pure model of the scheduling board: layout of rows (lines grouped by workshop) and day columns
 * per zoom, bar rectangles, the visible window (virtualisation: only rows and bars in view are drawn),
 * hit testing, the drag preview (target line and day, the target's load against capacity, refusal of a
 * line that cannot make the category) and the undo/redo stack of commands. No DOM here; the board
 * component draws what this computes.
 */
import type { BoardBar, BoardCommand, BoardCommandResult, BoardData, BoardLine } from '../../model/schedule-board';
import { barDayMinutes, dayOverloaded, loadByLine, minutesPerPieceOn, overloadedDays, spreadOver } from '../../../calendars/capacity';
import { type BoardLayout, type LaidBar, type Row, STRIP_HEIGHT } from './board-layout';

export { assignLanes, BAR_HEIGHT, type BoardLayout, DAY_WIDTH, GROUP_HEIGHT, LANE_PITCH, layoutBoard, relayoutBoard, type Rect, ROW_HEIGHT, type Row, spanRect, STRIP_HEIGHT, visible } from './board-layout';

export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

export type Hit = { kind: 'bar'; bar: BoardBar; edge: 'body' | 'end' } | { kind: 'cell'; line: BoardLine; dayIndex: number } | null;

/** What is under a point of the board's content: a bar (its body or its resize end), else a cell. */
export function hitTest(layout: BoardLayout, x: number, y: number, edgePx = 6): Hit {
  // Laid out per line: only the bars of the row under the point can be under it.
  const under = rowAt(layout, y);
  const bars: readonly LaidBar[] = layout.cache ? (under ? layout.cache.lines.get(under.line.id)?.abs ?? [] : []) : layout.bars;
  for (let i = bars.length - 1; i >= 0; i--) {
    const { bar, rect } = bars[i];
    if (x >= rect.x && x < rect.x + rect.w && y >= rect.y && y < rect.y + rect.h) {
      return { kind: 'bar', bar, edge: !bar.locked && x >= rect.x + rect.w - Math.min(edgePx, rect.w / 3) ? 'end' : 'body' };
    }
  }
  if (!under) return null;
  const dayIndex = Math.floor(x / layout.dayWidth);
  return dayIndex >= 0 ? { kind: 'cell', line: under.line, dayIndex } : null;
}

/** The line row at a y (binary search over rows sorted by y). */
export function rowAt(layout: BoardLayout, y: number): Extract<Row, { kind: 'line' }> | null {
  let lo = 0;
  let hi = layout.rows.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = layout.rows[mid];
    if (y < r.y) hi = mid - 1;
    else if (y >= r.y + r.height) lo = mid + 1;
    else return r.kind === 'line' ? r : null;
  }
  return null;
}

/** A line can make a category when it lists none (any) or lists it. */
export function canMake(line: BoardLine, category: string): boolean {
  return line.categories.length === 0 || line.categories.includes(category);
}

export type DragPreview = {
  line: BoardLine;
  start: string;
  end: string;
  refused: 'category' | 'locked' | null;
  /** The target line's load per day if the move were made (minutes), aligned with the board's days. */
  load: number[];
  capacity: number[];
  overloaded: boolean[];
  /** Days (indexes) the move leaves over capacity with more load than before: what the planner is asked about. */
  overloads: number[];
};

/**
 * The preview of moving `bar` to `line` starting at day `dayIndex`, computed as the server will have it
 * after the move (calendars/capacity.ts, the functions the server's board and commands use): the bar
 * keeps its length in days; moved to other days its pieces are spread evenly over the working days
 * (`spreadOver`), on the same days they stay as they are; its minutes per piece are the target line's
 * for the category, else the plan's (`minutesPerPieceOn`); the line's load is the sum per day
 * (`loadByLine`) and a day is over capacity by `overloadedDays`.
 */
export function dragPreview(data: BoardData, bar: BoardBar, line: BoardLine, dayIndex: number, endIndex?: number): DragPreview {
  const clamp = (i: number) => Math.max(0, Math.min(i, data.days.length - 1));
  const start = data.days[clamp(dayIndex)]?.date ?? bar.start;
  // A resize gives the new last day; a move keeps the bar's length in days.
  const end = endIndex !== undefined ? data.days[clamp(endIndex)]?.date ?? bar.end : addDays(start, daysBetween(bar.start, bar.end));
  const refused = bar.locked ? 'locked' : canMake(line, bar.category) ? null : 'category';
  const from = data.days[0]?.date ?? data.from;
  const to = data.days.at(-1)?.date ?? data.to;
  const change: { line_id: number; start: string; minutes: number[] }[] = [];
  if (line.id === bar.line_id) change.push({ line_id: line.id, start: bar.start, minutes: barDayMinutes(bar.daily, currentMinutesPerPiece(bar)).map((m) => -m) });
  if (!refused) change.push({ line_id: line.id, start, minutes: placedMinutes(data, bar, line, start, end) });
  const delta = loadByLine(change, from, to).get(line.id);
  const load = line.load.map((l, i) => Math.max(0, l + (delta?.[i] ?? 0)));
  const over = overloadedDays(line.capacity, load);
  const overloaded = load.map(() => false);
  for (const i of over) overloaded[i] = true;
  const overloads = over.filter((i) => load[i] > (line.load[i] ?? 0) + 1e-6);
  return { line, start, end, refused, load, capacity: line.capacity, overloaded, overloads };
}

function currentMinutesPerPiece(bar: BoardBar): number {
  return bar.qty > 0 ? bar.minutes / bar.qty : 0;
}

/** A bar's minutes per day if it were on `line` from `start` to `end` (what the server's move or resize will load). */
export function placedMinutes(data: BoardData, bar: BoardBar, line: BoardLine, start: string, end = addDays(start, daysBetween(bar.start, bar.end))): number[] {
  const same = start === bar.start && end === bar.end && bar.daily.length === daysBetween(bar.start, bar.end) + 1;
  const daily = same ? bar.daily : spreadOver(bar.qty, workingDays(data, start, end));
  return barDayMinutes(daily, minutesPerPieceOn(line.sam, bar.category, bar.minutes_per_piece ?? currentMinutesPerPiece(bar)));
}

/**
 * Working or not for each day of a run: the board's day columns inside its range; outside it, the
 * weekdays the range works on ordinary (not overtime) days.
 */
export function workingDays(data: BoardData, start: string, end: string): boolean[] {
  const first = data.days[0]?.date ?? data.from;
  const weekdays = new Set(data.days.filter((d) => d.working && !d.overtime).map((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay()));
  if (!weekdays.size) [1, 2, 3, 4, 5, 6].forEach((w) => weekdays.add(w));
  const out: boolean[] = [];
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const day = data.days[daysBetween(first, d)];
    out.push(day && day.date === d ? day.working : weekdays.has(new Date(`${d}T00:00:00Z`).getUTCDay()));
  }
  return out;
}

/** The load of one day against its capacity: percent, and whether it is over capacity (the strip's colour and tooltip). */
export function dayLoad(line: BoardLine, load: readonly number[], i: number): { load: number; capacity: number; percent: number | null; over: boolean } {
  const capacity = line.capacity[i] ?? 0;
  const l = load[i] ?? 0;
  return { load: l, capacity, percent: capacity > 0 ? Math.round((l / capacity) * 100) : null, over: dayOverloaded(capacity, l) };
}

/** A line's load over a span of days (the visible ones): average (load / capacity) and peak day, percent; null without capacity. */
export function loadPercent(line: BoardLine, first: number, last: number): { average: number; peak: number } | null {
  let cap = 0;
  let load = 0;
  let peak = 0;
  for (let i = Math.max(0, first); i <= Math.min(last, line.capacity.length - 1); i++) {
    const c = line.capacity[i] ?? 0;
    const l = line.load[i] ?? 0;
    cap += c;
    load += l;
    if (c > 0) peak = Math.max(peak, l / c);
  }
  return cap > 0 ? { average: Math.round((load / cap) * 100), peak: Math.round(peak * 100) } : null;
}

/** The capacity strip of a line under a point (with a few pixels of slack above it), for its tooltip. */
export function stripAt(layout: BoardLayout, x: number, y: number): { line: BoardLine; dayIndex: number } | null {
  const row = rowAt(layout, y);
  if (!row || y < row.y + row.height - STRIP_HEIGHT - 4) return null;
  const dayIndex = Math.floor(x / layout.dayWidth);
  return dayIndex >= 0 ? { line: row.line, dayIndex } : null;
}

export function progress(bar: BoardBar): number {
  return bar.qty > 0 ? Math.min(1, bar.done_qty / bar.qty) : 0;
}

/** Keyboard move of the selected bar: arrows move a day or a line (skipping group headers). */
export function keyTarget(layout: BoardLayout, data: BoardData, bar: BoardBar, key: string): { line: BoardLine; dayIndex: number } | null {
  const row = layout.lineRow.get(bar.line_id);
  if (!row) return null;
  const day = daysBetween(data.days[0]?.date ?? data.from, bar.start);
  const lines = layout.rows.filter((r): r is Extract<Row, { kind: 'line' }> => r.kind === 'line');
  if (key === 'ArrowLeft') return { line: row.line, dayIndex: Math.max(0, day - 1) };
  if (key === 'ArrowRight') return { line: row.line, dayIndex: Math.min(data.days.length - 1, day + 1) };
  if (key === 'ArrowUp' && row.index > 0) return { line: lines[row.index - 1].line, dayIndex: day };
  if (key === 'ArrowDown' && row.index < lines.length - 1) return { line: lines[row.index + 1].line, dayIndex: day };
  return null;
}

/**
 * Undo and redo of board commands. An entry holds two sequences of steps, one that does the change and
 * one that undoes it, built from the bars as they were. A step makes its command when it runs, from the
 * bars created so far: `own` by the earlier steps of the same run, `other` by the other sequence's last
 * run (a split's undo merges the bar its split created; a merge's undo splits the absorbed bars out
 * again, and its redo merges those). Versions are filled in by the runner from the server's replies
 * (`withVersion`); a step returning null is skipped.
 */
export type HistoryStep = (ids: { own: number[]; other: number[] }) => BoardCommand | null;
export type HistoryEntry = { do: HistoryStep[]; undo: HistoryStep[] };

export class CommandHistory {
  private done: HistoryEntry[] = [];
  private undone: HistoryEntry[] = [];
  /** Bars created by the last run of each entry's sequences. */
  private created = new WeakMap<HistoryEntry, { do: number[]; undo: number[] }>();
  constructor(private readonly limit = 100) {}
  /** Records an entry whose `do` has just run, creating `created` bars. */
  push(entry: HistoryEntry, created: number[] = []) {
    this.done.push(entry);
    this.created.set(entry, { do: created, undo: [] });
    if (this.done.length > this.limit) this.done.shift();
    this.undone = [];
  }
  canUndo() { return this.done.length > 0; }
  canRedo() { return this.undone.length > 0; }
  /** The entry to undo (the caller runs `undo` with `createdFor(e, 'undo')`, then calls `confirmUndo`). */
  peekUndo(): HistoryEntry | undefined { return this.done[this.done.length - 1]; }
  peekRedo(): HistoryEntry | undefined { return this.undone[this.undone.length - 1]; }
  /** The ids the given sequence may name: those the other sequence created in its last run. */
  otherOf(entry: HistoryEntry, run: 'do' | 'undo'): number[] {
    const c = this.created.get(entry);
    return (run === 'do' ? c?.undo : c?.do) ?? [];
  }
  confirmUndo(created: number[] = []) { const e = this.done.pop(); if (e) { this.undone.push(e); this.created.set(e, { do: this.created.get(e)?.do ?? [], undo: created }); } }
  confirmRedo(created: number[] = []) { const e = this.undone.pop(); if (e) { this.done.push(e); this.created.set(e, { undo: this.created.get(e)?.undo ?? [], do: created }); } }
  clear() { this.done = []; this.undone = []; }
}

/** The inverse of a move, resize or lock command, from the bar as it was before. */
export function inverseOf(cmd: BoardCommand, before: BoardBar): BoardCommand | null {
  switch (cmd.op) {
    case 'move': return { op: 'move', bar_id: before.id, version: before.version + 1, line_id: before.line_id, start: before.start };
    case 'resize': return { op: 'resize', bar_id: before.id, version: before.version + 1, end: before.end };
    case 'lock': return { op: 'unlock', bar_id: before.id, version: before.version + 1 };
    case 'unlock': return { op: 'lock', bar_id: before.id, version: before.version + 1 };
    default: return null;
  }
}

/**
 * Steps that put a bar, now spanning `from`..`to` on its own line, back on its own days (a move keeps the
 * length in days, so a resize follows when the length differs). `id` names the bar when the step runs.
 */
function backToDays(id: (ids: { own: number[] }) => number, was: BoardBar, from: string, to: string): HistoryStep[] {
  const steps: HistoryStep[] = [];
  if (was.start !== from) steps.push((ids) => ({ op: 'move', bar_id: id(ids), version: 0, line_id: was.line_id, start: was.start }));
  if (addDays(was.start, daysBetween(from, to)) !== was.end) steps.push((ids) => ({ op: 'resize', bar_id: id(ids), version: 0, end: was.end }));
  return steps;
}

/**
 * The history entry of a command that has just been done, from the bars as they were (a merge: all its
 * bars, the kept one first; otherwise the one bar). Null when it cannot be undone.
 *
 * A split keeps the first bar's days and puts the new bar on the same days (on its line), so merging
 * the two undoes it. A merge keeps the first bar over the span of all, so its undo splits each absorbed
 * bar's quantity out onto its own line, moves and resizes it back to its days, and puts the kept bar
 * back on its own days. Pieces per day are spread again evenly by the server after a split or merge.
 */
export function historyEntryFor(cmd: BoardCommand, before: BoardBar[]): HistoryEntry | null {
  const first = before[0];
  if (!first) return null;
  switch (cmd.op) {
    case 'move':
    case 'resize':
    case 'lock':
    case 'unlock': {
      const inverse = inverseOf(cmd, first);
      return inverse ? { do: [() => cmd], undo: [() => inverse] } : null;
    }
    case 'split':
      return {
        do: [() => cmd],
        undo: [({ other }) => (other[0] === undefined ? null : { op: 'merge', bar_ids: [cmd.bar_id, other[0]], versions: [0, 0] })],
      };
    case 'merge': {
      const kept = before.find((b) => b.id === cmd.bar_ids[0]);
      const absorbed = cmd.bar_ids.slice(1).map((id) => before.find((b) => b.id === id));
      if (!kept || absorbed.some((b) => !b)) return null;
      const from = before.map((b) => b.start).sort()[0];
      const to = before.map((b) => b.end).sort().at(-1)!;
      const undo: HistoryStep[] = [];
      absorbed.forEach((b, i) => {
        const was = b!;
        // Split off onto its own line: the new bar spans the merged days there.
        undo.push(() => ({ op: 'split', bar_id: kept.id, version: 0, qty: was.qty, ...(was.line_id !== kept.line_id ? { line_id: was.line_id } : {}) }));
        undo.push(...backToDays(({ own }) => own[i], was, from, to));
      });
      undo.push(...backToDays(() => kept.id, kept, from, to));
      return {
        do: [({ other }) => (other.length ? { op: 'merge', bar_ids: [kept.id, ...other], versions: [0, ...other.map(() => 0)] } : cmd)],
        undo,
      };
    }
    default:
      return null;
  }
}

/** A drop that would overload the target line: the command, the bar as it was, and the preview that showed it. */
export type OverloadAsk = { cmd: Extract<BoardCommand, { op: 'move' | 'resize' }>; before: BoardBar; preview: DragPreview };

/**
 * A move the planner chose to start on its material's day (the server's gate, asked before the drop):
 * the same question a drop there asks when that day overloads the line (issue 31): the move from the
 * gate day as an overload ask, or null when the day leaves the line within capacity, the move pushes
 * the following plans anyway, or the gate day or the line is not on the board.
 */
export function gateDayOverload(data: BoardData, cmd: Extract<BoardCommand, { op: 'move' }>, before: BoardBar, gateDay: string): OverloadAsk | null {
  if (cmd.push) return null;
  const line = data.lines.find((l) => l.id === cmd.line_id);
  const dayIndex = data.days.findIndex((d) => d.date === gateDay);
  if (!line || dayIndex < 0) return null;
  const preview = dragPreview(data, before, line, dayIndex);
  if (preview.refused || !preview.overloads.length) return null;
  // Started on the gate day, the server is not asked again ('keep' keeps this day, now the gate's own).
  return { cmd: { ...cmd, start: gateDay, material: 'keep' }, before, preview };
}

/** The overloaded days of an ask as the dialog lists them: date, load and capacity, rest day or not. */
export function overloadRows(data: BoardData, preview: DragPreview): { date: string; load: number; capacity: number; rest: boolean }[] {
  return preview.overloads.map((i) => ({ date: data.days[i]?.date ?? '', load: Math.round(preview.load[i]), capacity: Math.round(preview.capacity[i] ?? 0), rest: !data.days[i]?.working && !(preview.capacity[i] > 0) }));
}

/**
 * The history entry of a move that pushed the following plans later: redo sends the same pushing move;
 * undo is one `place` command putting every bar it moved back where the reply says it was (line, days
 * and pieces per day), one step on the server.
 */
export function pushHistoryEntry(cmd: BoardCommand, previous: NonNullable<BoardCommandResult['previous']>, now: BoardBar[]): HistoryEntry {
  const current = new Set(now.map((b) => b.id));
  const bars = previous.filter((p) => current.has(p.id)).map((p) => ({ bar_id: p.id, version: 0, line_id: p.line_id, start: p.start, end: p.end, daily: p.daily ?? null }));
  return { do: [() => cmd], undo: bars.length ? [() => ({ op: 'place', bars })] : [] };
}

/**
 * The command as the history keeps it: a move that asked about the material gate and was not refused
 * (its day was not before the gate) is redone at that day without asking (`keep`).
 */
export function settled(cmd: BoardCommand): BoardCommand {
  return cmd.op === 'move' && cmd.material === 'ask' ? { ...cmd, material: 'keep' } : cmd;
}

/** A command with the bar's current version (after other commands or other planners changed it). */
export function withVersion(cmd: BoardCommand, versionOf: (barId: number) => number | undefined): BoardCommand {
  if (cmd.op === 'merge') return { ...cmd, versions: cmd.bar_ids.map((id, i) => versionOf(id) ?? cmd.versions[i]) };
  if (cmd.op === 'place') return { ...cmd, bars: cmd.bars.map((b) => ({ ...b, version: versionOf(b.bar_id) ?? b.version })) };
  return { ...cmd, version: versionOf(cmd.bar_id) ?? cmd.version };
}

/** Applies a command reply to the board data (bars changed or created, removed, lines' new load). */
export function applyResult(data: BoardData, result: { bars: BoardBar[]; removed: number[]; lines: { id: number; load: number[] }[] }): BoardData {
  const changed = new Map(result.bars.map((b) => [b.id, b]));
  const removed = new Set(result.removed);
  const bars = data.bars.filter((b) => !removed.has(b.id) && !changed.has(b.id)).concat(result.bars);
  const loads = new Map(result.lines.map((l) => [l.id, l.load]));
  const lines = data.lines.map((l) => (loads.has(l.id) ? { ...l, load: loads.get(l.id)! } : l));
  return { ...data, bars, lines };
}

/** A split's quantity checked before it is sent: the i18n key of the error and its parameters, or null. */
export function validateSplit(bar: BoardBar, raw: string, line?: BoardLine): { key: string; params?: Record<string, unknown> } | null {
  if (bar.qty < 2) return { key: 'board.split.err.single' };
  const text = raw.trim();
  if (!text) return { key: 'board.split.err.required' };
  const n = Number(text);
  if (!Number.isFinite(n) || !Number.isInteger(n)) return { key: 'board.split.err.integer' };
  if (n < 1 || n > bar.qty - 1) return { key: 'board.split.err.range', params: { max: bar.qty - 1 } };
  if (line && !canMake(line, bar.category)) return { key: 'board.split.err.line', params: { line: line.code, category: bar.category } };
  return null;
}

/** The selected bars checked for a merge: at least two, of one plan, none locked. */
export function validateMerge(bars: BoardBar[]): { key: string } | null {
  if (bars.length < 2) return { key: 'board.merge.err.count' };
  if (new Set(bars.map((b) => b.plan_id)).size > 1) return { key: 'board.merge.err.plan' };
  if (bars.some((b) => b.locked)) return { key: 'board.merge.err.locked' };
  return null;
}

/** A line's capacity, load and free minutes over a run of days (the split dialog's target figures). */
export function lineWindow(data: BoardData, line: BoardLine, start: string, end: string): { capacity: number; load: number; free: number } {
  const first = data.days[0]?.date ?? data.from;
  const s = Math.max(0, daysBetween(first, start));
  const e = Math.min(data.days.length - 1, daysBetween(first, end));
  let capacity = 0;
  let load = 0;
  for (let i = s; i <= e; i++) {
    capacity += line.capacity[i] ?? 0;
    load += line.load[i] ?? 0;
  }
  return { capacity, load, free: capacity - load };
}

/** Difference of a figure between a scenario and the live schedule, and whether it is an improvement. */
export function delta(live: number, scenario: number, lowerIsBetter: boolean): { diff: number; tone: 'better' | 'worse' | 'same' } {
  const diff = scenario - live;
  if (Math.abs(diff) < 1e-9) return { diff: 0, tone: 'same' };
  return { diff, tone: (diff < 0) === lowerIsBetter ? 'better' : 'worse' };
}

/** A time as the planner reads it: local `YYYY-MM-DD HH:mm` (an ISO string or a Date). */
export function localStamp(at: string | Date = new Date()): string {
  const d = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(d.getTime())) return String(at).slice(0, 16).replace('T', ' ');
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

/**
 * Plans placed differently in a scenario than live (another line, other days or other pieces; placed
 * in one and not the other): the board outlines their live bars under the scenario's.
 */
export function movedPlans(live: BoardBar[], scenario: BoardBar[]): Set<number> {
  const sig = (bars: BoardBar[]) => {
    const m = new Map<number, string[]>();
    for (const b of bars) {
      const list = m.get(b.plan_id) ?? [];
      list.push(`${b.line_id}|${b.start}|${b.end}|${b.qty}`);
      m.set(b.plan_id, list);
    }
    return new Map([...m].map(([k, v]) => [k, v.sort().join(';')]));
  };
  const a = sig(live);
  const b = sig(scenario);
  const moved = new Set<number>();
  for (const id of new Set([...a.keys(), ...b.keys()])) if (a.get(id) !== b.get(id)) moved.add(id);
  return moved;
}
