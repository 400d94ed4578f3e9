import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { withTenant } from '../../kernel/rls';

/**
 * A user's own boards of a company, one row per company, user and board in `user_workspace_board`
 * (items as JSON): the control tower's widget settings (board `tower`), the personal boards'
 * arrangements (`mydash`, `home`) and the subscribed apps (`apps`). Every statement names the
 * caller's company and user id from the token (never from a body) and runs inside the caller's
 * tenant scope, so one user's boards are never read or written by another.
 */
export type BoardOwner = { clientId: number; userId: number };

const itemsOf = (raw: unknown): unknown => (typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw);

/** The owner's stored items of each named board; null for a board never saved. */
export async function readUserBoards<B extends string>(db: Db, who: BoardOwner, boards: readonly B[]): Promise<Record<B, unknown>> {
  const rows = await withTenant(db, who.clientId, async (tx) =>
    (await sql<{ board: string; items: unknown }>`select board, items from user_workspace_board
      where client_id = ${who.clientId} and user_id = ${who.userId} and board = any(${sql.val(boards)}::text[])`.execute(tx)).rows,
  );
  const stored = new Map(rows.map((r) => [r.board, itemsOf(r.items)]));
  return Object.fromEntries(boards.map((b) => [b, stored.get(b) ?? null])) as Record<B, unknown>;
}

/** Replaces one board's items. */
export async function saveUserBoard(db: Db, who: BoardOwner, board: string, items: unknown): Promise<void> {
  await withTenant(db, who.clientId, (tx) =>
    sql`insert into user_workspace_board (client_id, user_id, board, items, updated_at)
      values (${who.clientId}, ${who.userId}, ${board}, ${JSON.stringify(items)}::jsonb, now())
      on conflict (client_id, user_id, board) do update set items = excluded.items, updated_at = now()`.execute(tx),
  );
}

/**
 * Changes one board's items under a row lock (two tabs at once both count): `change` gets the stored
 * items (an empty list when never saved) and answers the next ones, or throws to keep them.
 */
export async function changeUserBoard<T>(db: Db, who: BoardOwner, board: string, change: (current: unknown) => T): Promise<T> {
  return withTenant(db, who.clientId, async (tx) => {
    await sql`insert into user_workspace_board (client_id, user_id, board, items) values (${who.clientId}, ${who.userId}, ${board}, '[]'::jsonb)
      on conflict (client_id, user_id, board) do nothing`.execute(tx);
    const r = await sql<{ items: unknown }>`select items from user_workspace_board where client_id = ${who.clientId} and user_id = ${who.userId} and board = ${board} for update`.execute(tx);
    const next = change(itemsOf(r.rows[0]?.items));
    await sql`update user_workspace_board set items = ${JSON.stringify(next)}::jsonb, updated_at = now()
      where client_id = ${who.clientId} and user_id = ${who.userId} and board = ${board}`.execute(tx);
    return next;
  });
}
