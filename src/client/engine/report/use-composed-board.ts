import { useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { visibleWidgets, type DashboardDef, type DashboardWidget, type Label } from '../../../model';
import { composedDefault, offeredWidgets, tileIdOf, type DashboardBlock } from '../../../model/dashboard-board';
import { isTowerKey, towerKey, type BoardItem } from '../../../model/widget-settings';
import { dashboardCalls } from '../../../model/calls/dashboards';
import { tileCalls, type TileRow } from '../../../model/calls/tiles';
import { callApi, useCall } from '../../api/calls';
import { access } from '../../session/access-state';
import { useArrangedBoard } from './use-arranged-board';

/**
 * A user's arrangement of a declared dashboard (issue 30: every declared dashboard is arranged by
 * its users), read and saved per company and user by the dashboards' layout calls: the widgets
 * `offered` (null: not known yet), in the user's order, hidden ones back in the market; nothing
 * saved: `defaults` (the declared order); a failed read: the defaults too, or nothing drawn (`onError:
 * 'wait'`, `failed` says so). `read` false: nothing asked (no board kept), the defaults drawn.
 */
export function useArrangedDashboard(def: DashboardDef, offered: readonly string[] | null, defaults: () => BoardItem[], { read = true, onError = 'defaults' }: { read?: boolean; onError?: 'defaults' | 'wait' } = {}) {
  const { data, error, mutate } = useCall(dashboardCalls.layout, read ? { name: def.name } : null, { quiet: true });
  const board = useArrangedBoard({
    stored: !read ? null : error ? (onError === 'wait' ? undefined : null) : data?.items,
    offered,
    defaults,
    persist: async (items) => {
      const saved = await callApi(dashboardCalls.saveLayout, { name: def.name, items });
      await mutate({ items: saved.items }, { revalidate: false });
    },
  });
  return { ...board, failed: Boolean(error) };
}

/** One widget a composed board offers: a block, another dashboard's widget (`tower.<key>`) or a designed tile, with its title and span. */
export type ComposedOffer = { key: string; title: Label; span: 1 | 2 | 3; block?: DashboardBlock; widget?: DashboardWidget; tile?: TileRow };

/**
 * What a composed dashboard (src/model/dashboard-board.ts) offers the session now, in the market's
 * order: its blocks, the borrowed widgets with a report source the user's menus give (as their own
 * dashboard shows them), the designed tiles on the user's dashboard; `ready` once the tiles are known
 * (a board arranged before would otherwise lose its tiles).
 */
export function useComposedOffers(def: DashboardDef): { offers: ComposedOffer[]; keys: string[]; menus: ReadonlySet<string>; ready: boolean } {
  const user = useSnapshot(access);
  const board = def.composed!;
  const { data: mine, error } = useCall(tileCalls.mine, board.tiles && user.clientId !== null ? undefined : null, { quiet: true });
  return useMemo(() => {
    const menus = new Set(user.menus.flatMap((g) => g.children.map((c) => c.CODE)));
    const borrowed = board.borrow ? visibleWidgets(board.borrow.from, menus) : [];
    const tiles = mine?.tiles ?? [];
    const keys = offeredWidgets(board, { roles: user.dashroles, hasCompany: user.clientId !== null }, borrowed.map((w) => w.key), tiles.map((x) => x.id));
    const span = (n: number | undefined) => (n === 3 ? 3 : n === 2 ? 2 : 1);
    const offers = keys.map((key): ComposedOffer => {
      const widget = isTowerKey(key) ? borrowed.find((w) => towerKey(w.key) === key) : undefined;
      if (widget) return { key, title: widget.title, span: span(widget.span), widget };
      const tile = tiles.find((x) => x.id === tileIdOf(key));
      if (tile) return { key, title: { zh: tile.name, en: tile.name }, span: span(tile.span), tile };
      const block = board.blocks.find((b) => b.key === key)!;
      return { key, title: block.title, span: block.span, block };
    });
    return { offers, keys, menus, ready: !board.tiles || user.clientId === null || Boolean(mine) || Boolean(error) };
  }, [board, user.menus, user.dashroles, user.clientId, mine, error]);
}

/**
 * A composed dashboard as its user arranged it: what it offers, the arrangement (a new board shows
 * what the declaration shows, `composedDefault`), saved by the layout call; a user without a
 * company sees the default board and cannot arrange it.
 */
export function useComposedBoard(def: DashboardDef) {
  const user = useSnapshot(access);
  const { offers, keys, menus, ready } = useComposedOffers(def);
  const canArrange = user.clientId !== null;
  const defaults = () => composedDefault(def.composed!, keys, user.dashroles);
  const board = useArrangedDashboard(def, ready ? keys : null, defaults, { read: canArrange && !user.mustChangePassword, onError: 'wait' });
  return { board, offers, menus, canArrange };
}
