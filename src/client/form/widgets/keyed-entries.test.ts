import { describe, expect, it } from 'vitest';
import '../../../model/entities';
import { requireEntity } from '../../../model/entity';
import { entriesValueOf, entryCellError, entryRowsOf } from './keyed-entries';

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
    expect(entryCellError(def, 'kpi', 'abc')).toBe('rule.maxDecimals4');
    expect(entryCellError(def, 'kpi', '1.23456')).toBe('rule.maxDecimals4');
    expect(entryCellError(def, 'kpi', '95.5')).toBeNull();
    expect(entryCellError(def, 'kpi', '')).toBeNull();
  });
});
