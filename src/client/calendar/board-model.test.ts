import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commandBars, type BoardBar, type BoardCommand, type BoardData } from '../../model/schedule-board';
import { CommandHistory, addDays, applyResult, historyEntryFor, type HistoryStep, delta, dragPreview, gateDayOverload, localStamp, movedPlans, hitTest, inverseOf, keyTarget, layoutBoard, lineWindow, rowAt, validateMerge, validateSplit, visible, withVersion, DAY_WIDTH, GROUP_HEIGHT, ROW_HEIGHT,
  assignLanes, dayLoad, LANE_PITCH, loadPercent, overloadRows, pushHistoryEntry, settled, stripAt, STRIP_HEIGHT, workingDays } from './board-model';
import { edgeStep } from './useEdgeAutoScroll';

/** Test fixture: an in-memory board of `lines` lines in two workshops over `days` days. */
function board(lines = 4, days = 14, bars: Partial<BoardBar>[] = []): BoardData {
  const from = '2026-12-01';
  return {
    from,
    to: addDays(from, days - 1),
    scenario_id: null,
    days: Array.from({ length: days }, (_, i) => ({ date: addDays(from, i), working: i % 7 < 5, holiday: false, overtime: false })),
    lines: Array.from({ length: lines }, (_, i) => ({
      id: i + 1, code: `L${i + 1}`, name: `Line ${i + 1}`, workshop_id: i < lines / 2 ? 1 : 2, workshop_name: i < lines / 2 ? 'W1' : 'W2',
      categories: i === lines - 1 ? ['knit'] : [], operators: 20, efficiency: 1,
      capacity: Array.from({ length: days }, (_, d) => (d % 7 < 5 ? 9600 : 0)), load: Array.from({ length: days }, () => 0),
    })),
    bars: bars.map((b, i) => ({
      id: i + 1, version: 1, plan_id: i + 1, plan_no: `P${i + 1}`, order_no: 'O1', customer: 'C', style_no: 'S1', category: 'woven',
      line_id: 1, start: from, end: addDays(from, 1), qty: 200, done_qty: 50, minutes: 4000, daily: [100, 100], delivery_date: null,
      late: false, locked: false, split_index: 1, split_count: 1, scenario_id: null, ...b,
    })),
  };
}

describe('board layout', () => {
  it('groups lines by workshop with a header row each and places bars by day', () => {
    const data = board(4, 14, [{ line_id: 3, start: '2026-12-03', end: '2026-12-05', daily: [1, 1, 1] }]);
    const layout = layoutBoard(data, 'day');
    expect(layout.rows.map((r) => (r.kind === 'group' ? r.workshop : r.line.code))).toEqual(['W1', 'L1', 'L2', 'W2', 'L3', 'L4']);
    const { rect } = layout.bars[0];
    expect(rect.x).toBe(2 * DAY_WIDTH.day);
    expect(rect.w).toBe(3 * DAY_WIDTH.day);
    expect(rect.y).toBe(layout.lineRow.get(3)!.y + 3);
    expect(layout.height).toBe(2 * GROUP_HEIGHT + 4 * ROW_HEIGHT);
    expect(layoutBoard(data, 'month').width).toBe(14 * DAY_WIDTH.month);
  });

  it('draws only rows and bars in view among 5,000 bars on 300 lines', () => {
    const many: Partial<BoardBar>[] = Array.from({ length: 5000 }, (_, i) => ({ line_id: (i % 300) + 1, start: addDays('2026-12-01', (i * 7) % 170), end: addDays('2026-12-01', ((i * 7) % 170) + 2), daily: [] }));
    const data = board(300, 180, many);
    // What it costs is measured by `npm run bench` (B5), not here: a timed assertion fails on a busy machine.
    const layout = layoutBoard(data, 'day');
    const v = visible(layout, { x: 0, y: 0, w: 1200, h: 700 }, 0);
    expect(layout.bars).toHaveLength(5000);
    expect(v.rows.length).toBeLessThan(30);
    expect(v.bars.length).toBeGreaterThan(0);
    expect(v.bars.length).toBeLessThan(300);
  });
});

