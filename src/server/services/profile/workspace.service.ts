import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { validationError } from '../../http/errors';
import { BOARD_LIMIT, type BoardItem, type BoardKind } from '../../../model/workspace';
import { withTenant } from '../../kernel/rls';
import type { AppModule, MenuEntryRef } from '../../../model/calls/workspace';
import { nextFavourites } from './profile.service';

/**
 * The personal area's arranged boards and app subscriptions (issue 13), one row per company, user
 * and board in `user_workspace_board`. Every statement names the caller's company and user id from
 * the token (never from the body) and runs inside the caller's tenant scope, so one user's layout
 * or subscriptions are never read or written by another.
 */

export type Owner = { clientId: number; userId: number };
type StoredBoard = 'mydash' | 'home' | 'apps';

/** The group code of the personal area itself: not an app of the market. */
const PERSONAL_GROUP = 'workspace';

const itemsOf = (raw: unknown): unknown => (typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw);

/** The caller's stored rows: each board's items (null when never saved) and the subscribed modules. */
export async function readBoards(db: Db, who: Owner): Promise<{ mydash: BoardItem[] | null; home: BoardItem[] | null; apps: string[] }> {
  const rows = await withTenant(db, who.clientId, async (tx) =>
    (await sql<{ board: StoredBoard; items: unknown }>`select board, items from user_workspace_board where client_id = ${who.clientId} and user_id = ${who.userId}`.execute(tx)).rows,
  );
  const of = (b: StoredBoard) => {
    const row = rows.find((r) => r.board === b);
    return row ? itemsOf(row.items) : null;
  };
  return { mydash: of('mydash') as BoardItem[] | null, home: of('home') as BoardItem[] | null, apps: (of('apps') as string[] | null) ?? [] };
}

/** Replaces one board's arrangement (the whole list: order and hidden flags). */
export async function saveBoard(db: Db, who: Owner, board: BoardKind, items: BoardItem[]): Promise<BoardItem[]> {
  await withTenant(db, who.clientId, (tx) =>
    sql`insert into user_workspace_board (client_id, user_id, board, items, updated_at)
      values (${who.clientId}, ${who.userId}, ${board}, ${JSON.stringify(items)}::jsonb, now())
      on conflict (client_id, user_id, board) do update set items = excluded.items, updated_at = now()`.execute(tx),
  );
  return items;
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
 * Subscribes to or unsubscribes from modules under a row lock (two tabs at once both count). A
 * module must be one of the caller's visible menu groups to be subscribed; the list keeps the
 * order of subscribing.
 */
export async function changeApps(db: Db, who: Owner, visible: readonly string[], change: { add?: string[]; remove?: string[] }): Promise<string[]> {
  const unknown = (change.add ?? []).filter((c) => !visible.includes(c));
  if (unknown.length) throw validationError({ modules: { key: 'profile.unknownModule' } });
  return withTenant(db, who.clientId, async (tx) => {
    await sql`insert into user_workspace_board (client_id, user_id, board, items) values (${who.clientId}, ${who.userId}, 'apps', '[]'::jsonb)
      on conflict (client_id, user_id, board) do nothing`.execute(tx);
    const r = await sql<{ items: unknown }>`select items from user_workspace_board where client_id = ${who.clientId} and user_id = ${who.userId} and board = 'apps' for update`.execute(tx);
    const current = (itemsOf(r.rows[0]?.items) as string[] | undefined) ?? [];
    const next = nextFavourites(current, change);
    if (next.length > BOARD_LIMIT) throw validationError({ modules: { key: 'profile.tooManyItems', params: { max: BOARD_LIMIT } } });
    await sql`update user_workspace_board set items = ${JSON.stringify(next)}::jsonb, updated_at = now()
      where client_id = ${who.clientId} and user_id = ${who.userId} and board = 'apps'`.execute(tx);
    return next;
  });
}
