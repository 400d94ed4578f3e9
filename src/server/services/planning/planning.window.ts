import { sql } from 'kysely';
import { encodeBoardBars, type BoardWindow } from '../../../model/board-window';
import type { Db } from '../../db/database';
import { registerDerivedTables } from '../../db/derived-tables';
import { readBoard, type BoardReadQuery } from './planning.service';

/**
 * The board's window read (issue 31): the bars of a time window on the lines in view, as columns and
 * dictionaries (src/model/board-window.ts), with the days and the lines' capacity and load over the
 * window. The same read as the whole board (`readBoard`: the caller's tenant and data scope in SQL,
 * the bars touching the range), narrowed in SQL to the asked lines.
 */
export async function boardWindow(tx: Db, clientId: number, q: BoardReadQuery & { lines: number[] | null }): Promise<BoardWindow> {
  const board = await readBoard(tx, clientId, q);
  const { bars, ...rest } = board;
  return { ...rest, ...encodeBoardBars(bars) };
}

/**
 * The index the window read is served from: a schedule's bars of a line ordered by start, so a
 * window is one range per line (start <= the window's end) with the end checked in the index.
 * `scenario_id is null` (the live schedule) is an index condition on a btree in PostgreSQL and PGlite.
 * The bars' table is the registry's (created by syncRegistrySchema after the timestamped migrations),
 * so the index is installed after it, idempotently, like the plan lateness table (db/derived-tables.ts);
 * a timestamped migration runs before the table exists on a new database.
 */
export const BOARD_WINDOW_INDEX = 'scm_prodplan_bar_window_idx';

export async function installBoardWindowIndex(db: Db): Promise<void> {
  await sql.raw(`create index if not exists ${BOARD_WINDOW_INDEX} on scm_prodplan_bar (client_id, scenario_id, line_id, start_date, end_date)`).execute(db);
}

registerDerivedTables({ name: 'board window index', order: 3, install: installBoardWindowIndex, tenantTables: () => [] });
