import { sql } from 'kysely';
import { getReport, requireEntity, type Language, type ReportDef } from '../../../model';
import { alertDrillUrl, alertNumber, alertQueryFilters, isAlertReport, nextAlertState, ALERT_CONDITIONS, type AlertCondition, type AlertSpec, type AlertState } from '../../../model/alerts';
import type { AlertDataset, AlertInput, AlertListReply, AlertOptions, AlertPerson, AlertPreview, AlertRow } from '../../../model/calls/alerts';
import type { AuthContext } from '../../access/auth-context';
import { resolveRuleValue } from '../../access/permission-model';
import { callerCan, rulesFor } from '../../access/permission.service';
import type { Db } from '../../db/database';
import { AppError, notFound, validationError, type FieldError } from '../../http/errors';
import { withTenant } from '../../kernel/rls';
import { assertCan, dataScope } from '../../resources/permissions';
import { registerMemberLists } from '../../resources/member-lists';
import { readTyped } from '../../../model/typed-read';
import { deriveRecords, serviceWrite } from '../../resources/record-writer';
import { removeDocuments, saveDocument, type ResourceContext } from '../../resources/resource.service';
import { registerSaveHook, withFieldErrors } from '../../resources/save-hooks';
import { rptAlert } from '../../../model/entities/rptalert.entity';
import { raiseNotice } from '../notify';
import { emitOrderState } from '../orders/cross-tenant.util';
import { runReport } from '../report-engine/report.service';
import { readableReports, rolesOf, userAuth } from './company-roles';
import { runTile, tileForViewer, tileSpecOf, viewerTiles } from './tiles.service';
import { reportFilters, tileDrillUrl, tileReport } from '../../../model/tiles';
import type { TileRow } from '../../../model/calls/tiles';

export { rolesOf };

/**
 * Figure alerts (issue 34, docs/architecture-alerts.md). An alert is a row of the registry entity
 * `rptalert` of one company: a declared report's measure under the report's filters, a condition,
 * recipients. Managed here (through the record writer, checked against the caller's grants), and
 * evaluated by `evaluateAlerts` when the data under its report changes (alerts.live.ts): the figure
 * is the report run as the alert's owner (its creator) would run it, so tenant and data permissions
 * apply in SQL exactly as on the tower; it fires once per crossing (the state kept on the row, set
 * by a compare-and-set so two processes never tell twice).
 */
const MENU = 'rpt.alerts';
const ENTITY = 'rptalert';
const today = (): string => new Date().toISOString().slice(0, 10);
type Row = Record<string, unknown>;

/** The tile an alert row watches, read joined to it (`tile_json`: the tile's row, parsed by the driver), else null (a removed tile, or none). */
const tileOfRow = (r: Row): Omit<TileRow, 'owner_name'> | null => (r.tile_id != null && r.tile_json ? tileSpecOf(r.tile_json as Row) : null);

/** Where an alert's notice leads: a tile's own drill-down (its filters and period), else the report figure's. */
function linkOf(r: Row, spec: AlertSpec): string {
  const tile = tileOfRow(r);
  const report = tile ? tileReport(tile.report) : undefined;
  return tile && report ? tileDrillUrl(report, tile, today()) : alertDrillUrl(spec, today());
}

/** Selects an alert with the tile it watches (`tile_json`, `tile_name`) and its owner's name. */
const ALERT_SELECT = sql`select t.*, u.fullname as owner_name, row_to_json(x) as tile_json, x.name as tile_name from rpt_alert t
  left join users u on u.id = t.created_by and u.client_id = t.client_id
  left join rpt_tile x on x.id = t.tile_id and x.client_id = t.client_id`;

/** An alert row read as `rptalert` declares it, with its tile's and owner's names and where its notice leads. */
function rowOf(r: Row): AlertRow {
  const a = readTyped<Omit<AlertRow, 'link'>>(rptAlert, r, { name: '', filters: {}, recipient_users: [], recipient_roles: [], fired_count: 0 });
  return { ...a, tile_name: (r.tile_name as string | null) ?? null, owner_name: (r.owner_name as string | null) ?? null, link: linkOf(r, a) };
}

/** The reports the caller may set an alert on: with an entity, and in the caller's menus (`rpt.<report>`). */
const datasetsOf = (db: Db, auth: AuthContext, language: Language): Promise<AlertDataset[]> => readableReports(db, auth, language, isAlertReport);

