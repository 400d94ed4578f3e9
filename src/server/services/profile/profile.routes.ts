import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getPage } from '../../../model/page';
import { authOf, requireAuth } from '../../access/auth-context';
import { inputOf } from '../../access/input.util';
import { languageFor } from '../../access/language.util';
import { ok } from '../../http/envelope';
import { serveCall } from '../../http/calls';
import { workspaceCalls } from '../../../model/calls/workspace';
import { validationError } from '../../http/errors';
import { idListOfAny, LIMITS, settingsPatchOf } from './profile-input.util';
import { changeFavourites, favouriteCodesOf, favouriteEntries, menuEntriesOf, readOwnSettings, saveSettings } from './profile.service';
import { accountProfileRoutes } from './account-profile.routes';
import { workspaceRoutes } from './workspace.routes';
import { modulesOf, readBoards } from './workspace.service';

const BASE = '/clientinfoapi/user-profile';
/** Saved table info of a wide list is a few kilobytes; a whole body stays far below this. */
const BODY_LIMIT = 256 * 1024;
/** The spellings of the menu-code list the spec's clients send. */
const MENU_KEYS = ['menus', 'menu_codes', 'codes', 'menu_code', 'code'];
const layoutOf = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/**
 * Spec 7 "Profile and workspace": POST save-setting, save-favourite-menus, remove-favourite-menus;
 * GET my-dash-setting, my-workspace-setting, my-workspace-home-setting (my-profile and save-profile
 * are the own profile view's own addresses, src/model/entities/workspace-profile.entity.ts). The token
 * comes as Bearer or as the spec's `token` query; every call acts on the caller's own row only.
 */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  registerProfileWriteRoutes(app);
  registerWorkspaceSettingRoutes(app);
  await accountProfileRoutes(app);
  await workspaceRoutes(app);
}

/** The caller's settings and favourite menus, saved. */
function registerProfileWriteRoutes(app: FastifyInstance): void {
  const { db } = app;
  const opts = { bodyLimit: BODY_LIMIT, preHandler: requireAuth };

  /** Language, report theme, dashboard choice, layouts and saved table info, merged (not replaced). */
  app.post(`${BASE}/save-setting`, opts, async (req) => {
    const auth = authOf(req);
    const patch = settingsPatchOf(inputOf(req), (opt) => getPage(opt) !== undefined);
    const saved = await saveSettings(db, auth.userId, patch);
    return ok({ language_code: saved.language, settings: saved.settings, saved_tables: saved.saved_tables });
  });

  /** Favourite menus added (at most LIMITS.favourites, each one the caller sees) or removed. */
  for (const [call, change, max] of [['save-favourite-menus', 'add', LIMITS.favourites], ['remove-favourite-menus', 'remove', 200]] as const)
    app.post(`${BASE}/${call}`, opts, async (req) => {
      const auth = authOf(req);
      const codes = idListOfAny(inputOf(req), MENU_KEYS, max, change === 'add' ? 'profile.tooManyFavourites' : undefined);
      if (!codes?.length) throw validationError({ menus: { key: 'rule.required' } });
      return ok({ favourite_menus: await changeFavourites(db, auth, { [change]: codes }, languageFor(req, auth.language)) });
    });
}

/** The control tower's, the workspace shell's and the workspace home page's settings, read. */
function registerWorkspaceSettingRoutes(app: FastifyInstance): void {
  const { db } = app;
  /** Stored boards and apps of the caller's company; a user without a company has none. */
  const boardsOf = (auth: ReturnType<typeof authOf>) =>
    auth.clientId === null ? Promise.resolve({ mydash: null, home: null, apps: [] as string[] }) : readBoards(db, { clientId: auth.clientId, userId: auth.userId });
  /** The caller's settings, the menu entries they see now, the company's modules among them and the stored boards. */
  const workspaceOf = async (req: FastifyRequest) => {
    const auth = authOf(req);
    const own = await readOwnSettings(db, auth.userId);
    const entries = await menuEntriesOf(db, auth, languageFor(req, auth.language));
    return { own, entries, modules: modulesOf(entries), boards: await boardsOf(auth) };
  };

  /**
   * The control tower (dashboard): which dashboard, report theme, quantity or amount, layout (the
   * save-setting id list), and `board`: the personal dashboard as arranged (save-dash-layout; null
   * until the user arranges it).
   */
  serveCall(app, workspaceCalls.dashSetting, { preHandler: requireAuth }, async (req) => {
    const auth = authOf(req);
    const { settings } = await readOwnSettings(db, auth.userId);
    const boards = await boardsOf(auth);
    return {
      cr_dash: typeof settings.cr_dash === 'string' ? settings.cr_dash : '',
      rpt_theme: typeof settings.rpt_theme === 'string' ? settings.rpt_theme : 'default',
      vf_qty_amount: settings.vf_qty_amount === 'amount' ? 'amount' : 'qty',
      layout: layoutOf(settings.dash_layout),
      board: boards.mydash,
    };
  });

  /**
   * The workspace shell: favourite menus (codes and the entries still visible), language, layout,
   * and the app market: `modules` (the company's menu groups the caller sees) and `apps` (the
   * subscribed ones' codes, in the order subscribed).
   */
  serveCall(app, workspaceCalls.workspaceSetting, { preHandler: requireAuth }, async (req) => {
    const { own, entries, modules, boards } = await workspaceOf(req);
    const codes = favouriteCodesOf(own.settings);
    return {
      favourite_menus: codes,
      favourites: favouriteEntries(codes, entries),
      language_code: own.language,
      layout: layoutOf(own.settings.workspace_layout),
      modules,
      apps: boards.apps.filter((c) => modules.some((m) => m.CODE === c)),
    };
  });

  /**
   * The workspace home page: its favourites block (entries in the user's order), block layout, the
   * home board as arranged (`board`, null until arranged) and the subscribed apps still visible.
   */
  serveCall(app, workspaceCalls.homeSetting, { preHandler: requireAuth }, async (req) => {
    const { own, entries, modules, boards } = await workspaceOf(req);
    return {
      favourites: favouriteEntries(favouriteCodesOf(own.settings), entries),
      layout: layoutOf(own.settings.home_layout),
      board: boards.home,
      apps: boards.apps.map((c) => modules.find((m) => m.CODE === c)).filter((m) => !!m),
    };
  });
}
