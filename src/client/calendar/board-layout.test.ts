import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { BoardBar, BoardData } from '../../model/schedule-board';
import { applyResult, addDays, daysBetween, hitTest } from './board-model';
import { assignLanes, BAR_HEIGHT, type BoardLayout, DAY_WIDTH, GROUP_HEIGHT, LANE_PITCH, layoutBoard, type Rect, relayoutBoard, ROW_HEIGHT, visible } from './board-layout';

const FROM = '2026-12-01';
const DAYS = 40;

function board(lines: number, bars: { line: number; start: number; len: number }[]): BoardData {
  return {
    from: FROM, to: addDays(FROM, DAYS - 1), scenario_id: null,
    days: Array.from({ length: DAYS }, (_, i) => ({ date: addDays(FROM, i), working: i % 7 < 5, holiday: false, overtime: false })),
    lines: Array.from({ length: lines }, (_, i) => ({
      id: i + 1, code: `L${i + 1}`, name: `Line ${i + 1}`, workshop_id: i % 3, workshop_name: `W${i % 3}`, categories: [], operators: 20, efficiency: 1,
      capacity: new Array<number>(DAYS).fill(9600), load: new Array<number>(DAYS).fill(0),
    })),
    bars: bars.map((b, i) => bar(i + 1, b.line, b.start, b.len)),
  };
}

function bar(id: number, line: number, start: number, len: number, version = 1): BoardBar {
  return {
    id, version, plan_id: id, plan_no: `P${id}`, order_no: 'O1', customer: 'C', style_no: 'S1', category: 'woven', line_id: line,
    start: addDays(FROM, start), end: addDays(FROM, start + len - 1), qty: 100, done_qty: 0, minutes: 1000, daily: [], delivery_date: null,
    late: false, locked: false, split_index: 1, split_count: 1, scenario_id: null,
  };
}

/** The board's former one-pass layout (before it was laid out per line), kept here as the reference: bar id -> rectangle, and the rows. */
function formerLayout(data: BoardData, zoom: 'day' | 'week' | 'month') {
  const dayWidth = DAY_WIDTH[zoom];
  const from = data.days[0].date;
  const byLine = new Map<number, BoardBar[]>();
  for (const b of data.bars) byLine.set(b.line_id, [...(byLine.get(b.line_id) ?? []), b]);
  const laneOf = new Map<number, number>();
  const lanesOf = new Map<number, number>();
  for (const [lineId, list] of byLine) {
    const { lane, count } = assignLanes(list.map((b) => ({ start: daysBetween(from, b.start), end: daysBetween(from, b.end) })));
    list.forEach((b, i) => laneOf.set(b.id, lane[i]));
    lanesOf.set(lineId, count);
  }
  const groups = new Map<string, BoardData['lines']>();
  for (const l of data.lines) groups.set(l.workshop_name, [...(groups.get(l.workshop_name) ?? []), l]);
  const rows: [string, number, number][] = [];
  const rowY = new Map<number, number>();
  let y = 0;
  for (const [w, lines] of groups) {
    rows.push([w, y, GROUP_HEIGHT]);
    y += GROUP_HEIGHT;
    for (const l of lines) {
      const h = ROW_HEIGHT + ((lanesOf.get(l.id) ?? 1) - 1) * LANE_PITCH;
      rows.push([l.code, y, h]);
      rowY.set(l.id, y);
      y += h;
    }
  }
  const rects = new Map<number, Rect>();
  const last = new Map<string, { bar: BoardBar; rect: Rect }>();
  const byStart = data.bars.filter((b) => rowY.has(b.line_id)).sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end) || a.id - b.id);
  for (const b of byStart) {
    const lane = laneOf.get(b.id)!;
    const s = daysBetween(from, b.start);
    const e = daysBetween(from, b.end);
    const rect = { x: s * dayWidth, y: rowY.get(b.line_id)! + lane * LANE_PITCH + 3, w: Math.max(1, (e - s + 1) * dayWidth), h: BAR_HEIGHT };
    const prev = last.get(`${b.line_id}:${lane}`);
    if (prev && prev.bar.end === b.start) { prev.rect.w -= dayWidth / 2; rect.x += dayWidth / 2; rect.w -= dayWidth / 2; }
    last.set(`${b.line_id}:${lane}`, { bar: b, rect });
    rects.set(b.id, rect);
  }
  return { rows, rects, height: y };
}