/** GET /rptapi/alerts: the company's alerts (under the caller's data permissions of the alert menu), the datasets and roles the form offers. */
export async function listAlerts(db: Db, auth: AuthContext, language: Language): Promise<AlertListReply> {
  const clientId = await assertCan(auth, MENU, 'read', { db });
  const scope = await dataScope(auth, MENU, { db });
  const rows = await withTenant(db, clientId, async (tx) =>
    (await sql<Row>`${ALERT_SELECT} where t.client_id = ${clientId} ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``} order by t.id desc`.execute(tx)).rows,
  );
  const alerts = rows.map(rowOf);
  return { rows: alerts, ...(await alertOptions(db, auth, language, alerts)) };
}

/** GET /rptapi/alerts/options: what the alert drawer offers (datasets, roles, the caller's tiles) and the names of the users the company's alerts tell. */
export async function alertOptions(db: Db, auth: AuthContext, language: Language, listed?: AlertRow[]): Promise<AlertOptions> {
  const clientId = await assertCan(auth, MENU, 'read', { db });
  const alerts = listed ?? (await withTenant(db, clientId, async (tx) => (await sql<Row>`${ALERT_SELECT} where t.client_id = ${clientId}`.execute(tx)).rows.map(rowOf)));
  const tiles = (await viewerTiles(db, auth, language)).map((x) => ({ id: x.id, name: x.name, report: x.report, measure: x.measure, aggregation: x.aggregation, filters: x.filters }));
  return { datasets: await datasetsOf(db, auth, language), roles: await rolesOf(db, clientId, language), people: await peopleOf(db, clientId, alerts), tiles };
}

/** The users the listed alerts name as recipients (the form names them without searching for each), the company's own only. */
async function peopleOf(db: Db, clientId: number, alerts: AlertRow[]): Promise<AlertPerson[]> {
  const ids = [...new Set(alerts.flatMap((a) => a.recipient_users))];
  if (!ids.length) return [];
  return (await sql<AlertPerson>`select id, username, fullname from users where client_id = ${clientId} and id in (${sql.join(ids)}) order by id`.execute(db)).rows;
}

/** The figure of an alert's measure as `auth` reads it: the report's grand total under the alert's filters (null: no rows for a share). */
export async function measureOf(db: Db, auth: AuthContext, report: ReportDef, spec: AlertSpec, language: Language = 'zh-CN'): Promise<number | null> {
  const dims = report.defaultGroup?.length ? [report.defaultGroup[0]] : [report.dimensions[0].key];
  const result = await runReport(db, auth, report, { group: dims.join(','), subtotals: '1', ...alertQueryFilters(spec, today()) }, language);
  const total = result.rows.find((r) => r._level === dims.length);
  const measure = report.measures.find((m) => m.key === spec.measure)!;
  if (!total) return measure.agg === 'ratio' ? null : 0;
  const v = total[spec.measure];
  return v === null || v === undefined ? null : Number(v);
}

/**
 * The figure an alert watches as `auth` reads it: a tile's (its measure and aggregation under its
 * filters and period, the tile as it is on `auth`'s dashboard now; a tile `auth` no longer sees is
 * refused, so an owner who lost it puts the alert in error), else the report's measure.
 */
async function figureOf(db: Db, auth: AuthContext, report: ReportDef, spec: AlertSpec, tileId: number | null, language: Language): Promise<number | null> {
  if (tileId === null) return measureOf(db, auth, report, spec, language);
  const tile = await tileForViewer(db, auth, tileId, language);
  if (!tile) throw notFound();
  return (await runTile(db, auth, tileReport(tile.report)!, tile, language)).value;
}

type Checked = { spec: AlertSpec; report: ReportDef; threshold: number; values: Row; tileId: number | null };

/**
 * Checks an alert's figure against the declarations and the caller's datasets, and that a full one
 * names recipients (its name, the fields' types and that each recipient is the company's are the
 * declaration's and the member lists', checked by the writer); the field errors are the form's.
 */