describe('hit testing', () => {
  it('finds a bar body, its resize end, a cell, and nothing on a group header', () => {
    const data = board(4, 14, [{ line_id: 1 }]);
    const layout = layoutBoard(data, 'day');
    const { rect } = layout.bars[0];
    expect(hitTest(layout, rect.x + 5, rect.y + 5)).toMatchObject({ kind: 'bar', edge: 'body' });
    expect(hitTest(layout, rect.x + rect.w - 2, rect.y + 5)).toMatchObject({ kind: 'bar', edge: 'end' });
    const row2 = layout.lineRow.get(2)!;
    expect(hitTest(layout, 5 * DAY_WIDTH.day + 1, row2.y + 2)).toMatchObject({ kind: 'cell', dayIndex: 5, line: { id: 2 } });
    expect(hitTest(layout, 10, 2)).toBeNull();
    expect(rowAt(layout, row2.y + ROW_HEIGHT - 1)?.line.id).toBe(2);
  });

  it('a locked bar has no resize end', () => {
    const layout = layoutBoard(board(2, 7, [{ locked: true }]), 'day');
    const { rect } = layout.bars[0];
    expect(hitTest(layout, rect.x + rect.w - 2, rect.y + 5)).toMatchObject({ kind: 'bar', edge: 'body' });
  });
});

describe('drag preview', () => {
  it('moves the bar minutes onto the target line and marks overload', () => {
    const data = board(4, 14, [{ line_id: 1, minutes: 20000, daily: [100, 100] }]);
    data.lines[0].load[0] = 10000;
    data.lines[0].load[1] = 10000;
    data.lines[1].load[3] = 500;
    const p = dragPreview(data, data.bars[0], data.lines[1], 3);
    expect(p.refused).toBeNull();
    expect(p.start).toBe('2026-12-04');
    expect(p.end).toBe('2026-12-05');
    expect(p.load[3]).toBe(10500);
    expect(p.load[4]).toBe(10000);
    expect(p.overloaded[3]).toBe(true);
    expect(p.overloaded[2]).toBe(false);
    // Within its own line the bar's old days are freed.
    const same = dragPreview(data, data.bars[0], data.lines[0], 2);
    expect(same.load.slice(0, 4)).toEqual([0, 0, 10000, 10000]);
  });

  it('refuses a line that cannot make the category and a locked bar', () => {
    const data = board(4, 14, [{ category: 'woven' }, { category: 'woven', locked: true }]);
    const p = dragPreview(data, data.bars[0], data.lines[3], 1);
    expect(p.refused).toBe('category');
    expect(p.load).toEqual(data.lines[3].load);
    expect(dragPreview(data, data.bars[1], data.lines[1], 1).refused).toBe('locked');
  });
});

describe('keyboard moves', () => {
  it('arrows move a day or a line across workshop headers', () => {
    const data = board(4, 14, [{ line_id: 2, start: '2026-12-03', end: '2026-12-03', daily: [1] }]);
    const layout = layoutBoard(data, 'day');
    const bar = data.bars[0];
    expect(keyTarget(layout, data, bar, 'ArrowRight')).toMatchObject({ dayIndex: 3, line: { id: 2 } });
    expect(keyTarget(layout, data, bar, 'ArrowLeft')).toMatchObject({ dayIndex: 1 });
    expect(keyTarget(layout, data, bar, 'ArrowDown')).toMatchObject({ line: { id: 3 } });
    expect(keyTarget(layout, data, bar, 'ArrowUp')).toMatchObject({ line: { id: 1 } });
  });
});

