import { sql } from 'kysely';
import type { Language, ReportDef } from '../../../model';
import { checkTileSpec, isTileReport, tileDrillUrl, tilePeriodRange, tileQuery, tileReport, type TileSpec } from '../../../model/tiles';
import type { TileBoardReply, TileDataset, TileInput, TileListReply, TileResult, TileRow } from '../../../model/calls/tiles';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { AppError, forbidden, notFound, validationError, type FieldError } from '../../http/errors';
import { withTenant } from '../../kernel/rls';
import { assertCan, dataScope } from '../../resources/permissions';
import { registerMemberLists } from '../../resources/member-lists';
import { readTyped } from '../../../model/typed-read';
import { removeDocuments, saveDocument, type ResourceContext } from '../../resources/resource.service';
import { registerSaveHook, withFieldErrors } from '../../resources/save-hooks';
import { rptTile } from '../../../model/entities/rpttile.entity';
import { menuEntriesOf } from '../profile/profile.service';
import { readableReports, rolesOf, userAuth } from './company-roles';
import { runReport } from '../report-engine/report.service';

/**
 * Tiles a company builds (issue 34, docs/architecture-dashboards.md "Tile designer"). A tile is a row
 * of the registry entity `rpttile` of one company: a declared report dataset composed (measure and
 * aggregation, grouping, the report's filters, a period, a chart, thresholds, a colour), kept on the
 * company dashboard (shared with roles) or its creator's personal one. Listed, saved and removed by
 * the generic resource API (`/rptapi/rpttile/...`, the designer's page) and the tile calls, whose
 * reads and writes see the company's tiles and the caller's own personal ones (the entity's
 * `personal.sharedWhen`, in SQL with the data permissions); every save is checked against the
 * declaration by the save hook below (`checkTileSpec`); run as the viewer by `runReport` (the entity's read grant, tenant and the viewer's data permissions in SQL),
 * so a tile never shows a row the list it drills down to would not show that viewer.
 */
const MENU = 'rpt.tiles';
const ENTITY = 'rpttile';
type Row = Record<string, unknown>;
const today = (): string => new Date().toISOString().slice(0, 10);

/** A tile row read as `rpttile` declares it: its composed query (also an alert's tile, read joined to the alert), its dashboard and place. */
export const tileSpecOf = (r: Row): Omit<TileRow, 'owner_name'> => readTyped<Omit<TileRow, 'owner_name'>>(rptTile, r, { group_by: [], filters: {}, thresholds: [], share_roles: [], name: '' });

const rowOf = (r: Row): TileRow => ({ ...tileSpecOf(r), owner_name: (r.owner_name as string | null) ?? null });

/** The datasets the caller may build a tile on: reports over an entity that drill to its list, in the caller's menus (`rpt.<report>`). */
const datasetsOf = (db: Db, auth: AuthContext, language: Language): Promise<TileDataset[]> => readableReports(db, auth, language, isTileReport);

/** The tiles shown to a viewer: the company's shared with one of the viewer's roles (or with no role named), and the viewer's personal ones. */
const viewerWhere = (auth: AuthContext, clientId: number) => sql`t.client_id = ${clientId} and (
  (t.scope = 'personal' and t.created_by = ${auth.userId})
  or (t.scope = 'company' and (coalesce(jsonb_array_length(t.share_roles), 0) = 0
    or exists (select 1 from jsonb_array_elements_text(t.share_roles) r(code) where r.code = any(${[...auth.roles, '-']}::text[])))))`;

async function tilesWhere(db: Db, clientId: number, where: ReturnType<typeof sql>): Promise<TileRow[]> {
  return withTenant(db, clientId, async (tx) =>
    (await sql<Row>`select t.*, u.fullname as owner_name from rpt_tile t left join users u on u.id = t.created_by and u.client_id = t.client_id
      where ${where} order by t.sort_no, t.id`.execute(tx)).rows.map(rowOf),
  );
}

const hasDesignerEntry = async (db: Db, auth: AuthContext, language: Language) => (await menuEntriesOf(db, auth, language)).some((e) => e.CODE === MENU);

/**
 * The designer's right: the grant of its menu code and its menu entry (报表分析 > 指标卡设计: the
 * company's administrators by default, other roles as the company's menus give it), as the reports'
 * entries decide who reads which report.
 */
async function assertDesigner(db: Db, auth: AuthContext, verb: 'read' | 'create' | 'update' | 'remove', language: Language): Promise<number> {
  const clientId = await assertCan(auth, MENU, verb, { db });
  if (!(await hasDesignerEntry(db, auth, language))) throw forbidden();
  return clientId;
}

