import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { languageFor } from '../../access/language.util';
import { requestLanguage } from '../../http/envelope';
import { serveCall } from '../../http/calls';
import { workspaceCalls } from '../../../model/calls/workspace';
import { forbidden, validationError } from '../../http/errors';
import { BOARD_LIMIT, boardItemsOf, isBoardKind, offers, tileIdOf, type Viewer } from '../../../model/workspace';
import { viewerTiles } from '../reports/tiles.service';
import { idListOfAny, LIMITS } from './profile-input.util';
import { menuEntriesOf } from './profile.service';
import { changeApps, modulesOf, saveBoard, type Owner } from './workspace.service';

const MODULE_KEYS = ['modules', 'module_codes', 'codes', 'code'];

/** The caller as the dashboards see them: their dashboard roles and whether they belong to a company. */
export const viewerOf = (auth: AuthContext): Viewer => ({ roles: auth.roles, hasCompany: auth.clientId !== null });

/** The caller as a board owner; a user without a company (the platform's super administrator) keeps no board. */
function ownerOf(req: FastifyRequest): Owner {
  const auth = authOf(req);
  if (auth.clientId === null) throw forbidden();
  return { clientId: auth.clientId, userId: auth.userId };
}

/**
 * The arranging calls of the personal boards (issue 13), beside spec 7's my-dash-setting and
 * my-workspace-home-setting, which read what these store:
 *   POST save-dash-layout { board: 'mydash' | 'home', items: [{ key, hidden }] } -> { board, items }
 *   POST subscribe-apps   { modules: ['orders', ...] }                          -> { apps, modules }
 *   POST unsubscribe-apps { modules: [...] }                                     -> { apps, modules }
 * A board may hold only widgets the caller's dashboard roles offer (`offers`, src/model/workspace.ts),
 * an app only a module (menu group) the caller sees.
 */
export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const opts = { bodyLimit: 64 * 1024, preHandler: requireAuth };

  serveCall(app, workspaceCalls.saveBoard, opts, async (req) => {
    const who = ownerOf(req);
    const input = inputOf(req);
    const board = input.board;
    if (!isBoardKind(board)) throw validationError({ board: { key: 'access.invalidValue' } });
    const items = boardItemsOf(input.items, BOARD_LIMIT);
    if (!items) throw validationError({ items: { key: 'access.invalidValue' } });
    const viewer = viewerOf(authOf(req));
    if (items.some((i) => !offers(viewer, i.key))) throw validationError({ items: { key: 'profile.unknownWidget' } });
    // A designed tile only when it is on the caller's dashboard (shared with one of the caller's roles, or the caller's own).
    const tiles = items.map((i) => tileIdOf(i.key)).filter((id): id is number => id !== null);
    if (tiles.length) {
      const mine = new Set((await viewerTiles(db, authOf(req), requestLanguage(req))).map((x) => x.id));
      if (tiles.some((id) => !mine.has(id))) throw validationError({ items: { key: 'profile.unknownWidget' } });
    }
    return { board, items: await saveBoard(db, who, board, items) };
  });

  for (const [call, kind] of [[workspaceCalls.subscribe, 'add'], [workspaceCalls.unsubscribe, 'remove']] as const) {
    serveCall(app, call, opts, async (req) => {
      const who = ownerOf(req);
      const auth = authOf(req);
      const codes = idListOfAny(inputOf(req), MODULE_KEYS, LIMITS.layoutItems);
      if (!codes?.length) throw validationError({ modules: { key: 'rule.required' } });
      const modules = modulesOf(await menuEntriesOf(db, auth, languageFor(req, auth.language)));
      const apps = await changeApps(db, who, modules.map((m) => m.CODE), { [kind]: codes });
      return { apps, modules: apps.map((c) => modules.find((m) => m.CODE === c)).filter((m) => !!m) };
    });
  }
}