describe('undo and redo', () => {
  it('undoes and redoes commands with the current versions; a new command clears redo', () => {
    const h = new CommandHistory();
    const data = board(2, 7, [{}]);
    const bar = data.bars[0];
    const move = { op: 'move' as const, bar_id: 1, version: 1, line_id: 2, start: '2026-12-03' };
    expect(inverseOf(move, bar)).toEqual({ op: 'move', bar_id: 1, version: 2, line_id: 1, start: '2026-12-01' });
    const entry = historyEntryFor(move, [bar])!;
    h.push(entry);
    expect(entry.undo.map((s) => s({ own: [], other: [] }))).toEqual([{ op: 'move', bar_id: 1, version: 2, line_id: 1, start: '2026-12-01' }]);
    h.confirmUndo();
    expect(h.canUndo()).toBe(false);
    expect(h.canRedo()).toBe(true);
    expect(withVersion(h.peekRedo()!.do[0]({ own: [], other: [] })!, () => 3)).toMatchObject({ version: 3 });
    h.confirmRedo();
    expect(h.canUndo()).toBe(true);
    h.confirmUndo();
    h.push(historyEntryFor({ op: 'lock', bar_id: 1, version: 4 }, [bar])!);
    expect(h.canRedo()).toBe(false);
  });

  /**
   * A model of the planning service's commands on bars (planning.service.ts runCommand): a split keeps
   * the bar's days and puts the new bar on the same days; a merge keeps the first bar over the span of
   * all; a move keeps the length in days. Versions rise by one per write; a stale version is refused.
   */
  function server(bars: BoardBar[]) {
    let next = Math.max(...bars.map((b) => b.id)) + 1;
    const live = new Map(bars.map((b) => [b.id, { ...b }]));
    const bump = (b: BoardBar, patch: Partial<BoardBar>) => { const n = { ...b, ...patch, version: b.version + 1 }; live.set(b.id, n); return n; };
    const get = (id: number, version: number) => {
      const b = live.get(id);
      if (!b) throw new Error(`bar ${id} not found`);
      if (b.version !== version) throw new Error(`bar ${id} stale: ${version} != ${b.version}`);
      return b;
    };
    return {
      bars: () => [...live.values()].sort((a, b) => a.id - b.id),
      run(cmd: BoardCommand): { bars: BoardBar[]; removed: number[] } {
        switch (cmd.op) {
          case 'move': { const b = get(cmd.bar_id, cmd.version); return { bars: [bump(b, { line_id: cmd.line_id, start: cmd.start, end: addDays(cmd.start, daysBetweenText(b.start, b.end)) })], removed: [] }; }
          case 'resize': { const b = get(cmd.bar_id, cmd.version); return { bars: [bump(b, { end: cmd.end })], removed: [] }; }
          case 'lock': case 'unlock': { const b = get(cmd.bar_id, cmd.version); return { bars: [bump(b, { locked: cmd.op === 'lock' })], removed: [] }; }
          case 'split': {
            const b = get(cmd.bar_id, cmd.version);
            if (cmd.qty <= 0 || cmd.qty >= b.qty) throw new Error('split qty');
            const kept = bump(b, { qty: b.qty - cmd.qty });
            const created: BoardBar = { ...b, id: next++, version: 1, qty: cmd.qty, line_id: cmd.line_id ?? b.line_id, locked: false };
            live.set(created.id, created);
            return { bars: [kept, created], removed: [] };
          }
          case 'merge': {
            const rows = cmd.bar_ids.map((id, i) => get(id, cmd.versions[i]));
            const start = rows.map((b) => b.start).sort()[0];
            const end = rows.map((b) => b.end).sort().at(-1)!;
            const kept = bump(rows[0], { qty: rows.reduce((a, b) => a + b.qty, 0), start, end });
            for (const b of rows.slice(1)) live.delete(b.id);
            return { bars: [kept], removed: cmd.bar_ids.slice(1) };
          }
          case 'place': {
            const rows = cmd.bars.map((p) => get(p.bar_id, p.version));
            return { bars: rows.map((b, i) => { const p = cmd.bars[i]; return bump(b, { line_id: p.line_id, start: p.start, end: p.end, ...(p.daily ? { daily: p.daily } : {}) }); }), removed: [] };
          }
        }
      },
    };
  }
  const daysBetweenText = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

  /** The page's runner (ScheduleBoardPage runSteps): versions from the replies, created bars collected. */
  function runSteps(srv: ReturnType<typeof server>, steps: HistoryStep[], other: number[]): number[] {
    const own: number[] = [];
    for (const step of steps) {
      const raw = step({ own, other });
      if (!raw) continue;
      const cmd = withVersion(raw, (id) => srv.bars().find((b) => b.id === id)?.version);
      const named = commandBars(cmd).ids;
      for (const b of srv.run(cmd).bars) if (!named.includes(b.id)) own.push(b.id);
    }
    return own;
  }
  const shape = (bars: BoardBar[]) => bars.map((b) => `${b.line_id}:${b.start}..${b.end}x${b.qty}`).sort();

  it('undoes a split by merging the new bar back, and redoes it as often as asked', () => {
    const data = board(3, 14, [{ qty: 300, start: '2026-12-02', end: '2026-12-06' }]);
    const srv = server(data.bars);
    const h = new CommandHistory();
    const cmd: BoardCommand = { op: 'split', bar_id: 1, version: 1, qty: 120, line_id: 2 };
    const before = srv.bars();
    const created = srv.run(cmd).bars.map((b) => b.id).filter((id) => id !== 1);
    h.push(historyEntryFor(cmd, before)!, created);
    expect(shape(srv.bars())).toEqual(['1:2026-12-02..2026-12-06x180', '2:2026-12-02..2026-12-06x120']);
    for (let round = 0; round < 3; round++) {
      const e = h.peekUndo()!;
      h.confirmUndo(runSteps(srv, e.undo, h.otherOf(e, 'undo')));
      expect(shape(srv.bars())).toEqual(shape(before));
      const r = h.peekRedo()!;
      h.confirmRedo(runSteps(srv, r.do, h.otherOf(r, 'do')));
      expect(shape(srv.bars())).toEqual(['1:2026-12-02..2026-12-06x180', '2:2026-12-02..2026-12-06x120']);
    }
  });

  it('undoes a merge of three bars on two lines by splitting each back onto its line and days; redo merges again', () => {
    const data = board(3, 20, [
      { qty: 100, line_id: 1, start: '2026-12-03', end: '2026-12-05' },
      { qty: 60, line_id: 2, start: '2026-12-01', end: '2026-12-02' },
      { qty: 40, line_id: 1, start: '2026-12-08', end: '2026-12-12' },
    ]);
    const srv = server(data.bars);
    const before = srv.bars();
    const h = new CommandHistory();
    const cmd: BoardCommand = { op: 'merge', bar_ids: [1, 2, 3], versions: [1, 1, 1] };
    srv.run(cmd);
    h.push(historyEntryFor(cmd, before)!);
    expect(shape(srv.bars())).toEqual(['1:2026-12-01..2026-12-12x200']);
    for (let round = 0; round < 2; round++) {
      const e = h.peekUndo()!;
      h.confirmUndo(runSteps(srv, e.undo, h.otherOf(e, 'undo')));
      expect(shape(srv.bars())).toEqual(shape(before));
      const r = h.peekRedo()!;
      h.confirmRedo(runSteps(srv, r.do, h.otherOf(r, 'do')));
      expect(shape(srv.bars())).toEqual(['1:2026-12-01..2026-12-12x200']);
    }
  });

  it('applies a command reply: changed bars replace, removed go, touched lines take their new load', () => {
    const data = board(2, 7, [{}, { plan_id: 1, split_index: 2, split_count: 2 }]);
    const next = applyResult(data, { bars: [{ ...data.bars[0], qty: 400, version: 2, split_count: 1 }], removed: [2], lines: [{ id: 1, load: [1, 2, 3, 4, 5, 6, 7] }] });
    expect(next.bars).toHaveLength(1);
    expect(next.bars[0]).toMatchObject({ id: 1, qty: 400, version: 2 });
    expect(next.lines[0].load[6]).toBe(7);
    expect(next.lines[1]).toBe(data.lines[1]);
  });

  it('puts every pushed bar back exactly, at the versions the push left, whatever the push did', () => {
    const span = fc.record({ line: fc.integer({ min: 1, max: 3 }), start: fc.integer({ min: 0, max: 40 }), len: fc.integer({ min: 0, max: 6 }) });
    fc.assert(fc.property(fc.array(fc.tuple(span, span), { minLength: 1, maxLength: 30 }), (moves) => {
      const from = '2026-12-01';
      const was = moves.map(([a], i) => ({ id: i + 1, line_id: a.line, start: addDays(from, a.start), end: addDays(from, a.start + a.len), daily: Array.from({ length: a.len + 1 }, (_, d) => 10 + d) }));
      const srv = server(board(3, 60, was).bars);
      const before = srv.bars();
      // The push as the server did it: every bar to its new place, versions bumped; `previous` names where each was.
      const pushed = srv.run({ op: 'place', bars: moves.map(([, b], i) => ({ bar_id: i + 1, version: 1, line_id: b.line, start: addDays(from, b.start), end: addDays(from, b.start + b.len) })) }).bars;
      const entry = pushHistoryEntry({ op: 'move', bar_id: 1, version: 1, line_id: 1, start: from, push: true }, was.map((b) => ({ ...b })), pushed);
      expect(entry.undo).toHaveLength(1);
      runSteps(srv, entry.undo, []);
      expect(srv.bars().map((b) => ({ id: b.id, line_id: b.line_id, start: b.start, end: b.end, daily: b.daily }))).toEqual(before.map((b) => ({ id: b.id, line_id: b.line_id, start: b.start, end: b.end, daily: b.daily })));
    }), { numRuns: 100 });
  });
});

