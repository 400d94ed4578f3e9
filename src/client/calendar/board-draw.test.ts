import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionBoard } from '../../../calendars/production-board.calendar';
import type { BoardBar, BoardData } from '../../model/schedule-board';
import { addDays, dayLoad, layoutBoard, progress, STRIP_HEIGHT, visible } from './board-model';
import { drawBoard, type DrawState, HEADER, LABELS, sameDrawing } from './board-draw';

/**
 * The board's drawing, layer by layer (seventh session), against what each bar and each strip day must
 * show: a recording 2D context (fills, strokes and text with the style, alpha and clip they were drawn
 * with) on random boards, views, selections and drags.
 */
const FROM = '2026-12-01';
const DAYS = 60;
const PALETTE = ['#4f6bed', '#2e9e8f', '#c97b1a', '#8a5cc7', '#3a8fd1', '#b5486b', '#5b8c32', '#9a6b3f'];

type Op = { op: 'fill' | 'stroke' | 'text'; style: string; alpha: number; x: number; y: number; w: number; h: number; text?: string; clipped: boolean };

function recorder() {
  const ops: Op[] = [];
  type State = { fillStyle: string; strokeStyle: string; globalAlpha: number; lineWidth: number; clips: number };
  let st: State = { fillStyle: '#000', strokeStyle: '#000', globalAlpha: 1, lineWidth: 1, clips: 0 };
  const saved: State[] = [];
  const g = {
    get fillStyle() { return st.fillStyle; }, set fillStyle(v: string) { st.fillStyle = v; },
    get strokeStyle() { return st.strokeStyle; }, set strokeStyle(v: string) { st.strokeStyle = v; },
    get globalAlpha() { return st.globalAlpha; }, set globalAlpha(v: number) { st.globalAlpha = v; },
    get lineWidth() { return st.lineWidth; }, set lineWidth(v: number) { st.lineWidth = v; },
    font: '', textBaseline: '',
    fillRect: (x: number, y: number, w: number, h: number) => ops.push({ op: 'fill', style: st.fillStyle, alpha: st.globalAlpha, x, y, w, h, clipped: st.clips > 0 }),
    strokeRect: (x: number, y: number, w: number, h: number) => ops.push({ op: 'stroke', style: st.strokeStyle, alpha: st.globalAlpha, x, y, w, h, clipped: st.clips > 0 }),
    fillText: (text: string, x: number, y: number) => ops.push({ op: 'text', style: st.fillStyle, alpha: st.globalAlpha, x, y, w: 0, h: 0, text, clipped: st.clips > 0 }),
    measureText: (text: string) => ({ width: text.length * 6 }),
    save: () => saved.push({ ...st }), restore: () => { st = saved.pop()!; },
    clip: () => { st.clips++; },
    setTransform: () => undefined, clearRect: () => undefined, beginPath: () => undefined, rect: () => undefined, arc: () => undefined,
    stroke: () => undefined, moveTo: () => undefined, lineTo: () => undefined, setLineDash: () => undefined,
  };
  const canvas = { width: 0, height: 0, style: {} as Record<string, string>, getContext: () => g } as unknown as HTMLCanvasElement;
  return { ops, canvas };
}

const bar = (id: number, line: number, start: number, len: number, extra: Partial<BoardBar>): BoardBar => ({
  id, version: 1, plan_id: id, plan_no: `P${id}`, order_no: 'O1', customer: 'C', style_no: `S${id % 7}`, category: ['woven', 'knit', 'denim'][id % 3], line_id: line,
  start: addDays(FROM, start), end: addDays(FROM, start + len - 1), qty: 100, done_qty: 0, minutes: 1000, daily: [], delivery_date: null,
  late: false, locked: false, split_index: 1, split_count: 1, scenario_id: null, ...extra,
});

const boardOf = (lines: number, bars: BoardBar[]): BoardData => ({
  from: FROM, to: addDays(FROM, DAYS - 1), scenario_id: null,
  days: Array.from({ length: DAYS }, (_, i) => ({ date: addDays(FROM, i), working: i % 7 < 5, holiday: false, overtime: false })),
  lines: Array.from({ length: lines }, (_, i) => ({
    id: i + 1, code: `L${i + 1}`, name: `Line ${i + 1}`, workshop_id: i % 2, workshop_name: `W${i % 2}`, categories: [], operators: 20, efficiency: 1,
    capacity: Array.from({ length: DAYS }, (_, d) => (d % 7 < 5 ? 9600 : 0)), load: Array.from({ length: DAYS }, (_, d) => ((d * 7 + i * 13) % 5) * 2600),
  })),
  bars,
});