/** GET /rptapi/tiles: the tiles the caller designs, the datasets and roles the designer offers. */
export async function listTiles(db: Db, auth: AuthContext, language: Language): Promise<TileListReply> {
  const clientId = await assertDesigner(db, auth, 'read', language);
  const scope = await dataScope(auth, MENU, { db });
  return { rows: await tilesWhere(db, clientId, sql`t.client_id = ${clientId} ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`), datasets: await datasetsOf(db, auth, language), roles: await rolesOf(db, clientId, language) };
}

/** Runs a tile as `auth` reads it: its figure (the grand total), the period before's for a number, its rows by its grouping, its drill-down. */
export async function runTile(db: Db, auth: AuthContext, report: ReportDef, spec: TileSpec, language: Language, day = today()): Promise<TileResult> {
  const q = tileQuery(report, spec, day);
  const dims = q.group.split(',').length;
  const totalOf = (rows: Array<Record<string, unknown>>) => {
    const total = rows.find((r) => r._level === dims);
    const v = total?.[spec.measure];
    if (!total) return spec.aggregation === 'count' || spec.aggregation === 'sum' ? 0 : null;
    return v === null || v === undefined ? null : Number(v);
  };
  const result = await runReport(db, auth, report, q, language);
  const range = tilePeriodRange(spec.period, day);
  const previous = spec.chart === 'number' && range && spec.period_field ? totalOf((await runReport(db, auth, report, tileQuery(report, spec, day, true), language)).rows) : null;
  return { value: totalOf(result.rows), previous, result, link: tileDrillUrl(report, spec, day), range: range && spec.period_field ? { from: range.from, to: range.to } : null };
}

/** Runs the tile for a form; a filter the list's parser refuses is the filters field's error. */
async function runForForm(db: Db, auth: AuthContext, report: ReportDef, spec: TileSpec, language: Language): Promise<TileResult> {
  try {
    return await runTile(db, auth, report, spec, language);
  } catch (e) {
    // The list's parser refuses the filter's field, operator or value (res.badFilter, res.filter*).
    if (e instanceof AppError && String(e.messageKey).startsWith('res.') && /filter/i.test(String(e.messageKey))) {
      const p = (e.params ?? {}) as { filter?: unknown; field?: unknown };
      throw validationError({ filters: { key: 'tile.badFilter', params: { filter: String(p.filter ?? p.field ?? '') } } });
    }
    throw e;
  }
}

type Checked = { report: ReportDef; spec: TileSpec; values: Row };

/**
 * Checks a tile's input field by field against its dataset's declaration and the caller's datasets
 * (its name, its dashboard, the fields' types and its roles are the entity's and the member list's,
 * checked by the writer).
 */
async function checkInput(db: Db, auth: AuthContext, input: TileInput, language: Language): Promise<Checked> {
  const report = tileReport(input.report);
  const allowed = new Set((await datasetsOf(db, auth, language)).map((d) => d.report));
  if (!isTileReport(report) || !allowed.has(report.name)) throw validationError({ report: { key: 'tile.unknownReport' } });
  const { spec, errors } = checkTileSpec(report, input as Partial<Record<keyof TileSpec, unknown>>);
  const fieldErrors: Record<string, FieldError> = { ...errors };
  const scope = input.scope ?? 'company';
  // Each role one of the company's: checked by the writer (the member list below); a personal tile is shared with none.
  const roles = Array.isArray(input.share_roles) ? input.share_roles : [];
  const span = input.span === undefined ? 1 : Number(input.span);
  if (![1, 2, 3].includes(span)) fieldErrors.span = { key: 'tile.badSpan' };
  const sortNo = input.sort_no === undefined ? 0 : Number(input.sort_no);
  if (!Number.isInteger(sortNo) || Math.abs(sortNo) > 100000) fieldErrors.sort_no = { key: 'access.invalidValue' };
  if (Object.keys(fieldErrors).length || !spec) throw validationError(fieldErrors);
  return {
    report,
    spec,
    values: { scope, share_roles: scope === 'company' ? roles : [], ...spec, span, sort_no: sortNo },
  };
}

/** POST /rptapi/tiles/preview: the tile's figures now, as the caller reads them (nothing is stored). */
export async function previewTile(db: Db, auth: AuthContext, input: unknown, language: Language): Promise<TileResult> {
  await assertDesigner(db, auth, 'read', language);
  const c = await checkInput(db, auth, (input ?? {}) as TileInput, language);
  return runForForm(db, auth, c.report, c.spec, language);
}

/** A stored tile's values as an input (a save that names some fields is checked with the others as stored). */
const storedInput = (r: Row | null): TileInput => (r ? ({ ...rowOf(r) } as TileInput) : ({} as TileInput));