async function checkInput(db: Db, auth: AuthContext, input: Partial<AlertInput>, language: Language, full: boolean): Promise<Checked> {
  const errors: Record<string, FieldError> = {};
  // On a tile of the caller's dashboard: the tile's report, measure and filters (kept for the list; measured from the tile).
  let tileId: number | null = null;
  if (input.tile_id !== undefined && input.tile_id !== null && input.tile_id !== ('' as unknown)) {
    const tile = await tileForViewer(db, auth, Number(input.tile_id), language);
    if (!tile) throw validationError({ tile_id: { key: 'alert.unknownTile' } });
    if (input.condition === 'late_by') throw validationError({ condition: { key: 'alert.tileLateBy' } });
    tileId = tile.id;
    input = { ...input, report: tile.report, measure: tile.measure, filters: tile.filters, days: null };
  }
  const report = typeof input.report === 'string' ? getReport(input.report) : undefined;
  const allowed = new Set((await datasetsOf(db, auth, language)).map((d) => d.report));
  if (!isAlertReport(report) || !allowed.has(report.name)) throw validationError({ report: { key: 'alert.unknownReport' } });
  const condition = (ALERT_CONDITIONS as readonly string[]).includes(String(input.condition)) ? (input.condition as AlertCondition) : null;
  if (!condition) errors.condition = { key: 'rule.required' };
  const measure = report.measures.find((m) => m.key === input.measure);
  if (!measure) errors.measure = { key: 'alert.unknownMeasure' };
  else if (condition === 'late_by' && !measure.late) errors.measure = { key: 'alert.noLateMeasure' };
  const threshold = typeof input.threshold === 'number' ? input.threshold : typeof input.threshold === 'string' && input.threshold.trim() !== '' ? Number(input.threshold) : Number.NaN;
  if (!Number.isFinite(threshold) || Math.abs(threshold) > 1e12) errors.threshold = { key: 'alert.thresholdNumber' };
  let days: number | null = null;
  if (condition === 'late_by') {
    days = Number(input.days);
    if (input.days === null || input.days === undefined || input.days === '' || !Number.isInteger(days) || days < 0 || days > 365) errors.days = { key: 'alert.daysRequired' };
  }
  const { filters, bad } = reportFilters(report, input.filters);
  if (bad !== null) errors.filters = { key: 'alert.badFilter', params: { filter: bad } };
  // Each recipient a member of the company: checked by the writer (the member lists below).
  const named = (v: unknown) => Array.isArray(v) && v.length > 0;
  if (full && !named(input.recipient_users) && !named(input.recipient_roles)) errors.recipient_users = { key: 'alert.noRecipients' };
  if (Object.keys(errors).length) throw validationError(errors);
  const spec: AlertSpec = { report: report.name, measure: measure!.key, filters, condition: condition!, days };
  return {
    spec,
    report,
    threshold,
    values: { report: report.name, measure: measure!.key, filters, tile_id: tileId, condition, threshold, days, enabled: input.enabled !== false },
    tileId,
  };
}

/** Runs the measure for the form; a filter the report refuses is the filters field's error. */
async function measureForForm(db: Db, auth: AuthContext, c: Checked, language: Language): Promise<number | null> {
  try {
    return await figureOf(db, auth, c.report, c.spec, c.tileId, language);
  } catch (e) {
    if (e instanceof AppError && e.messageKey === 'res.badFilter') throw validationError({ filters: { key: 'alert.badFilter', params: { filter: String((e.params as { filter?: unknown } | undefined)?.filter ?? '') } } });
    throw e;
  }
}

/** POST /rptapi/alerts/preview: the figure now and whether it is across the line (nothing is stored). */
export async function previewAlert(db: Db, auth: AuthContext, input: unknown, language: Language): Promise<AlertPreview> {
  await assertCan(auth, MENU, 'read', { db });
  const c = await checkInput(db, auth, (input ?? {}) as Partial<AlertInput>, language, false);
  const value = await measureForForm(db, auth, c, language);
  const across = value !== null && nextAlertState({ condition: c.spec.condition, threshold: c.threshold, state: 'armed', baseline: value }, value, true).state === 'crossed';
  const tile = c.tileId === null ? null : await tileForViewer(db, auth, c.tileId, language);
  return { value, across, link: tile ? tileDrillUrl(c.report, tile, today()) : alertDrillUrl(c.spec, today()) };
}

/** A stored alert's values as an input (a save that names some fields is checked with the others as stored). */
const storedInput = (r: Row | null): Partial<AlertInput> => (r ? readTyped<Partial<AlertInput>>(rptAlert, r) : {});

