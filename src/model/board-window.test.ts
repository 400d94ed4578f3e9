import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardBarAt, decodeBoardWindow, encodeBarColumns, encodeBoardBars, windowDate, windowDay, type BoardBarColumns } from './board-window';
import type { BoardBar } from './schedule-board';

const date = fc.integer({ min: windowDay('1990-01-01'), max: windowDay('2080-12-31') }).map(windowDate);
const word = fc.constantFrom('', 'A', 'B', '衬衫', 'Shirt', 'x\u0000y', 'P-001');

const bar: fc.Arbitrary<BoardBar> = fc
  .record({
    id: fc.integer({ min: 1, max: 2 ** 31 }),
    version: fc.nat(1000),
    plan_id: fc.integer({ min: 1, max: 100000 }),
    plan_no: word,
    order_no: word,
    customer: word,
    style_no: word,
    category: word,
    category_label: fc.option(word, { nil: undefined }),
    line_id: fc.integer({ min: 1, max: 400 }),
    start: date,
    end: date,
    qty: fc.nat(100000),
    done_qty: fc.nat(100000),
    minutes: fc.double({ min: 0, max: 1e7, noNaN: true }),
    minutes_per_piece: fc.option(fc.double({ min: 0, max: 600, noNaN: true }), { nil: undefined }),
    daily: fc.array(fc.nat(5000), { maxLength: 12 }),
    delivery_date: fc.option(date, { nil: null }),
    late: fc.boolean(),
    locked: fc.boolean(),
    split_index: fc.integer({ min: 1, max: 9 }),
    split_count: fc.integer({ min: 1, max: 9 }),
  })
  .map((b) => {
    const out: BoardBar = { ...b, scenario_id: 7 };
    if (b.category_label === undefined) delete out.category_label;
    if (b.minutes_per_piece === undefined) delete out.minutes_per_piece;
    return out;
  });

describe('board window encoding', () => {
  it('gives back every bar exactly, in order (round trip)', () => {
    fc.assert(
      fc.property(fc.array(bar, { maxLength: 60 }), (bars) => {
        const { dict, cols } = encodeBoardBars(bars);
        expect(decodeBoardWindow({ dict, cols, scenario_id: 7 })).toEqual(bars);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps each repeated string once and every column as long as the bars', () => {
    fc.assert(
      fc.property(fc.array(bar, { maxLength: 60 }), (bars) => {
        const { dict, cols } = encodeBoardBars(bars);
        expect(dict.styles.length).toBe(new Set(bars.map((b) => b.style_no)).size);
        expect(dict.plans.length).toBe(new Set(bars.map((b) => b.plan_no)).size);
        expect(dict.categories.length).toBe(dict.categoryLabels.length);
        for (const [k, v] of Object.entries(cols)) if (k !== 'daily') expect(v.length, k).toBe(bars.length);
        expect(cols.daily.length).toBe(bars.reduce((n, b) => n + b.daily.length, 0));
      }),
    );
  });

  it('writes dates as day numbers since 1970 and a missing delivery as -1', () => {
    expect(windowDay('1970-01-02')).toBe(1);
    expect(windowDate(windowDay('2026-12-31'))).toBe('2026-12-31');
    const b: BoardBar = { id: 1, version: 1, plan_id: 1, plan_no: 'P', order_no: 'O', customer: 'C', style_no: 'S', category: 'c', line_id: 1, start: '1970-01-03', end: '1970-01-04', qty: 1, done_qty: 0, minutes: 1, daily: [1, 0], delivery_date: null, late: false, locked: true, split_index: 1, split_count: 1, scenario_id: null };
    const { cols } = encodeBoardBars([b]);
    expect([cols.start[0], cols.end[0], cols.delivery[0], cols.state[0]]).toEqual([2, 3, -1, 1]);
  });

  it('encodes the server read\'s columns exactly as the bars they stand for, and gives each bar back as the whole board gives it', () => {
    // The server's bars always carry the plan's minutes per piece (0 when not given).
    const served = bar.map((b) => ({ ...b, minutes_per_piece: b.minutes_per_piece ?? 0, scenario_id: null }));
    fc.assert(
      fc.property(fc.array(served, { maxLength: 60 }), (bars) => {
        const c: BoardBarColumns = {
          n: bars.length,
          id: bars.map((b) => b.id),
          version: bars.map((b) => b.version),
          plan: bars.map((b) => b.plan_id),
          line: bars.map((b) => b.line_id),
          start: bars.map((b) => windowDay(b.start)),
          end: bars.map((b) => windowDay(b.end)),
          qty: bars.map((b) => b.qty),
          done: bars.map((b) => b.done_qty),
          minutes: bars.map((b) => b.minutes),
          mpp: bars.map((b) => b.minutes_per_piece),
          delivery: bars.map((b) => (b.delivery_date === null ? -1 : windowDay(b.delivery_date))),
          state: bars.map((b) => (b.locked ? 1 : 0) | (b.late ? 2 : 0)),
          splitIndex: bars.map((b) => b.split_index),
          splitCount: bars.map((b) => b.split_count),
          planNo: bars.map((b) => b.plan_no),
          orderNo: bars.map((b) => b.order_no),
          customer: bars.map((b) => b.customer),
          style: bars.map((b) => b.style_no),
          category: bars.map((b) => b.category),
          categoryLabel: bars.map((b) => b.category_label ?? null),
          daily: bars.map((b) => b.daily),
        };
        // Byte for byte: the same JSON as the encoding of the bars, field order included.
        expect(JSON.stringify(encodeBarColumns(c))).toBe(JSON.stringify(encodeBoardBars(bars)));
        expect(bars.map((_, i) => boardBarAt(c, i, null))).toEqual(bars);
      }),
      { numRuns: 300 },
    );
  });
});
