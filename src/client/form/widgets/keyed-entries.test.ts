import { describe, expect, it } from 'vitest';
import '../../../model/entities';
import { requireEntity } from '../../../model/entity';
import { planClear, planFillDown, planPaste, single } from '../../grid/spreadsheet';
import { entriesValueOf, entryCellError, entryRowsOf, entrySheet, writeEntryCells, type EntryRow } from './keyed-entries';

const def = requireEntity('allocationversion').fields.find((f) => f.key === 'vendor_settings')!.entries!;

describe('keyed table rows', () => {
  it('shows a stored value as rows and saves the rows back with numbers', () => {
    const rows = entryRowsOf(def, { '7': { kpi: 90, shareMax: 0.3 } });
    expect(rows).toEqual([{ key: '7', cells: { kpi: '90', shareMax: '0.3', shareTarget: '' } }]);
    expect(entriesValueOf(def, rows)).toEqual({ '7': { kpi: 90, shareMax: 0.3 } });
  });

  it('leaves out rows with no record picked, and gives null when none is left', () => {
    expect(entriesValueOf(def, [{ key: '', cells: { kpi: '80' } }])).toBeNull();
  });

  it('keeps a bad cell as typed, so the save refuses it with its message', () => {
    expect(entriesValueOf(def, [{ key: '9', cells: { kpi: 'abc' } }])).toEqual({ '9': { kpi: 'abc' } });
    expect(entryCellError(def, 'kpi', 'abc')).toBe('rule.number');
    expect(entryCellError(def, 'kpi', '1.23456')).toBe('rule.maxDecimals4');
    expect(entryCellError(def, 'kpi', '95.5')).toBeNull();
    expect(entryCellError(def, 'kpi', '')).toBeNull();
  });

  describe('the value cells as a sheet of the spreadsheet keys', () => {
    const rows: EntryRow[] = [
      { key: '7', cells: { kpi: '90', shareMax: '', shareTarget: '' } },
      { key: '8', cells: { kpi: '', shareMax: '0.5', shareTarget: '' } },
    ];

    it('pastes a block of Excel\'s text into the cells, cut at the last row (no record is invented)', () => {
      const sheet = entrySheet(def, rows, true);
      expect([sheet.rowCount, sheet.colCount]).toEqual([2, 3]);
      // A 3 x 2 block from row 1's share cap: its third row has no record to land on.
      const plan = planPaste(single({ row: 0, col: 1 }), '0.2\t0.1\r\n0.3\t0.15\r\n0.4\t0.2\r\n', sheet);
      expect(plan.refused).toEqual([]);
      const next = writeEntryCells(def, rows, plan.writes);
      expect(next).toHaveLength(2);
      expect(entriesValueOf(def, next)).toEqual({ '7': { kpi: 90, shareMax: 0.2, shareTarget: 0.1 }, '8': { shareMax: 0.3, shareTarget: 0.15 } });
      expect(rows[0].cells.shareMax).toBe('');
    });

    it('keeps a bad pasted cell as text, so it shows its message and the save refuses it', () => {
      const next = writeEntryCells(def, rows, planPaste(single({ row: 1, col: 0 }), 'abc', entrySheet(def, rows, true)).writes);
      expect(next[1].cells.kpi).toBe('abc');
      expect(entryCellError(def, 'kpi', next[1].cells.kpi)).toBe('rule.number');
    });

    it('fills down, clears, and writes back what an undo gives; nothing is written when the field is read-only', () => {
      const range = { anchor: { row: 0, col: 0 }, focus: { row: 1, col: 1 } };
      const filled = planFillDown(range, entrySheet(def, rows, true));
      const next = writeEntryCells(def, rows, filled.writes);
      expect(next.map((r) => [r.cells.kpi, r.cells.shareMax])).toEqual([['90', ''], ['90', '']]);
      const undone = writeEntryCells(def, next, filled.writes.map((w) => ({ pos: w.pos, before: w.after, after: w.before })));
      expect(undone).toEqual(rows);
      const cleared = writeEntryCells(def, rows, planClear(range, entrySheet(def, rows, true)).writes);
      expect(entriesValueOf(def, cleared)).toEqual({ '7': {}, '8': {} });
      expect(planPaste(single({ row: 0, col: 0 }), '1', entrySheet(def, rows, false)).writes).toEqual([]);
    });
  });
});