/** What a layout shows, comparable with toEqual: rows, bars in order with their rectangles, size. */
const shape = (l: BoardLayout) => ({
  rows: l.rows.map((r) => (r.kind === 'group' ? ['g', r.workshop, r.y, r.height] : ['l', r.line.id, r.line.load, r.y, r.height, r.index, r.lanes])),
  bars: l.bars.map(({ bar, rect }) => [bar.id, bar.version, bar.line_id, rect.x, rect.y, rect.w, rect.h]),
  width: l.width, height: l.height,
});

const barsArb = (lines: number) => fc.array(fc.record({ line: fc.integer({ min: 1, max: lines + 1 }), start: fc.integer({ min: 0, max: DAYS - 6 }), len: fc.integer({ min: 1, max: 5 }) }), { maxLength: 60 });
const zoomArb = fc.constantFrom('day' as const, 'week' as const, 'month' as const);

/** A command's reply as the server gives it: some bars moved (new objects, new version), some removed, some created, their lines' load. */
const replyArb = fc.record({
  moved: fc.array(fc.record({ pick: fc.nat(), line: fc.integer({ min: 1, max: 8 }), start: fc.integer({ min: 0, max: DAYS - 6 }), len: fc.integer({ min: 1, max: 5 }) }), { maxLength: 6 }),
  removed: fc.array(fc.nat(), { maxLength: 3 }),
  created: fc.array(fc.record({ line: fc.integer({ min: 1, max: 8 }), start: fc.integer({ min: 0, max: DAYS - 6 }), len: fc.integer({ min: 1, max: 5 }) }), { maxLength: 3 }),
});

function reply(data: BoardData, r: typeof replyArb extends fc.Arbitrary<infer T> ? T : never, nextId: number) {
  const n = data.bars.length;
  const bars = n ? r.moved.map((m) => { const was = data.bars[m.pick % n]; return bar(was.id, m.line, m.start, m.len, was.version + 1); }) : [];
  const unique = [...new Map(bars.map((b) => [b.id, b])).values()];
  const removed = n ? r.removed.map((k) => data.bars[k % n].id).filter((id) => !unique.some((b) => b.id === id)) : [];
  const created = r.created.map((c, i) => bar(nextId + i, c.line, c.start, c.len));
  const touched = new Set([...unique, ...created].map((b) => b.line_id));
  return { bars: [...unique, ...created], removed, lines: [...touched].map((id) => ({ id, load: new Array<number>(DAYS).fill(id) })) };
}