describe('split, merge and compare checks', () => {
  it('a split takes a whole number of pieces between 1 and the bar\'s quantity less one, onto a line that can make it', () => {
    const data = board(4, 14, [{ qty: 200 }]);
    const bar = data.bars[0];
    expect(validateSplit(bar, '')).toEqual({ key: 'board.split.err.required' });
    expect(validateSplit(bar, '2.5')).toEqual({ key: 'board.split.err.integer' });
    expect(validateSplit(bar, 'abc')).toEqual({ key: 'board.split.err.integer' });
    expect(validateSplit(bar, '0')).toEqual({ key: 'board.split.err.range', params: { max: 199 } });
    expect(validateSplit(bar, '200')).toEqual({ key: 'board.split.err.range', params: { max: 199 } });
    expect(validateSplit(bar, '199')).toBeNull();
    expect(validateSplit(bar, '80', data.lines[3])).toEqual({ key: 'board.split.err.line', params: { line: 'L4', category: 'woven' } });
    expect(validateSplit(bar, '80', data.lines[1])).toBeNull();
    expect(validateSplit({ ...bar, qty: 1 }, '1')).toEqual({ key: 'board.split.err.single' });
  });

  it('a merge needs two or more unlocked bars of one plan', () => {
    const data = board(4, 14, [{ plan_id: 7 }, { plan_id: 7 }, { plan_id: 8 }]);
    const [a, b, c] = data.bars;
    expect(validateMerge([a])).toEqual({ key: 'board.merge.err.count' });
    expect(validateMerge([a, c])).toEqual({ key: 'board.merge.err.plan' });
    expect(validateMerge([a, { ...b, locked: true }])).toEqual({ key: 'board.merge.err.locked' });
    expect(validateMerge([a, b])).toBeNull();
  });

  it('sums a line\'s capacity and load over a bar\'s days, clipped to the board', () => {
    const data = board(2, 14);
    data.lines[1].load[0] = 1000;
    data.lines[1].load[1] = 2000;
    // 2026-12-01 .. 12-07: days 0..4 working (9600 each), 5 and 6 not.
    expect(lineWindow(data, data.lines[1], '2026-12-01', '2026-12-07')).toEqual({ capacity: 5 * 9600, load: 3000, free: 5 * 9600 - 3000 });
    expect(lineWindow(data, data.lines[1], '2026-11-28', '2026-12-01')).toEqual({ capacity: 9600, load: 1000, free: 8600 });
  });

  it('marks a scenario figure better or worse than live by its direction', () => {
    expect(delta(5, 3, true)).toEqual({ diff: -2, tone: 'better' });
    expect(delta(5, 7, true)).toEqual({ diff: 2, tone: 'worse' });
    expect(delta(0.6, 0.7, false)).toEqual({ diff: expect.closeTo(0.1, 9), tone: 'better' });
    expect(delta(4, 4, true)).toEqual({ diff: 0, tone: 'same' });
  });
});

