import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { languageFor } from '../../access/language.util';
import { requestLanguage } from '../../http/envelope';
import { serveCall } from '../../http/calls';
import { workspaceCalls } from '../../../model/calls/workspace';
import { forbidden, validationError } from '../../http/errors';
import { getDashboard } from '../../../model/dashboard';
import { isBoardKind } from '../../../model/workspace';
import { saveDashboardLayout } from '../report-engine/dashboard-layout';
import { idListOfAny, LIMITS } from './profile-input.util';
import { menuEntriesOf } from './profile.service';
import { changeApps, modulesOf, type Owner } from './workspace.service';

const MODULE_KEYS = ['modules', 'module_codes', 'codes', 'code'];

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
 * A board may hold only widgets its declaration offers the caller (reports/dashboards/personal.board.ts,
 * src/model/dashboard-board.ts), an app only a module (menu group) the caller sees.
 */
export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const opts = { bodyLimit: 64 * 1024, preHandler: requireAuth };

  // A personal board is a declared dashboard its user composes: saved as the dashboards' layout call saves it.
  serveCall(app, workspaceCalls.saveBoard, opts, async (req) => {
    ownerOf(req);
    const { board, items } = inputOf(req);
    if (!isBoardKind(board)) throw validationError({ board: { key: 'access.invalidValue' } });
    return { board, items: await saveDashboardLayout(db, authOf(req), getDashboard(board)!, items, requestLanguage(req)) };
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