/**
 * Every save of an alert, whatever its source (the engine's drawer, the alert calls, an import),
 * goes through the document writer with these checks: each recipient a member of the company (the
 * member lists), the report, measure, filters and tile against the saver's grants and the
 * declarations, and some recipient named; then the figure measured at once and
 * the state set from it without telling anyone (an alert set while already across its line tells
 * on the next crossing).
 */
registerMemberLists(rptAlert, { recipient_users: { of: 'user', message: 'alert.badRecipient' }, recipient_roles: { of: 'role', message: 'alert.badRole' } });
registerSaveHook(ENTITY, {
  validate: async ({ tx, actor, clientId, before, values, errors }) => {
    const auth = await userAuth(tx, clientId, actor.userId);
    if (!auth) throw new AppError('err.forbidden');
    const language = (auth.language === 'en' ? 'en' : 'zh-CN') as Language;
    const c = await withFieldErrors(errors, () => checkInput(tx, auth, { ...storedInput(before), ...(values as Partial<AlertInput>) }, language, true));
    if (!c || Object.keys(errors).length) return;
    const value = await measureForForm(tx, auth, c, language);
    const first = value === null ? { state: 'armed' as AlertState, baseline: null } : nextAlertState({ condition: c.spec.condition, threshold: c.threshold, state: null, baseline: null }, value, true);
    Object.assign(values, c.values, { alert_state: first.state, last_value: value, baseline: first.baseline, checked_at: new Date().toISOString() });
  },
});

const contextOf = (db: Db, auth: AuthContext, language: Language): ResourceContext => ({ db, auth, ip: null, language });

/** POST /rptapi/alerts/save: the generic save of `rptalert` (the hook above), answered as the alert list's row. */
export async function saveAlert(db: Db, auth: AuthContext, input: unknown, language: Language): Promise<AlertRow> {
  const saved = await saveDocument(contextOf(db, auth, language), rptAlert, (input ?? {}) as Row);
  const clientId = auth.clientId!;
  return rowOf((await withTenant(db, clientId, async (tx) => sql<Row>`${ALERT_SELECT} where t.id = ${Number(saved.id)} and t.client_id = ${clientId}`.execute(tx))).rows[0]);
}

/** POST /rptapi/alerts/remove { ids, versions }: the generic remove of `rptalert`. */
export async function removeAlerts(db: Db, auth: AuthContext, input: unknown): Promise<{ removed: number }> {
  return removeDocuments(contextOf(db, auth, 'zh-CN'), rptAlert, (input ?? {}) as Row);
}

/** A user's data permissions on a menu, each as it reads for that user (`$$USER_ID$$` resolved). */
async function resolvedRules(db: Db, auth: AuthContext, menuCode: string): Promise<Set<string>> {
  const who = { userId: auth.userId, clientId: auth.clientId!, username: auth.username, fullname: auth.fullname };
  return new Set((await rulesFor(db, auth, menuCode, { inTenantScope: true })).map((r) => `${r.field}\u0000${r.operator}\u0000${resolveRuleValue(r.value, who)}`));
}

/**
 * The recipients of a firing alert: its users and the users of its roles, active in its company, each
 * allowed to read the report's list with no data permission there that the owner lacks (the figure
 * told is the owner's: a recipient who reads fewer rows, such as a planner kept to one line, would
 * learn a figure over rows they may not see, so is not told).
 */
async function recipientsOf(db: Db, clientId: number, alert: AlertRow, report: ReportDef, owner: AuthContext): Promise<number[]> {
  const roles = alert.recipient_roles;
  const ids = alert.recipient_users.length ? alert.recipient_users : [-1];
  const byRole = roles.length ? sql`or u.id in (select ur.user_id from user_roles ur join roles r on r.id = ur.role_id where r.code = any(${roles}::text[]) and (r.client_id is null or r.client_id = ${clientId}))` : sql``;
  const users = (await sql<{ id: number }>`select u.id from users u where u.client_id = ${clientId} and u.status = 'active' and (u.id = any(${ids}::int[]) ${byRole}) order by u.id`.execute(db)).rows;
  const menuCode = requireEntity(report.entity!).menuCode;
  const ownerRules = await resolvedRules(db, owner, menuCode);
  const out: number[] = [];
  for (const u of users) {
    const auth = await userAuth(db, clientId, Number(u.id));
    if (!auth || !(await callerCan(db, auth, menuCode, 'view'))) continue;
    if ([...(await resolvedRules(db, auth, menuCode))].every((r) => ownerRules.has(r))) out.push(auth.userId);
  }
  return out;
}

