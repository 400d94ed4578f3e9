import { dashboardMenuCode, type DashboardDef } from '../../../model';
import { offersWidget, tileIdOf } from '../../../model/dashboard-board';
import { boardItemsOf, type BoardItem } from '../../../model/widget-settings';
import type { Language } from '../../../model/i18n/types';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { forbidden, validationError } from '../../http/errors';
import { assertCan } from '../../resources/permissions';
import { viewerTiles } from '../reports/tiles.service';
import { readUserBoards, saveUserBoard, type BoardOwner } from './user-boards';

/**
 * A user's arrangement of a declared dashboard (issue 30), kept per company and user in the users'
 * boards store: a dashboard's own widgets under `dashboard.<name>`, read and saved with the
 * dashboard's menu entry; a composed board (the personal boards, src/model/dashboard-board.ts)
 * under its declared store key by any user of a company, each widget one the declaration offers the
 * caller (a designed tile only when it is on the caller's dashboard). The widgets' data stays behind
 * each report's own tenant and data checks.
 */
async function ownerOf(db: Db, auth: AuthContext, dashboard: DashboardDef): Promise<{ who: BoardOwner; board: string }> {
  if (dashboard.composed) {
    // A user without a company (the platform's super administrator) keeps no board.
    if (auth.clientId === null) throw forbidden();
    return { who: { clientId: auth.clientId, userId: auth.userId }, board: dashboard.composed.store };
  }
  const clientId = await assertCan(auth, dashboardMenuCode(dashboard.name), 'read', { db });
  return { who: { clientId, userId: auth.userId }, board: `dashboard.${dashboard.name}` };
}

/** The caller's stored arrangement of the dashboard; null until arranged. */
export async function readDashboardLayout(db: Db, auth: AuthContext, dashboard: DashboardDef): Promise<BoardItem[] | null> {
  const { who, board } = await ownerOf(db, auth, dashboard);
  const stored = (await readUserBoards(db, who, [board]))[board];
  return Array.isArray(stored) ? boardItemsOf(stored) : null;
}

/** Replaces the caller's arrangement with `value` (refused 11000 on `items`: a bad list, a widget not offered). */
export async function saveDashboardLayout(db: Db, auth: AuthContext, dashboard: DashboardDef, value: unknown, language: Language): Promise<BoardItem[]> {
  const { who, board } = await ownerOf(db, auth, dashboard);
  const composed = dashboard.composed;
  const items = boardItemsOf(value, composed ? composed.limit : dashboard.widgets.length);
  if (!items) throw validationError({ items: { key: 'access.invalidValue' } });
  const viewer = { roles: auth.roles, hasCompany: auth.clientId !== null };
  const offered = (key: string) => (composed ? offersWidget(composed, viewer, key) : dashboard.widgets.some((w) => w.key === key));
  if (items.some((i) => !offered(i.key))) throw validationError({ items: { key: 'profile.unknownWidget' } });
  // A designed tile only when it is on the caller's dashboard (shared with one of the caller's roles, or the caller's own).
  const tiles = items.map((i) => tileIdOf(i.key)).filter((id): id is number => id !== null);
  if (tiles.length) {
    const mine = new Set((await viewerTiles(db, auth, language)).map((x) => x.id));
    if (tiles.some((id) => !mine.has(id))) throw validationError({ items: { key: 'profile.unknownWidget' } });
  }
  await saveUserBoard(db, who, board, items);
  return items;
}
