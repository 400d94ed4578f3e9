import { describe, expect, it } from 'vitest';
import { arrangedBoard, boardItemsOf, defaultBoard, moveBefore, moveBy, offeredKeys, offers, periodRange, withSettings, withShown, type BoardItem } from './workspace';

const manager = { roles: ['clientadmin'], hasCompany: true };
const buyer = { roles: ['common'], hasCompany: true };
const superAdmin = { roles: ['superadmin'], hasCompany: false };
const keys = (items: BoardItem[]) => items.map((i) => `${i.key}${i.hidden ? '-' : ''}`);

describe('widgets offered by the dashboard roles', () => {
  it('offers the tower widgets to managers only, the company blocks to users of a company', () => {
    expect(offeredKeys(manager, ['funnel', 'ontime'])).toEqual(['todo', 'toread', 'apps', 'announcements', 'favourites', 'quicklinks', 'tower.funnel', 'tower.ontime']);
    expect(offeredKeys(buyer, ['funnel'])).toEqual(['todo', 'toread', 'apps', 'announcements', 'favourites', 'quicklinks']);
    expect(offeredKeys(superAdmin, [])).toEqual(['apps', 'favourites', 'quicklinks']);
    expect(offers(buyer, 'tower.funnel')).toBe(false);
    expect(offers(manager, 'nosuchblock')).toBe(false);
    expect(offers(manager, 'tower.Bad Key')).toBe(false);
  });
});

describe('boards before and after arranging', () => {
  const offered = offeredKeys(manager, ['funnel', 'ontime', 'purchase', 'capacity', 'allocation']);
  it('shows the dashboard its first four tower widgets and the home its own blocks', () => {
    expect(keys(defaultBoard('mydash', offered))).toEqual(['todo', 'toread', 'apps-', 'announcements-', 'favourites-', 'quicklinks-', 'tower.funnel', 'tower.ontime', 'tower.purchase', 'tower.capacity', 'tower.allocation-']);
    expect(keys(defaultBoard('home', offered)).filter((k) => !k.endsWith('-'))).toEqual(['todo', 'toread', 'apps', 'announcements', 'favourites', 'quicklinks']);
  });
  it('puts the tower widgets a planner looks at first on a planner\'s new dashboard', () => {
    const shownTowers = (roles: string[]) => keys(defaultBoard('mydash', offered, roles)).filter((k) => k.startsWith('tower.') && !k.endsWith('-'));
    expect(shownTowers(['common', 'planner'])).toEqual(['tower.capacity', 'tower.ontime', 'tower.funnel', 'tower.purchase']);
    expect(shownTowers(['linemanager'])).toEqual(['tower.capacity', 'tower.ontime', 'tower.funnel', 'tower.purchase']);
    expect(shownTowers(['clientadmin'])).toEqual(['tower.funnel', 'tower.ontime', 'tower.purchase', 'tower.capacity']);
    expect(arrangedBoard('mydash', null, offered, ['planner'])).toEqual(defaultBoard('mydash', offered, ['planner']));
  });
  it('keeps the saved order, drops what is no longer offered and parks new widgets hidden at the end', () => {
    const saved = [{ key: 'tower.ontime', hidden: false }, { key: 'tower.gone', hidden: false }, { key: 'todo', hidden: true }];
    expect(keys(arrangedBoard('mydash', saved, ['todo', 'tower.ontime', 'tower.funnel']))).toEqual(['tower.ontime', 'todo-', 'tower.funnel-']);
    expect(arrangedBoard('home', null, ['todo'])).toEqual([{ key: 'todo', hidden: false }]);
    expect(arrangedBoard('home', [], ['todo'])).toEqual([{ key: 'todo', hidden: true }]);
  });
});