describe('local time stamp', () => {
  it('shows a time in the planner\'s own clock', () => {
    expect(localStamp(new Date(2026, 0, 2, 3, 4))).toBe('2026-01-02 03:04');
    expect(localStamp(new Date(2026, 10, 25, 16, 30).toISOString())).toBe('2026-11-25 16:30');
    expect(localStamp('not a date')).toBe('not a date');
  });
});

describe('plans moved by a scenario', () => {
  it('finds plans on another line, other days, other pieces, or placed on one side only', () => {
    const live = board(4, 14, [{ plan_id: 1 }, { plan_id: 2 }, { plan_id: 3 }, { plan_id: 4 }, { plan_id: 5 }]).bars;
    const scen = live.map((b) => ({ ...b, id: b.id + 100 }));
    scen[1] = { ...scen[1], line_id: 2 };
    scen[2] = { ...scen[2], start: '2026-12-02', end: '2026-12-03' };
    scen[3] = { ...scen[3], qty: 150 };
    const placedOnlyInScenario = { ...scen[0], id: 200, plan_id: 9 };
    expect([...movedPlans(live, [...scen.slice(0, 4), placedOnlyInScenario])].sort()).toEqual([2, 3, 4, 5, 9]);
    expect(movedPlans(live, scen.map((b) => ({ ...b }))).size).toBe(3);
  });
});

