import type { Db } from '../../db/database';
import { validationError } from '../../http/errors';
import { BOARD_LIMIT, type BoardItem } from '../../../model/workspace';
import type { AppModule, MenuEntryRef } from '../../../model/calls/workspace';
import { changeUserBoard, readUserBoards, type BoardOwner } from '../report-engine/user-boards';
import { nextFavourites } from './profile.service';

/**
 * The personal area's arranged boards and app subscriptions (issue 13): the user's own boards
 * `mydash`, `home` and `apps` of the dashboards' store (src/server/services/report-engine/user-boards.ts,
 * per company and user from the token, in the caller's tenant scope).
 */

export type Owner = BoardOwner;

/** The group code of the personal area itself: not an app of the market. */
const PERSONAL_GROUP = 'workspace';

/** The caller's stored boards: each board's items (null when never saved) and the subscribed modules. */
export async function readBoards(db: Db, who: Owner): Promise<{ mydash: BoardItem[] | null; home: BoardItem[] | null; apps: string[] }> {
  const stored = await readUserBoards(db, who, ['mydash', 'home', 'apps'] as const);
  return { mydash: stored.mydash as BoardItem[] | null, home: stored.home as BoardItem[] | null, apps: (stored.apps as string[] | null) ?? [] };
}

/** The company's modules (its menu groups) the caller sees, as the app market offers them. */
export function modulesOf(entries: readonly MenuEntryRef[]): AppModule[] {
  const out: AppModule[] = [];
  for (const e of entries) {
    if (e.GROUP_CODE === PERSONAL_GROUP) continue;
    const m = out.find((x) => x.CODE === e.GROUP_CODE);
    if (m) m.entries++;
    else out.push({ CODE: e.GROUP_CODE, TITLE: e.GROUP, ICON: e.ICON, FURL: `/workspace/menuindex/${e.GROUP_CODE}`, entries: 1 });
  }
  return out;
}

/**
 * Subscribes to or unsubscribes from modules under the board's row lock (two tabs at once both
 * count). A module must be one of the caller's visible menu groups to be subscribed; the list keeps
 * the order of subscribing.
 */
export async function changeApps(db: Db, who: Owner, visible: readonly string[], change: { add?: string[]; remove?: string[] }): Promise<string[]> {
  const unknown = (change.add ?? []).filter((c) => !visible.includes(c));
  if (unknown.length) throw validationError({ modules: { key: 'profile.unknownModule' } });
  return changeUserBoard(db, who, 'apps', (current) => {
    const next = nextFavourites((current as string[] | null) ?? [], change);
    if (next.length > BOARD_LIMIT) throw validationError({ modules: { key: 'profile.tooManyItems', params: { max: BOARD_LIMIT } } });
    return next;
  });
}
