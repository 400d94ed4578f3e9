import { controlTower, defaultRange } from '../../../../reports/control-tower';
import { dashboardQuery, followsOrg, getReport, visibleWidgets, type Language } from '../../../model';
import { boardItemsOf, isTowerKey, periodRange, towerKey, type BoardItem, type WidgetSettings } from '../../../model/widget-settings';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError, forbidden, validationError } from '../../http/errors';
import { menuEntriesOf } from '../profile/profile.service';
import { companyOrgs } from '../report-engine/dashboard.routes';
import { runReport } from '../report-engine/report.service';
import { readUserBoards, saveUserBoard } from '../report-engine/user-boards';
import type { TowerReply, TowerWidgetReply } from '../../../model/calls/tower';

/**
 * The control tower in one call (B8, docs/architecture-reports.md "Control tower"): every widget the
 * user may see, each the same report run as `/rptapi/report/:name/run` would give it (the user's
 * menu entry `rpt.<report>` picks the widget's source, `runReport` checks the read grant and applies
 * tenant and data permissions in SQL), over the tower's range or the widget's own period as the user
 * set it on the tower. One round trip instead of twelve: on PGlite the runs queue on its one
 * connection anyway, and the browser waits for one reply, not for twelve behind its six connections.
 */

/** The tower's own settings are kept as the personal boards' rows are, in the board `tower`. */
const TOWER_BOARD = 'tower';
/**
 * At most this many report runs at once on PostgreSQL (its pool is shared with every other request);
 * on PGlite one after another (its one connection queues them anyway, and interleaved runs were slower).
 */
const PARALLEL = { postgres: 4, pglite: 1 } as const;



const ISO = /^\d{4}-\d{2}-\d{2}$/;
const dateOf = (v: unknown): string | null => (typeof v === 'string' && ISO.test(v) && !Number.isNaN(Date.parse(v)) ? v : v === undefined || v === '' ? null : 'bad');

/** The caller's tower settings: widget key (without `tower.`) to its settings. */
export async function towerSettings(db: Db, auth: AuthContext): Promise<Record<string, WidgetSettings>> {
  if (auth.clientId === null) return {};
  const items = (await readUserBoards(db, { clientId: auth.clientId, userId: auth.userId }, [TOWER_BOARD]))[TOWER_BOARD] as BoardItem[] | null;
  const out: Record<string, WidgetSettings> = {};
  for (const i of items ?? []) if (i.settings && isTowerKey(i.key)) out[i.key.slice('tower.'.length)] = i.settings;
  return out;
}

/**
 * Saves the caller's tower settings (`{ items: [{ key: 'tower.<widget>', settings: { period, top } }] }`,
 * the personal boards' item shape): only the tower's widgets and the boards' own values (period
 * `tower` / `month` / `quarter` / `year`, top 5 / 10 / 20); kept per user and company.
 */
export async function saveTowerSettings(db: Db, auth: AuthContext, input: unknown): Promise<Record<string, WidgetSettings>> {
  if (auth.clientId === null) throw forbidden();
  const clientId = auth.clientId;
  const items = boardItemsOf(input);
  const known = new Set(controlTower.widgets.map((w) => towerKey(w.key)));
  if (!items || items.some((i) => !known.has(i.key))) throw validationError({ items: { key: 'access.invalidValue' } });
  const kept = items.filter((i) => i.settings).map((i) => ({ key: i.key, hidden: false, settings: i.settings }));
  await saveUserBoard(db, { clientId, userId: auth.userId }, TOWER_BOARD, kept);
  return Object.fromEntries(kept.map((i) => [i.key.slice('tower.'.length), i.settings!]));
}

/** Runs `jobs` at most `n` at a time, keeping their order. */
async function limited<T>(jobs: Array<() => Promise<T>>, n: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const k = next++;
      out[k] = await jobs[k]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, jobs.length) }, worker));
  return out;
}

/** `GET /rptapi/tower?from=&to=&org=&source=raw&widgets=`: every widget's (or the named widgets') report run for the caller. */
export async function runTower(
  db: Db,
  auth: AuthContext,
  query: Record<string, unknown>,
  language: Language,
  options: { kind?: 'pglite' | 'postgres'; today?: string } = {},
): Promise<TowerReply> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const [from, to] = [dateOf(query.from), dateOf(query.to)];
  if (from === 'bad') throw validationError({ from: { key: 'access.invalidValue' } });
  if (to === 'bad') throw validationError({ to: { key: 'access.invalidValue' } });
  const fallback = defaultRange(today);
  // Neither given: the tower's default range; given empty: no bound on that side (as the tower's date boxes).
  const range = query.from === undefined && query.to === undefined ? fallback : { from: from ?? '', to: to ?? '' };
  const raw = query.source === 'raw';
  // `org`: the documents entered by the members of that organisation of the caller's company and
  // of those below it (as the dashboards' filter); reports whose records have no author stay whole.
  const orgId = query.org === undefined || query.org === '' ? null : Number(query.org);
  let members: number[] | null = null;
  if (orgId !== null) {
    const org = Number.isInteger(orgId) && auth.clientId !== null ? (await companyOrgs(db, auth.clientId)).find((o) => o.id === orgId) : undefined;
    if (!org) throw validationError({ org: { key: 'access.invalidValue' } });
    members = org.users;
  }
  const codes = new Set((await menuEntriesOf(db, auth, language)).map((e) => e.CODE));
  const settings = await towerSettings(db, auth);
  // `widgets=a,b`: only those (a live tile reloading after its report changed); every widget otherwise.
  const only = typeof query.widgets === 'string' && query.widgets ? new Set(query.widgets.split(',')) : null;
  // Each widget reads the first of its reports the caller has a menu entry for (the declared dashboard's rule).
  const chosen = visibleWidgets(controlTower, codes).filter((w) => !only || only.has(w.key));
  const replies = await limited(
    chosen.map((w) => async (): Promise<[string, TowerWidgetReply]> => {
      const own = periodRange(settings[w.key]?.period, today) ?? range;
      const byOrg = members !== null && followsOrg(w);
      const q: Record<string, unknown> = dashboardQuery(w, { ...own, users: members });
      if (raw) q.source = 'raw';
      try {
        return [w.key, { report: w.report, range: own, byOrg, result: await runReport(db, auth, getReport(w.report)!, q, language) }];
      } catch (e) {
        return [w.key, { report: w.report, range: own, byOrg, result: null, error: e instanceof AppError ? e.kind : 'error' }];
      }
    }),
    PARALLEL[options.kind ?? 'pglite'],
  );
  return { range, org: orgId, settings, widgets: Object.fromEntries(replies) };
}