describe('board layout, line by line', () => {
  it('lays out as the former one-pass layout did, at every zoom', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), zoomArb, fc.integer({ min: 1, max: 8 }).chain((n) => barsArb(n)), (lines, zoom, bars) => {
      const data = board(lines, bars);
      const layout = layoutBoard(data, zoom);
      const former = formerLayout(data, zoom);
      expect(layout.rows.map((r) => [r.kind === 'group' ? r.workshop : r.line.code, r.y, r.height])).toEqual(former.rows);
      expect(new Map(layout.bars.map((b) => [b.bar.id, b.rect]))).toEqual(former.rects);
      expect(layout.height).toBe(former.height);
    }));
  });

  it('laying out again only the lines a reply touched gives the same layout as laying out the whole board', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), zoomArb, barsArb(8), fc.array(replyArb, { minLength: 1, maxLength: 4 }), (lines, zoom, bars, replies) => {
      let data = board(lines, bars);
      let layout = layoutBoard(data, zoom);
      let nextId = 1000;
      for (const r of replies) {
        data = applyResult(data, reply(data, r, nextId));
        nextId += 10;
        layout = relayoutBoard(layout, data, zoom);
        expect(shape(layout)).toEqual(shape(layoutBoard(data, zoom)));
      }
    }));
  });

  it('a zoom or a range changed lays out everything again, the same as from nothing', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 8 }), zoomArb, zoomArb, barsArb(8), (lines, z1, z2, bars) => {
      const data = board(lines, bars);
      expect(shape(relayoutBoard(layoutBoard(data, z1), data, z2))).toEqual(shape(layoutBoard(data, z2)));
      const later = { ...data, days: data.days.slice(3), from: data.days[3].date };
      expect(shape(relayoutBoard(layoutBoard(data, z1), later, z1))).toEqual(shape(layoutBoard(later, z1)));
    }));
  });

  it('keeps the laid out bars of the lines a reply did not touch (the same objects, not laid out again)', () => {
    const data = board(6, Array.from({ length: 30 }, (_, i) => ({ line: (i % 6) + 1, start: (i * 3) % 30, len: 2 })));
    const layout = layoutBoard(data, 'day');
    const moved = data.bars.find((b) => b.line_id === 5)!;
    const next = applyResult(data, { bars: [{ ...moved, start: addDays(moved.start, 1), end: addDays(moved.end, 1), version: 2 }], removed: [], lines: [{ id: 5, load: new Array<number>(DAYS).fill(1) }] });
    const again = relayoutBoard(layout, next, 'day');
    const before = new Map(layout.bars.map((b) => [b.bar.id, b]));
    for (const b of again.bars) {
      if (b.bar.line_id === 5) continue;
      const rowMoved = again.lineRow.get(b.bar.line_id)!.y !== layout.lineRow.get(b.bar.line_id)!.y;
      if (!rowMoved) expect(b).toBe(before.get(b.bar.id));
    }
    expect(again.bars.find((b) => b.bar.id === moved.id)!.rect.x).toBe(before.get(moved.id)!.rect.x + DAY_WIDTH.day);
    expect(again.lineRow.get(5)!.line.load[0]).toBe(1);
  });

  it('finds the same bars in view and under a point as a search over every bar', () => {
    fc.assert(fc.property(barsArb(8), zoomArb, fc.record({ x: fc.integer({ min: -50, max: 2000 }), y: fc.integer({ min: -50, max: 600 }), w: fc.integer({ min: 1, max: 800 }), h: fc.integer({ min: 1, max: 400 }) }), fc.nat(200), (bars, zoom, view, margin) => {
      const layout = layoutBoard(board(8, bars), zoom);
      const flat = { ...layout, cache: undefined };
      expect(visible(layout, view, margin).bars).toEqual(visible(flat, view, margin).bars);
      for (let i = 0; i < 20; i++) {
        const x = view.x + (i * 37) % Math.max(1, view.w);
        const y = view.y + (i * 53) % Math.max(1, view.h);
        expect(hitTest(layout, x, y)).toEqual(hitTest(flat, x, y));
      }
    }));
  });

  it("keeps a row as tall as the frame's count of its sub-rows until the bars read overlap more", () => {
    fc.assert(fc.property(barsArb(6), fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 6, maxLength: 6 }), zoomArb, (bars, counts, zoom) => {
      const data = board(6, bars);
      const framed = { ...data, lines: data.lines.map((l, i) => ({ ...l, lanes: counts[i] })) };
      const plain = layoutBoard(data, zoom);
      const laid = layoutBoard(framed, zoom);
      for (const l of framed.lines) {
        const lanes = Math.max(l.lanes, plain.lineRow.get(l.id)!.lanes);
        expect(laid.lineRow.get(l.id)).toMatchObject({ lanes, height: ROW_HEIGHT + (lanes - 1) * LANE_PITCH });
      }
      // Before any bar is read, the rows are the frame's.
      const empty = layoutBoard({ ...framed, bars: [] }, zoom);
      expect(framed.lines.map((l) => empty.lineRow.get(l.id)!.lanes)).toEqual(counts);
    }));
  });
});