describe('sub-rows (interval partitioning)', () => {
  const overlapping = (a: { start: number; end: number }, b: { start: number; end: number }) => a.start <= b.end && b.start <= a.end;

  it('puts bars that overlap in days on different sub-rows, reusing a sub-row once it is free', () => {
    const spans = [{ start: 0, end: 4 }, { start: 2, end: 6 }, { start: 5, end: 8 }, { start: 7, end: 9 }, { start: 3, end: 3 }];
    const { lane, count } = assignLanes(spans);
    expect(count).toBe(3); // days 3-4 have three bars
    expect(lane).toEqual([0, 1, 0, 1, 2]);
  });

  it('a hand-over day (one bar ends, the next starts) keeps one sub-row; a one-day bar on it does not', () => {
    expect(assignLanes([{ start: 0, end: 4 }, { start: 4, end: 8 }, { start: 8, end: 8 }, { start: 8, end: 10 }])).toEqual({ lane: [0, 0, 1, 0], count: 2 });
  });

  it('property: no two bars overlapping in time share a sub-row and the count is the most overlapping at once', () => {
    // Overlap in time: any shared day, except a hand-over day between two bars of several days.
    const clash = (a: { start: number; end: number }, b: { start: number; end: number }) => {
      if (!overlapping(a, b)) return false;
      const handover = (x: typeof a, y: typeof a) => x.end === y.start && x.start < x.end && y.start < y.end;
      return !(handover(a, b) || handover(b, a));
    };
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 10 })), { maxLength: 40 }), (raw) => {
      const spans = raw.map(([s, l]) => ({ start: s, end: s + l }));
      const { lane, count } = assignLanes(spans);
      for (let i = 0; i < spans.length; i++) for (let j = i + 1; j < spans.length; j++) if (lane[i] === lane[j]) expect(clash(spans[i], spans[j])).toBe(false);
      // The most bars pairwise clashing at one moment (morning or afternoon of a day): no fewer sub-rows will do.
      let depth = 1;
      for (let d = 0; d <= 71; d++) {
        const morning = spans.filter((s) => s.start <= d && d <= s.end && !(s.start === d && s.end > s.start));
        const afternoon = spans.filter((s) => s.start <= d && d <= s.end && !(s.end === d && s.end > s.start));
        depth = Math.max(depth, morning.length, afternoon.length);
      }
      expect(count).toBe(depth);
    }), { numRuns: 300 });
  });

  it('bars handing over on a day share it half and half, on one sub-row', () => {
    const data = board(2, 14, [
      { line_id: 1, start: '2026-12-01', end: '2026-12-03', daily: [1, 1, 1] },
      { line_id: 1, start: '2026-12-03', end: '2026-12-05', daily: [1, 1, 1] },
    ]);
    const layout = layoutBoard(data, 'day');
    expect(layout.lineRow.get(1)!.lanes).toBe(1);
    const [a, b] = [1, 2].map((id) => layout.bars.find((x) => x.bar.id === id)!.rect);
    expect(a.y).toBe(b.y);
    expect(a.x + a.w).toBe(b.x);
    expect(b.x).toBe(2.5 * DAY_WIDTH.day);
  });

  it('a line with overlapping bars grows by a sub-row and its bars are not drawn on top of each other', () => {
    const data = board(4, 14, [
      { line_id: 1, start: '2026-12-01', end: '2026-12-03', daily: [1, 1, 1] },
      { line_id: 1, start: '2026-12-02', end: '2026-12-04', daily: [1, 1, 1] },
      { line_id: 2, start: '2026-12-02', end: '2026-12-02', daily: [1] },
    ]);
    const layout = layoutBoard(data, 'day');
    const row1 = layout.lineRow.get(1)!;
    const row2 = layout.lineRow.get(2)!;
    expect(row1.lanes).toBe(2);
    expect(row1.height).toBe(ROW_HEIGHT + LANE_PITCH);
    expect(row2.y).toBe(row1.y + row1.height);
    expect(layout.height).toBe(2 * GROUP_HEIGHT + 4 * ROW_HEIGHT + LANE_PITCH);
    const [a, b, c] = [1, 2, 3].map((id) => layout.bars.find((x) => x.bar.id === id)!.rect);
    expect(a.y + a.h).toBeLessThanOrEqual(b.y);
    expect(b.y + b.h).toBeLessThanOrEqual(row1.y + row1.height - STRIP_HEIGHT);
    expect(c.y).toBe(row2.y + 3);
    // Both bars are hit where they are drawn; the strip of the taller row is at its foot.
    expect(hitTest(layout, b.x + 5, b.y + 5)).toMatchObject({ kind: 'bar', bar: { id: 2 } });
    expect(hitTest(layout, a.x + 5, a.y + 5)).toMatchObject({ kind: 'bar', bar: { id: 1 } });
    expect(stripAt(layout, 5, row1.y + row1.height - 2)).toMatchObject({ line: { id: 1 }, dayIndex: 0 });
    expect(stripAt(layout, 5, row1.y + 5)).toBeNull();
  });
});