/** The saver of a write as the designer's checks need them, with their language; refused without the designer's menu entry. */
async function designerOf(tx: Db, clientId: number, userId: number): Promise<{ auth: AuthContext; language: Language }> {
  const auth = await userAuth(tx, clientId, userId);
  const language = (auth?.language === 'en' ? 'en' : 'zh-CN') as Language;
  if (!auth || !(await hasDesignerEntry(tx, auth, language))) throw forbidden();
  return { auth, language };
}

/**
 * Every save of a tile, whatever its source (the designer's drawer, the tile calls, an import), goes
 * through the document writer with this check: the dataset, measure, grouping, filters, period,
 * chart, thresholds, roles and width against the saver's datasets and roles and the declaration,
 * then the composed query run for its author (a filter value the list's parser refuses is the
 * filters field's error). A remove needs the designer's menu entry as a save does.
 */
registerMemberLists(rptTile, { share_roles: { of: 'role', message: 'tile.badRole' } });
registerSaveHook(ENTITY, {
  validate: async ({ tx, actor, clientId, before, values, errors }) => {
    const { auth, language } = await designerOf(tx, clientId, actor.userId);
    const c = await withFieldErrors(errors, () => checkInput(tx, auth, { ...storedInput(before), ...(values as TileInput) }, language));
    if (!c || Object.keys(errors).length) return;
    await runForForm(tx, auth, c.report, c.spec, language);
    Object.assign(values, c.values);
  },
  beforeRemove: async ({ tx, actor, clientId }) => void (await designerOf(tx, clientId, actor.userId)),
});

const contextOf = (db: Db, auth: AuthContext, language: Language): ResourceContext => ({ db, auth, ip: null, language });

/** POST /rptapi/tiles/save: the generic save of `rpttile` (the hook above), answered as the designer's row. */
export async function saveTile(db: Db, auth: AuthContext, input: unknown, language: Language): Promise<TileRow> {
  const saved = await saveDocument(contextOf(db, auth, language), rptTile, (input ?? {}) as Row);
  const clientId = auth.clientId!;
  return (await tilesWhere(db, clientId, sql`t.id = ${Number(saved.id)} and t.client_id = ${clientId}`))[0];
}

/** POST /rptapi/tiles/remove { ids, versions }: the generic remove of `rpttile`. */
export async function removeTiles(db: Db, auth: AuthContext, input: unknown, language: Language): Promise<{ removed: number }> {
  return removeDocuments(contextOf(db, auth, language), rptTile, (input ?? {}) as Row);
}

/** The tiles on the caller's dashboard whose dataset the caller may read (menu entry `rpt.<report>`). */
export async function viewerTiles(db: Db, auth: AuthContext, language: Language): Promise<TileRow[]> {
  if (auth.clientId === null) throw forbidden();
  const allowed = new Set((await datasetsOf(db, auth, language)).map((d) => d.report));
  return (await tilesWhere(db, auth.clientId, viewerWhere(auth, auth.clientId))).filter((t) => allowed.has(t.report));
}

/** GET /rptapi/tiles/board: the caller's dashboard tiles, each run as the caller; a tile that fails says why and the rest are drawn. */
export async function tileBoard(db: Db, auth: AuthContext, language: Language): Promise<TileBoardReply> {
  const tiles = await viewerTiles(db, auth, language);
  const out: TileBoardReply['tiles'] = [];
  for (const tile of tiles) {
    try {
      out.push({ tile, run: await runTile(db, auth, tileReport(tile.report)!, tile, language) });
    } catch (e) {
      out.push({ tile, run: null, error: e instanceof AppError ? e.kind : 'error' });
    }
  }
  return { tiles: out };
}

/** GET /rptapi/tiles/:id/run: one tile of the caller's dashboard, run as the caller (another company's or another user's personal tile: 404). */
export async function runTileById(db: Db, auth: AuthContext, idParam: unknown, language: Language): Promise<TileResult> {
  const id = Number(idParam);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  const tile = (await viewerTiles(db, auth, language)).find((t) => t.id === id);
  if (!tile) throw notFound();
  return runTile(db, auth, tileReport(tile.report)!, tile, language);
}

/**
 * One tile as it is on `auth`'s dashboard (the company's shared with one of the viewer's roles, or the
 * viewer's personal one, over a dataset the viewer may read), else null: what an alert on a tile is
 * measured from, as its owner sees it.
 */
export async function tileForViewer(db: Db, auth: AuthContext, id: number, language: Language): Promise<TileRow | null> {
  if (!Number.isSafeInteger(id) || id <= 0 || auth.clientId === null) return null;
  return (await viewerTiles(db, auth, language)).find((t) => t.id === id) ?? null;
}
