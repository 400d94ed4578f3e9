import { describe, expect, it } from 'vitest';
import type { TileBoardItem } from '../../../../model/calls/tiles';
import { readTileSlots, slotsOf, tileFrame, writeTileSlots } from './tile-layout';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), m };
};
const item = (id: number, span: number, chart: string) => ({ tile: { id, span, chart }, run: null }) as unknown as TileBoardItem;

describe('the tower keeps where its tiles stood', () => {
  it('answers the slots written for the same user, in order, and none for another user', () => {
    const store = memory();
    writeTileSlots('maker', store, slotsOf([item(4, 1, 'number'), item(9, 2, 'bar')]));
    expect(readTileSlots('maker', store)).toEqual([{ id: 4, span: 1, chart: 'number' }, { id: 9, span: 2, chart: 'bar' }]);
    expect(readTileSlots('brand', store)).toBeNull();
    expect(readTileSlots(null, store)).toBeNull();
  });

  it('an empty board is kept as no slots, not as nothing known', () => {
    const store = memory();
    writeTileSlots('maker', store, []);
    expect(readTileSlots('maker', store)).toEqual([]);
  });

  it('a value that is not slots (edited by hand, an older shape) gives no placeholders', () => {
    const store = memory();
    for (const bad of ['{', '{"id":1}', '[{"id":"x","span":1,"chart":"bar"}]', '[{"id":1,"span":4,"chart":"bar"}]', '[null]']) {
      store.m.set('tower-tiles:maker', bad);
      expect(readTileSlots('maker', store)).toBeNull();
    }
  });

  it('a storage that refuses the write costs nothing', () => {
    const refusing = { getItem: () => null, setItem: () => { throw new Error('quota'); } };
    expect(() => writeTileSlots('maker', refusing, [{ id: 1, span: 1, chart: 'pie' }])).not.toThrow();
  });

  it('a number tile is shorter than a chart, and its view fits its frame', () => {
    expect(tileFrame('number').minHeight).toBeLessThan(tileFrame('bar').minHeight);
    for (const c of ['number', 'bar', 'pie'] as const) expect(tileFrame(c).viewHeight).toBeLessThan(tileFrame(c).minHeight);
  });
});
