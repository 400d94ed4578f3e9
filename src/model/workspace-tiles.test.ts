import { describe, expect, it } from 'vitest';
import { arrangedBoard, boardItemsOf, defaultBoard, isTileKey, moveBy, offeredKeys, tileIdOf, tileKey, withShown } from './workspace';

describe('designed tiles on a personal board (issue 34)', () => {
  const viewer = { roles: ['planner'], hasCompany: true };
  it('names a tile by its id and accepts only such keys', () => {
    expect(tileKey(12)).toBe('tile.12');
    expect(tileIdOf('tile.12')).toBe(12);
    for (const bad of ['tile.', 'tile.0', 'tile.01', 'tile.x', 'tile.1.2', 'tower.1']) expect(isTileKey(bad), bad).toBe(false);
    expect(tileIdOf('todo')).toBeNull();
    expect(boardItemsOf([{ key: 'tile.7', hidden: false }])).toEqual([{ key: 'tile.7', hidden: false }]);
    expect(boardItemsOf([{ key: 'tile.7', settings: { period: 'month' } }])).toBeNull();
  });

  it('offers the dashboard tiles after the blocks and tower widgets, waiting in the market until added', () => {
    const keys = offeredKeys(viewer, ['funnel'], [7, 9]);
    expect(keys.slice(-2)).toEqual(['tile.7', 'tile.9']);
    expect(offeredKeys({ roles: [], hasCompany: false }, [], [7])).not.toContain('tile.7');
    const board = defaultBoard('mydash', keys, viewer.roles);
    expect(board.filter((i) => i.key.startsWith('tile.')).every((i) => i.hidden)).toBe(true);
    const added = withShown(withShown(board, 'tile.9', true), 'tile.7', true);
    const shown = added.filter((i) => !i.hidden).map((i) => i.key);
    expect(shown.slice(-2)).toEqual(['tile.9', 'tile.7']);
    expect(moveBy(added, 'tile.7', -1).filter((i) => !i.hidden).map((i) => i.key).slice(-2)).toEqual(['tile.7', 'tile.9']);
    // A tile no longer on the dashboard (unshared, removed) leaves the arranged board.
    expect(arrangedBoard('mydash', added, offeredKeys(viewer, ['funnel'], [9])).some((i) => i.key === 'tile.7')).toBe(false);
  });
});
