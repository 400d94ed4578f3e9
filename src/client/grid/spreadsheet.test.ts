import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  bounds, cellsOf, copyText, emptyUndo, extend, formatTsv, inRange, keepRefusedText, keepSelection, parseTsv, planClear, planFill, planFillDown,
  fillArea, filledRange, fillTarget, pastedRange, pasteGrowth, planFillRight,
  planPaste, record, redo, restoreSelection, sheetCommand, single, undo, type CellPos, type SheetAccess,
} from './spreadsheet';

/** A 4 x 3 sheet: column 0 read-only text, columns 1-2 whole numbers >= 0 (required in column 2). */
function sheet(cells: unknown[][]): SheetAccess & { apply(ws: { pos: CellPos; after: unknown }[]): void } {
  return {
    rowCount: cells.length,
    colCount: cells[0].length,
    text: (p) => String(cells[p.row][p.col] ?? ''),
    value: (p) => cells[p.row][p.col],
    editable: (p) => p.col > 0,
    validate: (p, raw) => {
      const t = raw.trim();
      if (t === '') return p.col === 2 ? { value: null, error: { key: 'rule.required' } } : { value: null, error: null };
      if (!/^\d+$/.test(t)) return { value: t, error: { key: 'rule.integer' } };
      return { value: Number(t), error: null };
    },
    apply(ws) {
      for (const w of ws) cells[w.pos.row][w.pos.col] = w.after;
    },
  };
}
const grid = () => [
  ['A', 1, 2],
  ['B', 3, 4],
  ['C', 5, 6],
  ['D', 7, 8],
];

describe('ranges', () => {
  it('normalises either direction and extends inside the grid', () => {
    const r = { anchor: { row: 2, col: 2 }, focus: { row: 0, col: 1 } };
    expect(bounds(r)).toEqual({ top: 0, bottom: 2, left: 1, right: 2 });
    expect(inRange(r, 1, 1)).toBe(true);
    expect(inRange(r, 1, 0)).toBe(false);
    expect(extend(single({ row: 0, col: 0 }), -1, 5, 4, 3).focus).toEqual({ row: 0, col: 2 });
    expect(cellsOf(r)).toHaveLength(6);
  });
});

describe('tab-separated text', () => {
  it('reads what Excel writes: quotes, doubled quotes, embedded newlines, CRLF and the final line break', () => {
    expect(parseTsv('a\tb\r\n"x\r\ny"\t"say ""hi"""\r\n')).toEqual([['a', 'b'], ['x\r\ny', 'say "hi"']]);
    expect(parseTsv('1\t\t3\n')).toEqual([['1', '', '3']]);
    expect(parseTsv('5"in')).toEqual([['5"in']]);
    expect(parseTsv('')).toEqual([]);
  });
  it('round-trips any block', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '"', '\t', '\n', '\r', '中', '1') });
    const block = fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 })
      // A last row of one empty cell is indistinguishable from Excel's final line break.
      .filter((rows) => !(rows[rows.length - 1].length === 1 && rows[rows.length - 1][0] === ''));
    fc.assert(fc.property(block, (rows) => {
      expect(parseTsv(formatTsv(rows))).toEqual(rows);
    }));
  });
});

