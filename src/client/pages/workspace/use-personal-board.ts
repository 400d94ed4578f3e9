import { useMemo } from 'react';
import useSWR, { mutate as mutateKey } from 'swr';
import { useSnapshot } from 'valtio';
import { visibleWidgets, type DashboardWidget, type Label } from '../../../model';
import { blockOf, defaultBoard, isTowerKey, offeredKeys, tileIdOf, towerKey, type BoardKind } from '../../../model/workspace';
import { tileCalls, type TileRow } from '../../../model/calls/tiles';
import { callApi, useCall } from '../../api/calls';
import { access } from '../../session/access-state';
import { controlTower } from '../../../../reports/control-tower';
import { workspaceCalls } from '../../../model/calls/workspace';
import { useArrangedBoard } from '../../engine/report/use-arranged-board';
import { readSetting, SETTING_KEYS, type DashSetting, type HomeSetting } from './workspace-api';

export type Offer = { key: string; title: Label; span: 1 | 2 | 3; widget?: DashboardWidget; tile?: TileRow };

/**
 * The widgets the session is offered now, with their titles and sizes (blocks, tower widgets, then the
 * designed tiles on the user's dashboard); `ready` once the tiles are known (a board arranged before
 * would otherwise lose its tiles).
 */
export function useOffers(): { offers: Offer[]; keys: string[]; towerPage: boolean; ready: boolean } {
  const user = useSnapshot(access);
  const { data: mine, error } = useCall(tileCalls.mine, user.clientId !== null ? undefined : null, { quiet: true });
  return useMemo(() => {
    const codes = new Set(user.menus.flatMap((g) => g.children.map((c) => c.CODE)));
    // The tower's widgets with a report source the user has a menu entry for, as the tower shows them.
    const tower = visibleWidgets(controlTower, codes);
    const tiles = mine?.tiles ?? [];
    const keys = offeredKeys({ roles: user.dashroles, hasCompany: user.clientId !== null }, tower.map((w) => w.key), tiles.map((x) => x.id));
    const offers = keys.map((key): Offer => {
      if (isTowerKey(key)) {
        const w = tower.find((y) => towerKey(y.key) === key)!;
        return { key, title: w.title, span: w.span === 2 ? 2 : 1, widget: w };
      }
      const tile = tiles.find((x) => x.id === tileIdOf(key));
      if (tile) return { key, title: { zh: tile.name, en: tile.name }, span: tile.span === 3 ? 3 : tile.span === 2 ? 2 : 1, tile };
      const b = blockOf(key)!;
      return { key, title: b.title, span: b.span };
    });
    // The tower's own page opens from its widgets only for those with its menu entry.
    return { offers, keys, towerPage: codes.has('rpt.control-tower'), ready: user.clientId === null || Boolean(mine) || Boolean(error) };
  }, [user.menus, user.dashroles, user.clientId, mine, error]);
}

/**
 * A board as the user arranged it (saved per user and company on the server) on the engine's arranged
 * board: each change is shown at once and saved; a refused save goes back to the stored board.
 */
export function useBoard(kind: BoardKind) {
  const user = useSnapshot(access);
  const key = user.id !== null && !user.mustChangePassword ? SETTING_KEYS[kind] : null;
  const { data, error } = useSWR<DashSetting | HomeSetting>(key, readSetting[kind]);
  const { offers, keys, towerPage, ready } = useOffers();
  const board = useArrangedBoard({
    stored: data?.board,
    offered: ready ? keys : null,
    defaults: () => defaultBoard(kind, keys, user.dashroles),
    persist: async (items) => {
      const saved = await callApi(workspaceCalls.saveBoard, { board: kind, items });
      await mutateKey(SETTING_KEYS[kind], (d: DashSetting | HomeSetting | undefined) => (d ? { ...d, board: saved.items } : d), { revalidate: false });
    },
  });
  return { board, offers, towerPage, error, canArrange: user.clientId !== null };
}