describe('arranging', () => {
  const board: BoardItem[] = [
    { key: 'a', hidden: false },
    { key: 'h', hidden: true },
    { key: 'b', hidden: false },
    { key: 'c', hidden: false },
  ];
  it('moves up and down among the shown widgets, not past the ends', () => {
    expect(keys(moveBy(board, 'b', -1))).toEqual(['b', 'a', 'h-', 'c']);
    expect(keys(moveBy(board, 'a', 1))).toEqual(['h-', 'b', 'a', 'c']);
    expect(keys(moveBy(board, 'b', 1))).toEqual(['a', 'h-', 'c', 'b']);
    expect(keys(moveBy(board, 'a', -1))).toEqual(keys(board));
    expect(keys(moveBy(board, 'c', 1))).toEqual(keys(board));
  });
  it('drops a dragged widget before its target, or at the end', () => {
    expect(keys(moveBefore(board, 'c', 'a'))).toEqual(['c', 'a', 'h-', 'b']);
    expect(keys(moveBefore(board, 'a', null))).toEqual(['h-', 'b', 'c', 'a']);
    expect(keys(moveBefore(board, 'a', 'zz'))).toEqual(keys(board));
  });
  it('shows a widget from the market after the last shown one and hides one in place', () => {
    const more = [...board, { key: 'm', hidden: true }];
    expect(keys(withShown(more, 'h', true))).toEqual(['a', 'b', 'c', 'h', 'm-']);
    expect(keys(withShown(more, 'm', true))).toEqual(['a', 'h-', 'b', 'c', 'm']);
    expect(keys(withShown(more, 'b', false))).toEqual(['a', 'h-', 'b-', 'c', 'm-']);
  });
});

describe('reading a saved board', () => {
  it('takes a list or JSON text of keys with hidden flags and refuses anything else', () => {
    expect(boardItemsOf([{ key: 'todo' }, { key: 'tower.funnel', hidden: true }])).toEqual([{ key: 'todo', hidden: false }, { key: 'tower.funnel', hidden: true }]);
    expect(boardItemsOf('[{"key":"todo","hidden":false}]')).toEqual([{ key: 'todo', hidden: false }]);
    for (const bad of ['[', '{}', [{ key: 'todo' }, { key: 'todo' }], [{ key: 'Todo' }], [{ key: 'todo', hidden: 'yes' }], [null], Array.from({ length: 51 }, (_, i) => ({ key: `w${i}` }))])
      expect(boardItemsOf(bad)).toBeNull();
  });
});

describe('a tower widget’s own settings', () => {
  it('reads period and top N of tower widgets only, refusing anything else', () => {
    expect(boardItemsOf([{ key: 'tower.funnel', hidden: false, settings: { period: 'quarter', top: 10 } }])).toEqual([{ key: 'tower.funnel', hidden: false, settings: { period: 'quarter', top: 10 } }]);
    expect(boardItemsOf([{ key: 'tower.funnel', settings: {} }])).toEqual([{ key: 'tower.funnel', hidden: false }]);
    for (const bad of [
      [{ key: 'todo', settings: { period: 'month' } }],
      [{ key: 'tower.funnel', settings: { period: 'decade' } }],
      [{ key: 'tower.funnel', settings: { top: 7 } }],
      [{ key: 'tower.funnel', settings: { colour: 'red' } }],
      [{ key: 'tower.funnel', settings: 'month' }],
    ])
      expect(boardItemsOf(bad), JSON.stringify(bad)).toBeNull();
  });

  it('gives whole calendar months for each period, none for the tower’s own range', () => {
    expect(periodRange('month', '2026-11-27')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodRange('quarter', '2026-11-27')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodRange('quarter', '2026-02-28')).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(periodRange('year', '2026-02-28')).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodRange('tower', '2026-02-28')).toBeNull();
    expect(periodRange(undefined, '2026-02-28')).toBeNull();
  });

  it('sets and clears settings, and keeps them when the board is arranged against a changed offer', () => {
    const items: BoardItem[] = [{ key: 'todo', hidden: false }, { key: 'tower.funnel', hidden: false }];
    const set = withSettings(items, 'tower.funnel', { period: 'year', top: 5 });
    expect(set[1]).toEqual({ key: 'tower.funnel', hidden: false, settings: { period: 'year', top: 5 } });
    expect(withSettings(set, 'tower.funnel', { top: undefined })[1]).toEqual({ key: 'tower.funnel', hidden: false, settings: { period: 'year' } });
    expect(withSettings(set, 'tower.funnel', { top: undefined, period: undefined })[1]).toEqual({ key: 'tower.funnel', hidden: false });
    expect(arrangedBoard('mydash', set, ['todo', 'tower.funnel', 'tower.ontime'])).toEqual([...set, { key: 'tower.ontime', hidden: true }]);
    expect(moveBy(set, 'tower.funnel', -1)[0]).toEqual(set[1]);
  });
});
