import { describe, expect, it } from 'vitest';
import type { RowTone } from '../../model/page';
import { rowToneClass } from './row-tone';

const tones: RowTone[] = [
  { when: "kind == 'adjustment'", tone: 'info' },
  { when: "match != 'matched' && explained", tone: 'warning' },
  { when: "match != 'matched'", tone: 'danger' },
];

describe('row tones of a child grid', () => {
  it('takes the first rule that holds over the line', () => {
    expect(rowToneClass(tones, { kind: 'adjustment', match: 'adjustment', explained: false })).toBe('engine-row-info');
    expect(rowToneClass(tones, { kind: 'receipt', match: 'qty_diff', explained: true })).toBe('engine-row-warning');
    expect(rowToneClass(tones, { kind: 'receipt', match: 'seller_only', explained: false })).toBe('engine-row-danger');
  });
  it('gives no class when no rule holds, no rules are declared or the expression is broken', () => {
    expect(rowToneClass(tones, { kind: 'receipt', match: 'matched', explained: false })).toBeUndefined();
    expect(rowToneClass(undefined, { kind: 'adjustment' })).toBeUndefined();
    expect(rowToneClass([{ when: 'kind ==', tone: 'danger' }], { kind: 'x' })).toBeUndefined();
  });
});