describe('overload of a drop, by day', () => {
  it('lists the days the drop leaves over capacity with more load than before, not days already over', () => {
    // Line 2: 9,600 minutes a day on working days; day 0 already over capacity before the drop.
    const data = board(4, 14, [{ line_id: 1, start: '2026-12-01', end: '2026-12-02', qty: 200, minutes: 12000, daily: [100, 100] }]);
    data.lines[1].load[0] = 9700;
    data.lines[1].load[5] = 0;
    data.lines[1].load[2] = 5000;
    const p = dragPreview(data, data.bars[0], data.lines[1], 2);
    // Days 2 and 3 (Thu, Fri) get 6,000 each: day 2 is 11,000 > 9,600, day 3 is 6,000.
    expect(p.load.slice(2, 4)).toEqual([11000, 6000]);
    expect(p.overloads).toEqual([2]);
    expect(p.overloaded[0]).toBe(true); // still over, but not the drop's doing
    expect(overloadRows(data, p)).toEqual([{ date: '2026-12-03', load: 11000, capacity: 9600, rest: false }]);
  });

  it('spreads a moved bar over working days as the server does: a rest day inside gets nothing, a line\'s own minutes apply', () => {
    const data = board(4, 14, [{ line_id: 1, start: '2026-12-01', end: '2026-12-03', qty: 300, minutes: 3000, daily: [100, 100, 100], minutes_per_piece: 10 }]);
    data.lines[1].sam = { woven: 40 };
    // Days 4..6 are Sat (working in the fixture: i % 7 < 5), Sun and Mon (5, 6: rest days).
    const p = dragPreview(data, data.bars[0], data.lines[1], 4);
    expect(p.start).toBe('2026-12-05');
    expect(p.load.slice(4, 7)).toEqual([300 * 40, 0, 0]);
    expect(p.overloads).toEqual([4]);
    expect(workingDays(data, '2026-12-05', '2026-12-07')).toEqual([true, false, false]);
    // Past the board's range the weekdays the range works on count.
    expect(workingDays(data, '2026-12-21', '2026-12-22')).toEqual([false, true]); // a Monday and a Tuesday
  });

  it('a resize preview spreads the pieces over the new days', () => {
    const data = board(4, 14, [{ line_id: 1, start: '2026-12-01', end: '2026-12-02', qty: 200, minutes: 20000, daily: [100, 100] }]);
    data.lines[0].load[0] = 10000;
    data.lines[0].load[1] = 10000;
    const p = dragPreview(data, data.bars[0], data.lines[0], 0, 3);
    expect(p.end).toBe('2026-12-04');
    expect(p.load.slice(0, 5)).toEqual([5000, 5000, 5000, 5000, 0]);
    expect(p.overloads).toEqual([]);
  });

  it('a rest day with load is over capacity and said as a rest day', () => {
    const data = board(4, 14, [{ line_id: 1, start: '2026-12-06', end: '2026-12-06', qty: 10, minutes: 100, daily: [10] }]);
    const p = dragPreview(data, data.bars[0], data.lines[1], 5);
    expect(p.overloads).toEqual([5]);
    expect(overloadRows(data, p)[0]).toMatchObject({ date: '2026-12-06', capacity: 0, rest: true });
  });
});

describe('a move started on its material\'s day', () => {
  it('asks about the overload of the gate day as a drop there does, and not when the day has room or the move pushes', () => {
    const data = board(4, 14, [{ line_id: 1, start: '2026-12-01', end: '2026-12-02', qty: 200, minutes: 12000, daily: [100, 100] }]);
    data.lines[1].load[2] = 5000;
    const bar = data.bars[0];
    const cmd = { op: 'move' as const, bar_id: bar.id, version: bar.version, line_id: data.lines[1].id, start: '2026-12-01', material: 'gate' as const };
    // The gate is Thursday 2026-12-03 (day 2): 5,000 there already, 6,000 more is over 9,600.
    const ask = gateDayOverload(data, cmd, bar, '2026-12-03')!;
    expect(ask.cmd).toMatchObject({ start: '2026-12-03', material: 'keep', line_id: data.lines[1].id });
    expect(overloadRows(data, ask.preview).map((r) => r.date)).toEqual(['2026-12-03']);
    // A day with room, a pushing move, a gate past the board's days: not asked.
    expect(gateDayOverload(data, cmd, bar, '2026-12-04')).toBeNull();
    expect(gateDayOverload(data, { ...cmd, push: true }, bar, '2026-12-03')).toBeNull();
    expect(gateDayOverload(data, cmd, bar, '2027-03-01')).toBeNull();
  });
});

