import { describe, expect, it } from 'vitest';
import '../../reports';
import { homeBoard, myDashboard } from '../../reports/dashboards/personal.board';
import { composedArranged, composedDefault, offeredWidgets, offersWidget, type ComposedBoard } from './dashboard-board';
import { defineDashboard, getDashboard } from './dashboard';

const manager = { roles: ['clientadmin'], hasCompany: true };
const planner = { roles: ['planner'], hasCompany: true };
const buyer = { roles: ['common'], hasCompany: true };
const shown = (board: ComposedBoard, offered: string[], roles: string[] = []) => composedDefault(board, offered, roles).filter((i) => !i.hidden).map((i) => i.key);

describe('a dashboard its user composes (the personal boards)', () => {
  const mydash = myDashboard.composed!;
  const home = homeBoard.composed!;
  it('is a declared dashboard of its own name, kept under the store key users saved it under before', () => {
    expect(getDashboard('mydash')).toBe(myDashboard);
    expect([mydash.store, home.store]).toEqual(['mydash', 'home']);
    expect(myDashboard.widgets).toEqual([]);
  });
  it('offers its blocks, the borrowed widgets to their roles only when the lent dashboard has them, and tiles to a company', () => {
    expect(offersWidget(mydash, manager, 'tower.funnel')).toBe(true);
    expect(offersWidget(mydash, manager, 'tower.nosuch')).toBe(false);
    expect(offersWidget(mydash, buyer, 'tower.funnel')).toBe(false);
    expect(offersWidget(mydash, buyer, 'tile.7')).toBe(true);
    expect(offersWidget(mydash, { roles: [], hasCompany: false }, 'tile.7')).toBe(false);
    expect(offersWidget(mydash, manager, 'orderbook')).toBe(false);
    expect(offeredWidgets(mydash, planner, ['funnel', 'capacity'], [3])).toEqual(['todo', 'toread', 'apps', 'announcements', 'favourites', 'quicklinks', 'tower.funnel', 'tower.capacity', 'tile.3']);
  });
  it('shows on a new board what each declaration shows, the role\'s widgets first, tiles waiting in the market', () => {
    const offered = offeredWidgets(mydash, planner, ['funnel', 'ontime', 'purchase', 'capacity', 'stock'], [3]);
    expect(shown(mydash, offered, ['planner'])).toEqual(['todo', 'toread', 'tower.capacity', 'tower.ontime', 'tower.funnel', 'tower.purchase']);
    expect(shown(home, offered, ['planner'])).toEqual(['todo', 'toread', 'apps', 'announcements', 'favourites', 'quicklinks']);
    // A saved board keeps its order; a widget offered since waits hidden at the end.
    expect(composedArranged(home, [{ key: 'quicklinks', hidden: false }], ['quicklinks', 'todo'])).toEqual([{ key: 'quicklinks', hidden: false }, { key: 'todo', hidden: true }]);
  });
  it('refuses a block declared twice or keyed like a borrowed widget', () => {
    const block = { key: 'todo', title: { zh: '待办', en: 'To-do' }, span: 1 as const };
    const def = (name: string, blocks: ComposedBoard['blocks']) => ({ name, title: block.title, purpose: block.title, companies: ['maker' as const], widgets: [], composed: { store: name, blocks, limit: 5, blocksLabel: block.title } });
    expect(() => defineDashboard(def('twice-test', [block, block]))).toThrow(/block todo/);
    expect(() => defineDashboard(def('dotted-test', [{ ...block, key: 'tower.x' }]))).toThrow(/block tower\.x/);
  });
});