describe('copy, paste, fill, clear, undo', () => {
  it('copies a range as TSV, read-only cells included', () => {
    const s = sheet(grid());
    expect(copyText({ anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } }, s)).toBe('A\t1\r\nB\t3');
  });

  it('pastes a block cell by cell, refusing bad cells with their message and skipping read-only ones', () => {
    const cells = grid();
    const s = sheet(cells);
    const plan = planPaste(single({ row: 1, col: 0 }), 'X\t10\t11\r\nY\tabc\t13\r\nZ\t14\t15\r\nW\t1\t1\r\n', s);
    expect(plan.refused).toEqual([{ pos: { row: 2, col: 1 }, text: 'abc', error: { key: 'rule.integer' } }]);
    expect(plan.writes.map((w) => [w.pos.row, w.pos.col, w.after])).toEqual([
      [1, 1, 10], [1, 2, 11], [2, 2, 13], [3, 1, 14], [3, 2, 15],
    ]);
    s.apply(plan.writes);
    let stack = record(emptyUndo(), plan.writes);
    expect(cells[1]).toEqual(['B', 10, 11]);
    const back = undo(stack)!;
    s.apply(back.writes);
    stack = back.stack;
    expect(cells).toEqual(grid());
    s.apply(redo(stack)!.writes);
    expect(cells[3]).toEqual(['D', 14, 15]);
  });

  it('a single value fills the whole range', () => {
    const plan = planPaste({ anchor: { row: 0, col: 1 }, focus: { row: 2, col: 1 } }, '9\r\n', sheet(grid()));
    expect(plan.writes.map((w) => w.after)).toEqual([9, 9, 9]);
  });

  it('fills down from the top row and clears editable cells, keeping required ones', () => {
    const s = sheet(grid());
    const fill = planFillDown({ anchor: { row: 0, col: 0 }, focus: { row: 2, col: 2 } }, s);
    expect(fill.writes.map((w) => [w.pos.row, w.pos.col, w.after])).toEqual([[1, 1, 1], [2, 1, 1], [1, 2, 2], [2, 2, 2]]);
    const clear = planClear({ anchor: { row: 0, col: 0 }, focus: { row: 0, col: 2 } }, s);
    expect(clear.writes).toEqual([{ pos: { row: 0, col: 1 }, before: 1, after: null }]);
    expect(clear.refused[0].error.key).toBe('rule.required');
  });

  it('the fill handle repeats the range\'s rows down to where it was dragged, stopping at the last row', () => {
    const cells = [...grid(), ['E', 0, 0], ['F', 0, 0]];
    const s = sheet(cells);
    const plan = planFill({ top: 0, bottom: 1, left: 1, right: 2 }, { dir: 'down', to: 9 }, s);
    s.apply(plan.writes);
    expect(cells.map((r) => [r[1], r[2]])).toEqual([[1, 2], [3, 4], [1, 2], [3, 4], [1, 2], [3, 4]]);
    expect(plan.writes.every((w) => w.pos.row >= 2 && w.pos.col >= 1)).toBe(true);
    expect(planFill({ top: 0, bottom: 1, left: 1, right: 2 }, { dir: 'down', to: 1 }, s).writes).toEqual([]);
  });

  it('the fill handle and Ctrl+R fill right: the source columns repeated, read-only cells skipped, each cell checked', () => {
    // Row 0: A | 1 | 2 | 9 | 9; column 0 read-only, column 4 refuses 'x' (it holds whole numbers).
    const cells: unknown[][] = [['A', 1, 2, 9, 9], ['B', 3, 'x', 9, 9]];
    const s = sheet(cells);
    const plan = planFill({ top: 0, bottom: 1, left: 1, right: 2 }, { dir: 'right', to: 7 }, s);
    expect(plan.writes.map((w) => [w.pos.row, w.pos.col, w.after])).toEqual([[0, 3, 1], [1, 3, 3], [0, 4, 2]]);
    expect(plan.refused.map((r) => [r.pos.row, r.pos.col, r.text, r.error.key])).toEqual([[1, 4, 'x', 'rule.integer']]);
    // Ctrl+R: the left column of the range into the columns right of it; the read-only column never written.
    const right = planFillRight({ anchor: { row: 0, col: 1 }, focus: { row: 1, col: 3 } }, sheet([['A', 5, 0, 0], ['B', 6, 0, 0]]));
    expect(right.writes.map((w) => [w.pos.row, w.pos.col, w.after])).toEqual([[0, 2, 5], [1, 2, 6], [0, 3, 5], [1, 3, 6]]);
    // Text from a read-only column filled into number cells: refused by their rule, nothing written.
    const fromText = planFillRight({ anchor: { row: 0, col: 0 }, focus: { row: 0, col: 2 } }, sheet([['A', 5, 0]]));
    expect(fromText.writes).toEqual([]);
    expect(fromText.refused.map((r) => [r.pos.col, r.error.key])).toEqual([[1, 'rule.integer'], [2, 'rule.integer']]);
  });

  it('the handle fills the way the pointer went further past the range, as Excel picks', () => {
    const src = { top: 1, bottom: 2, left: 1, right: 1 };
    expect(fillTarget(src, { row: 2, col: 1 })).toBeNull();
    expect(fillTarget(src, { row: 0, col: 0 })).toBeNull();
    expect(fillTarget(src, { row: 5, col: 2 })).toEqual({ dir: 'down', to: 5 });
    expect(fillTarget(src, { row: 3, col: 4 })).toEqual({ dir: 'right', to: 4 });
    expect(fillArea(src, { dir: 'right', to: 4 })).toEqual({ top: 1, bottom: 2, left: 2, right: 4 });
    expect(fillArea(src, { dir: 'down', to: 5 })).toEqual({ top: 3, bottom: 5, left: 1, right: 1 });
    expect(filledRange(src, { dir: 'right', to: 4 })).toEqual({ anchor: { row: 1, col: 1 }, focus: { row: 2, col: 4 } });
  });

  it('after a paste the range is the block as it landed, cut at the edge; a single value keeps the range', () => {
    expect(pastedRange(single({ row: 1, col: 1 }), '1\t2\r\n3\t4\r\n', 4, 3)).toEqual({ anchor: { row: 1, col: 1 }, focus: { row: 2, col: 2 } });
    expect(pastedRange(single({ row: 3, col: 2 }), '1\t2\r\n3\t4', 4, 3)).toEqual({ anchor: { row: 3, col: 2 }, focus: { row: 3, col: 2 } });
    const r = { anchor: { row: 2, col: 2 }, focus: { row: 0, col: 1 } };
    expect(pastedRange(r, '9', 4, 3)).toBe(r);
  });

  it('a paste past the last line says how many lines it needs; a single value never grows the sheet', () => {
    expect(pasteGrowth(single({ row: 2, col: 0 }), '1\t2\r\n3\t4\r\n5\t6\r\n', 4)).toBe(1);
    expect(pasteGrowth(single({ row: 0, col: 0 }), '1\r\n2\r\n', 4)).toBe(0);
    expect(pasteGrowth(single({ row: 3, col: 0 }), '7', 4)).toBe(0);
    expect(pasteGrowth({ anchor: { row: 5, col: 1 }, focus: { row: 3, col: 1 } }, 'a\nb\nc', 4)).toBe(2);
    expect(pasteGrowth(single({ row: 0, col: 0 }), '', 0)).toBe(0);
    // Property: after growing, the whole block lands (the last pasted row is the sheet's last or inside it).
    fc.assert(fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 20 }), fc.integer({ min: 2, max: 30 }), (top, rowCount, height) => {
      const at = Math.min(top, rowCount - 1);
      const text = Array.from({ length: height }, (_, i) => `${i}\t${i}`).join('\r\n');
      const grow = pasteGrowth(single({ row: at, col: 0 }), text, rowCount);
      expect(at + height).toBeLessThanOrEqual(rowCount + grow);
      expect(grow === 0 || at + height === rowCount + grow).toBe(true);
    }));
  });

  it('a paste that added lines is one undo step that takes the lines away again; its redo adds them back', () => {
    const w = { pos: { row: 4, col: 1 }, before: null, after: 5 };
    const stack = record(emptyUndo(), [w], ['new-1']);
    const u = undo(stack)!;
    expect(u.writes).toEqual([{ pos: w.pos, before: 5, after: null }]);
    expect(u.removeRows).toEqual(['new-1']);
    const r = redo(u.stack)!;
    expect(r.addRows).toEqual(['new-1']);
    expect(r.writes).toEqual([w]);
    expect(undo(record(emptyUndo(), [w]))!.removeRows).toBeUndefined();
  });

  it('a grid that keeps typed text writes refused cells as they came, so nothing pasted is lost', () => {
    const s = sheet(grid());
    const plan = planPaste(single({ row: 0, col: 1 }), '5\tx\r\ny\t7', s);
    const kept = keepRefusedText(plan, s.value);
    expect(kept.map((w) => [w.pos.row, w.pos.col, w.before, w.after])).toEqual([[0, 1, 1, 5], [1, 2, 4, 7], [0, 2, 2, 'x'], [1, 1, 3, 'y']]);
    // Property: every cell of the block lands somewhere: as its value or as the text refused.
    const digitsOrWord = fc.oneof(fc.integer({ min: 0, max: 99 }).map(String), fc.constantFrom('abc', '-1', '1.5'));
    fc.assert(fc.property(fc.array(fc.tuple(digitsOrWord, digitsOrWord), { minLength: 1, maxLength: 4 }), (rows) => {
      const p = planPaste(single({ row: 0, col: 1 }), formatTsv(rows), sheet(grid()));
      const written = keepRefusedText(p, () => null);
      expect(written).toHaveLength(rows.length * 2);
      for (const w of written) expect(String(w.after)).toBe(rows[w.pos.row][w.pos.col - 1].trim());
    }));
  });

  it('keeps the selection by row id across a reload that reorders rows', () => {
    const before = ['r1', 'r2', 'r3'];
    const after = ['r3', 'r1', 'r2'];
    const kept = keepSelection({ anchor: { row: 0, col: 1 }, focus: { row: 1, col: 2 } }, (i) => before[i]);
    expect(restoreSelection(kept, (id) => after.indexOf(id))).toEqual({ anchor: { row: 1, col: 1 }, focus: { row: 2, col: 2 } });
  });
});