/**
 * Evaluates the enabled alerts of a company on the given reports: each measured as its owner reads
 * it, its next state computed (`nextAlertState`), stored by a compare-and-set on the state it was
 * read in (so a second process measuring the same change finds it moved and tells no one), and a
 * crossing told to its recipients through the notice service (bell, and mail or workplace chat by
 * the company's setting for the `alert` event), with the link to the drill-down. Returns the ids of
 * the alerts that fired.
 */
export async function evaluateAlerts(db: Db, clientId: number, reports: readonly string[]): Promise<number[]> {
  if (!reports.length) return [];
  const alerts = await withTenant(db, clientId, async (tx) =>
    (await sql<Row>`${ALERT_SELECT} where t.client_id = ${clientId} and coalesce(t.enabled, true)
      and (t.report = any(${[...reports]}::text[]) or x.report = any(${[...reports]}::text[])) order by t.id`.execute(tx)).rows,
  );
  const fired: number[] = [];
  for (const raw of alerts) {
    const alert = rowOf(raw);
    // A tile's alert follows its tile's dataset as it is now (the designer may have changed it).
    const report = getReport(tileOfRow(raw)?.report ?? alert.report);
    const owner = alert.created_by ? await userAuth(db, clientId, alert.created_by) : null;
    let value: number | null = null;
    let failed = !isAlertReport(report) || !owner;
    if (!failed) {
      try {
        value = await figureOf(db, owner!, report!, alert, alert.tile_id, (owner!.language === 'en' ? 'en' : 'zh-CN') as Language);
      } catch {
        failed = true;
      }
    }
    const next = failed
      ? { state: 'error' as AlertState, fire: false, baseline: alert.baseline }
      : value === null
        ? { state: alert.alert_state ?? 'armed', fire: false, baseline: alert.baseline }
        : nextAlertState({ condition: alert.condition, threshold: alert.threshold, state: alert.alert_state, baseline: alert.baseline }, value);
    const told = await withTenant(db, clientId, async (tx) => {
      const w = serviceWrite(tx, { clientId });
      const moved = await deriveRecords(w, ENTITY, { where: sql`t.id = ${alert.id} and t.alert_state is not distinct from ${alert.alert_state} and t.baseline is not distinct from ${alert.baseline}::numeric` }, {
        alert_state: next.state,
        last_value: value,
        baseline: next.baseline,
        checked_at: sql`now()`,
        ...(next.fire ? { fired_at: sql`now()`, fired_count: sql`coalesce(t.fired_count, 0) + 1` } : {}),
      });
      // An alert list open in the company's browsers shows the new state at once (the generic document event).
      if (moved && next.state !== alert.alert_state) emitOrderState([clientId], { entity: ENTITY, id: alert.id, status: next.state, from: alert.alert_state ?? null, no: alert.name }, tx);
      if (!moved || !next.fire) return false;
      const users = await recipientsOf(tx, clientId, alert, report!, owner!);
      if (!users.length) return true;
      const measure = report!.measures.find((m) => m.key === alert.measure)!;
      await raiseNotice(tx, {
        clientId,
        userIds: users,
        kind: 'alert.fired',
        title: alert.name,
        i18n: {
          title: 'alert.notice.title',
          body: `alert.notice.${alert.condition}`,
          params: {
            name: alert.name,
            measure: alert.tile_name ? { zh: alert.tile_name, en: alert.tile_name } : measure.label,
            value: alertNumber(report, alert.measure, value),
            threshold: alertNumber(report, alert.measure, alert.threshold),
            baseline: alertNumber(report, alert.measure, alert.baseline),
            days: alert.days ?? 0,
          },
        },
        link: alert.link,
      });
      return true;
    });
    if (told) fired.push(alert.id);
  }
  return fired;
}

/** The reports whose figures a write of `entity` may change: those reading it (`entity`, or `reads`). */
export function reportsReading(entity: string, all: readonly ReportDef[]): string[] {
  return all.filter((r) => r.entity === entity || (r.reads ?? []).includes(entity)).map((r) => r.name);
}