const arbBoard = fc.record({
  lines: fc.integer({ min: 1, max: 6 }),
  bars: fc.array(fc.record({ line: fc.integer({ min: 1, max: 6 }), start: fc.integer({ min: 0, max: DAYS - 4 }), len: fc.integer({ min: 1, max: 4 }), locked: fc.boolean(), late: fc.boolean(), done: fc.integer({ min: 0, max: 100 }) }), { maxLength: 40 }),
  zoom: fc.constantFrom('day' as const, 'week' as const, 'month' as const),
  scroll: fc.record({ x: fc.integer({ min: 0, max: 1500 }), y: fc.integer({ min: 0, max: 120 }) }),
  selected: fc.integer({ min: 0, max: 45 }),
  dragged: fc.integer({ min: 0, max: 45 }),
});

beforeAll(() => { (globalThis as { window?: unknown }).window = { devicePixelRatio: 1 }; });
afterAll(() => { delete (globalThis as { window?: unknown }).window; });

describe('drawBoard, layer by layer', () => {
  it('draws every bar in view once with its colour, shade, progress, late mark, edge and label, and every strip day once in its tone', () => {
    fc.assert(fc.property(arbBoard, (b) => {
      const bars = b.bars.filter((x) => x.line <= b.lines).map((x, i) => bar(i + 1, x.line, x.start, x.len, { locked: x.locked, late: x.late, done_qty: x.done }));
      const data = boardOf(b.lines, bars);
      const layout = layoutBoard(data, b.zoom);
      const view = { x: b.scroll.x, y: b.scroll.y, w: 400, h: 200 };
      const draggedBar = bars.find((x) => x.id === b.dragged && !x.locked);
      const s: DrawState = {
        decl: productionBoard, data, layout, zoom: b.zoom, view, selectedId: b.selected, marked: new Set(), ghosts: [], weekdays: ['日', '一', '二', '三', '四', '五', '六'],
        drag: draggedBar ? { barId: draggedBar.id, preview: null } : null, loadText: (a, p) => `${a}/${p}`,
      };
      const { ops, canvas } = recorder();
      drawBoard(canvas, s);
      const ox = LABELS - view.x;
      const oy = HEADER - view.y;
      const at = (o: Op, x: number, y: number, w: number, h: number) => o.x === x && o.y === y && o.w === w && o.h === h;
      const shown = visible(layout, view, 0).bars;
      for (const { bar: it, rect } of shown) {
        const x = ox + rect.x;
        const y = oy + rect.y;
        const alpha = it.id === draggedBar?.id ? 0.35 : 1;
        const body = ops.filter((o) => o.op === 'fill' && PALETTE.includes(o.style) && at(o, x, y, rect.w - 1, rect.h));
        expect(body.map((o) => o.alpha)).toEqual([alpha]);
        expect(ops.filter((o) => o.op === 'fill' && o.style === 'rgba(0,0,0,0.18)' && at(o, x, y, rect.w - 1, rect.h)).length).toBe(it.locked ? 1 : 0);
        const done = ops.filter((o) => o.op === 'fill' && o.style === 'rgba(255,255,255,0.35)' && at(o, x, y + rect.h - 4, (rect.w - 1) * progress(it), 4));
        expect(done.length).toBe(progress(it) > 0 || it.id === draggedBar?.id ? 1 : 0);
        expect(ops.filter((o) => o.op === 'fill' && o.style === '#d13438' && at(o, x + rect.w - 5, y, 4, rect.h)).length).toBe(it.late ? 1 : 0);
        expect(ops.filter((o) => o.op === 'stroke' && o.style === 'rgba(0,0,0,0.28)' && at(o, x + 0.5, y + 0.5, rect.w - 2, rect.h - 1)).map((o) => o.alpha)).toEqual([alpha]);
        const text = `${it.style_no} · ${it.plan_no} · ${it.qty}`;
        const tx = Math.max(x, LABELS);
        const tw = x + rect.w - tx;
        const label = ops.filter((o) => o.op === 'text' && o.text === text && o.y === y + rect.h / 2 - 1);
        expect(label.length).toBe(tw > 30 ? 1 : 0);
        // Clipped to the bar exactly when the label does not fit in it.
        if (label.length) expect(label[0].clipped).toBe(label[0].x + text.length * 6 > tx + tw - 6);
      }
      // Each strip day in view: one fill, in the tone and alpha of its load.
      const first = Math.max(0, Math.floor(view.x / layout.dayWidth));
      const last = Math.min(DAYS - 1, Math.ceil((view.x + view.w) / layout.dayWidth));
      const gap = layout.dayWidth >= 10 ? 1 : 0;
      for (const r of visible(layout, view, 0).rows) {
        if (r.kind !== 'line') continue;
        for (let i = first; i <= last; i++) {
          const d = dayLoad(r.line, r.line.load, i);
          const strip = ops.filter((o) => o.op === 'fill' && o.y === oy + r.y + r.height - STRIP_HEIGHT - 1 && o.h === STRIP_HEIGHT && o.x === ox + i * layout.dayWidth + gap);
          if (!d.capacity && !d.load) { expect(strip).toEqual([]); continue; }
          const tone = d.over ? '#d13438' : d.percent !== null && d.percent > 85 ? '#e8a33d' : '#6bb36b';
          expect(strip.map((o) => [o.style, o.alpha])).toEqual([[tone, d.load ? 1 : 0.25]]);
        }
      }
    }), { numRuns: 150 });
  });

  it("keeps the header's month labels apart at every zoom and scroll, the first day's month held at the left edge", () => {
    fc.assert(fc.property(fc.constantFrom('day' as const, 'week' as const, 'month' as const), fc.integer({ min: 0, max: 3000 }), (zoom, x) => {
      const data = boardOf(2, []);
      const layout = layoutBoard(data, zoom);
      const view = { x: Math.min(x, Math.max(0, layout.width - 400)), y: 0, w: 400, h: 200 };
      const s: DrawState = {
        decl: productionBoard, data, layout, zoom, view, selectedId: null, marked: new Set(), ghosts: [], weekdays: ['日', '一', '二', '三', '四', '五', '六'],
        drag: null, loadText: (a, p) => `${a}/${p}`,
      };
      const { ops, canvas } = recorder();
      drawBoard(canvas, s);
      const months = ops.filter((o) => o.op === 'text' && o.y === 10 && /^\d{4}-\d{2}$/.test(o.text ?? '')).sort((a, b) => a.x - b.x);
      for (let i = 1; i < months.length; i++) expect(months[i].x - months[i - 1].x, `${months[i - 1].text} then ${months[i].text}`).toBeGreaterThanOrEqual(7 * 6 + 8);
      // None over the row labels' column, and a month is named at the left edge unless the next one's label is there.
      for (const m of months) expect(m.x).toBeGreaterThanOrEqual(LABELS + 2);
      expect(months.length).toBeGreaterThan(0);
      expect(months[0].x).toBeLessThanOrEqual(LABELS + 2 + 7 * 6 + 8);
    }), { numRuns: 200 });
  });

  it('leaves a state unchanged but for new objects of its view and drag as the same picture, and every other change as another one', () => {
    fc.assert(fc.property(arbBoard, fc.integer({ min: 0, max: 12 }), (b, change) => {
      const bars = b.bars.filter((x) => x.line <= b.lines).map((x, i) => bar(i + 1, x.line, x.start, x.len, { locked: x.locked, late: x.late, done_qty: x.done }));
      const data = boardOf(b.lines, bars);
      const layout = layoutBoard(data, b.zoom);
      const dragged = bars.find((x) => x.id === b.dragged && !x.locked);
      const s: DrawState = {
        decl: productionBoard, data, layout, zoom: b.zoom, view: { x: b.scroll.x, y: b.scroll.y, w: 400, h: 200 }, selectedId: b.selected, marked: new Set(), ghosts: [],
        weekdays: ['日', '一', '二', '三', '四', '五', '六'], drag: dragged ? { barId: dragged.id, preview: null } : null, loadText: (a, p) => `${a}/${p}`,
      };
      // The same state made again (a render telling the view the scroll already drew): the same picture, drawn the same.
      const again: DrawState = { ...s, view: { ...s.view }, drag: s.drag ? { ...s.drag } : null };
      expect(sameDrawing(s, again)).toBe(true);
      const one = recorder();
      const two = recorder();
      drawBoard(one.canvas, s);
      drawBoard(two.canvas, again);
      expect(two.ops).toEqual(one.ops);
      // Any one part changed is another picture.
      const changed: DrawState[] = [
        { ...s, view: { ...s.view, x: s.view.x + 1 } }, { ...s, view: { ...s.view, y: s.view.y + 1 } }, { ...s, view: { ...s.view, w: 401 } }, { ...s, view: { ...s.view, h: 201 } },
        { ...s, data: { ...data } }, { ...s, layout: layoutBoard(data, b.zoom) }, { ...s, zoom: b.zoom === 'day' ? 'week' : 'day' }, { ...s, selectedId: s.selectedId === null ? 1 : null },
        { ...s, marked: new Set() }, { ...s, ghosts: [] }, { ...s, weekdays: [...s.weekdays] }, { ...s, loadText: (a, p) => `${a}-${p}` },
        { ...s, drag: s.drag ? null : { barId: 1, preview: null } },
      ];
      expect(sameDrawing(s, changed[change])).toBe(false);
    }), { numRuns: 100 });
  });
});