describe('the keys of every sheet', () => {
  const k = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) =>
    sheetCommand({ key, ctrlKey: Boolean(mods.ctrl), metaKey: Boolean(mods.meta), shiftKey: Boolean(mods.shift), altKey: Boolean(mods.alt) });
  it('maps Excel\'s keys to commands and leaves the rest to the grid', () => {
    expect(k('d', { ctrl: true })).toEqual({ kind: 'fillDown' });
    expect(k('D', { meta: true })).toEqual({ kind: 'fillDown' });
    expect(k('r', { ctrl: true })).toEqual({ kind: 'fillRight' });
    expect(k('R', { ctrl: true, shift: true })).toBeNull(); // the browser's hard reload stays the browser's
    expect(k('z', { ctrl: true })).toEqual({ kind: 'undo' });
    expect(k('Z', { ctrl: true, shift: true })).toEqual({ kind: 'redo' });
    expect(k('y', { ctrl: true })).toEqual({ kind: 'redo' });
    expect(k('c', { ctrl: true })).toEqual({ kind: 'copy' });
    expect(k('Delete')).toEqual({ kind: 'clear' });
    expect(k('Backspace')).toEqual({ kind: 'clear' });
    expect(k('ArrowDown', { shift: true })).toEqual({ kind: 'extend', dr: 1, dc: 0 });
    expect(k('ArrowLeft', { shift: true })).toEqual({ kind: 'extend', dr: 0, dc: -1 });
    for (const other of [k('ArrowDown'), k('Enter'), k('Tab'), k('v', { ctrl: true }), k('1'), k('d', { ctrl: true, alt: true }), k('Delete', { ctrl: true })]) expect(other).toBeNull();
  });
});