describe('load figures', () => {
  it('a day in percent (null on a rest day) and a line\'s average and peak over the visible days', () => {
    const data = board(2, 14);
    const line = data.lines[0];
    line.load[0] = 4800;
    line.load[1] = 12000;
    expect(dayLoad(line, line.load, 0)).toEqual({ load: 4800, capacity: 9600, percent: 50, over: false });
    expect(dayLoad(line, line.load, 1)).toMatchObject({ percent: 125, over: true });
    expect(dayLoad(line, line.load, 5)).toMatchObject({ percent: null, over: false });
    expect(loadPercent(line, 0, 1)).toEqual({ average: 88, peak: 125 });
    expect(loadPercent(line, 5, 6)).toBeNull();
  });
});

describe('undo of a pushing move', () => {
  it('is one place command putting each moved bar back on its line, days and pieces', () => {
    const cmd: BoardCommand = { op: 'move', bar_id: 1, version: 3, line_id: 2, start: '2026-12-05', push: true };
    const now = board(2, 14, [
      { id: 1, line_id: 2, start: '2026-12-05', end: '2026-12-08' },
      { id: 2, line_id: 2, start: '2026-12-09', end: '2026-12-10' },
    ]).bars;
    const e = pushHistoryEntry(cmd, [
      { id: 1, line_id: 1, start: '2026-12-01', end: '2026-12-02', daily: [120, 80] },
      { id: 2, line_id: 2, start: '2026-12-05', end: '2026-12-06' },
    ], now);
    expect(e.do.map((s) => s({ own: [], other: [] }))).toEqual([cmd]);
    expect(e.undo.map((s) => s({ own: [], other: [] }))).toEqual([{
      op: 'place',
      bars: [
        { bar_id: 1, version: 0, line_id: 1, start: '2026-12-01', end: '2026-12-02', daily: [120, 80] },
        { bar_id: 2, version: 0, line_id: 2, start: '2026-12-05', end: '2026-12-06', daily: null },
      ],
    }]);
  });
});

describe('a move asked about its material gate', () => {
  it('is kept in the history as done: an asked move not refused is redone at its day without asking; a choice stays', () => {
    const asked: BoardCommand = { op: 'move', bar_id: 1, version: 3, line_id: 2, start: '2026-12-05', material: 'ask' };
    expect(settled(asked)).toEqual({ ...asked, material: 'keep' });
    for (const material of ['gate', 'keep'] as const) expect(settled({ ...asked, material })).toEqual({ ...asked, material });
    const plain: BoardCommand = { op: 'move', bar_id: 1, version: 3, line_id: 2, start: '2026-12-05' };
    expect(settled(plain)).toBe(plain);
    const lock: BoardCommand = { op: 'lock', bar_id: 1, version: 3 };
    expect(settled(lock)).toBe(lock);
    // The redo of an asked move sends the settled command, the undo a plain move back.
    const before = board(2, 14, [{ id: 1, line_id: 1, start: '2026-12-01', end: '2026-12-02', version: 3 }]).bars[0];
    const e = historyEntryFor(settled(asked), [before])!;
    expect(e.do.map((s) => s({ own: [], other: [] }))).toEqual([{ ...asked, material: 'keep' }]);
    expect(e.undo.map((s) => s({ own: [], other: [] }))).toEqual([{ op: 'move', bar_id: 1, version: 4, line_id: 1, start: '2026-12-01' }]);
  });
});

describe('auto-scroll near the edges', () => {
  const box = { left: 180, top: 40, right: 1180, bottom: 640 };
  it('scrolls faster the closer to an edge, not inside', () => {
    expect(edgeStep({ x: 600, y: 300 }, box)).toEqual({ dx: 0, dy: 0 });
    expect(edgeStep({ x: 1179, y: 300 }, box).dx).toBeGreaterThan(edgeStep({ x: 1150, y: 300 }, box).dx);
    expect(edgeStep({ x: 1150, y: 300 }, box).dx).toBeGreaterThan(0);
    expect(edgeStep({ x: 185, y: 300 }, box).dx).toBeLessThan(0);
    expect(edgeStep({ x: 600, y: 45 }, box).dy).toBeLessThan(0);
    expect(edgeStep({ x: 600, y: 630 }, box).dy).toBeGreaterThan(0);
  });
});
