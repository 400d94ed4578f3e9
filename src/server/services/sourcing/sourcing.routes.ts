import { exceljs } from '../export/exceljs-module';
import { addSheet } from '../export/sheet-name';
import { protectTextCells } from '../export/text-cells';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sourcingCalls, type Admission, type EvalTodo, type Evaluation, type Opportunity } from '../../../model/calls/sourcing';
import { serveCall } from '../../http/calls';
import { sql } from 'kysely';
import { CELL_FORMAT_TABLE, dictionaryItems, requireEntity, translate, type Language } from '../../../model';
import { SOURCING_APPLY_MENU, SOURCING_MENU } from '../../../model/entities';
import { authOf, requireAuth, type AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { assertCan, dataScope } from '../../resources/permissions';
import { parseId, saveDocument } from '../../resources/resource.service';
import { withSystemScope, withTenant } from '../../kernel/rls';
import { compareOffers, type CompareItem, type CompareRecord, type Comparison } from './sourcing.compare';
import { applyToProject, evaluationOf, evaluationTodo, myApplications, opportunities, saveScores } from './sourcing.service';
import { admissionView, saveAccessAnswers } from './sourcing.admission';
import { CERT_EXPIRY_CHECK_INTERVAL_MS, checkCertificateExpiry } from './sourcing.certexpiry';
import { parseVersion } from '../../resources/document-input';
import { recordFile, storeUpload } from '../files';

/**
 * Sourcing's own calls (issue 16), beside the generic resource API of its entities:
 * - the supplier side: project opportunities (public projects and invitations of other companies)
 *   and "apply", which opens the caller's application and the buyer's share;
 * - the buyer side: the comparison of quotations (and its workbook), the evaluation with the
 *   caller's own scores, and scoring by an evaluation member.
 * Permissions are the menu codes of the entities; the caller's tenant is in every statement, and the
 * project must be one the caller's data permissions show.
 */
type Q = Record<string, unknown>;
type Row = Record<string, unknown>;

async function visibleProject(app: FastifyInstance, auth: AuthContext, clientId: number, raw: unknown): Promise<number> {
  const id = parseId(raw);
  if (id === null) throw new AppError('res.notFound');
  const scope = await dataScope(auth, SOURCING_MENU, { db: app.db });
  const found = await withTenant(app.db, clientId, async (tx) =>
    (await sql<{ id: number }>`select t.id from srm_src_project t where t.id = ${id} and t.client_id = ${clientId} ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(tx)).rows[0]);
  if (!found) throw new AppError('res.notFound');
  return id;
}

/** Whether a row of the caller's company is one its data permissions of `menu` show (SQL, tenant first). */
async function visibleRow(app: FastifyInstance, auth: AuthContext, clientId: number, menu: string, table: 'srm_src_application' | 'srm_src_record' | 'md_vendor', id: number): Promise<boolean> {
  const scope = await dataScope(auth, menu, { db: app.db });
  return withTenant(app.db, clientId, async (tx) =>
    (await sql`select t.id from ${sql.table(table)} t where t.id = ${id} and t.client_id = ${clientId} ${scope.length ? sql`and ${sql.join(scope, sql` and `)}` : sql``}`.execute(tx)).rows.length > 0);
}

/** Certificate files and permit images: PNG, JPEG, WebP (shown inline) or PDF, up to 10 MB. */
const ADMISSION_FILE_MAX = 10 * 1024 * 1024;
const ADMISSION_FILE_TYPES = /^(image\/(png|jpeg|webp)|application\/pdf)$/;

const jsonOf = <T>(v: unknown, fallback: T): T => (v === null || v === undefined ? fallback : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The comparison of one project of the caller's company. */
export async function projectComparison(tx: Db, clientId: number, projectId: number): Promise<Comparison & { project: Row }> {
  const project = (await sql<Row>`select id, version, code, name, status, currency, inquiry_state, awarded_vendor_id from srm_src_project where id = ${projectId} and client_id = ${clientId}`.execute(tx)).rows[0];
  const items = (await sql<Row>`select id, name, qty, unit, expected_price, currency from srm_src_item where client_id = ${clientId} and project_id = ${projectId} order by id`.execute(tx)).rows;
  const records = (await sql<Row>`select id, supplier_name, status, awarded, weighted_score, rank_no, offers from srm_src_record where client_id = ${clientId} and project_id = ${projectId} order by id`.execute(tx)).rows;
  const rates = (await sql<{ currency: string; rate: number }>`select currency, rate from srm_src_project_rate where client_id = ${clientId} and project_id = ${projectId}`.execute(tx)).rows;
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const comparison = compareOffers(
    String(project.currency ?? 'CNY'),
    items.map((i): CompareItem => ({ id: Number(i.id), name: String(i.name), qty: n(i.qty), unit: (i.unit as string | null) ?? null, expected_price: n(i.expected_price), currency: String(i.currency ?? 'CNY') })),
    records.map((r): CompareRecord => ({ id: Number(r.id), supplier_name: String(r.supplier_name), status: String(r.status), awarded: Boolean(r.awarded), weighted_score: n(r.weighted_score), rank_no: n(r.rank_no), offers: jsonOf(r.offers, {}) })),
    Object.fromEntries(rates.map((r) => [r.currency, Number(r.rate)])),
  );
  return { ...comparison, project };
}

/** The comparison as a workbook: one row per supplier, per item its converted price (best marked) and lead time, the total. */
export async function comparisonWorkbook(c: Comparison & { project: Row }, language: Language): Promise<Buffer> {
  const en = language === 'en';
  const wb = new (await exceljs()).Workbook();
  const ws = addSheet(wb, en ? 'Comparison' : '比价');
  ws.addRow([`${c.project.code as string} ${c.project.name as string}`, '', en ? `Currency: ${c.currency}` : `比价币种：${c.currency}`]).font = { bold: true };
  const header = [en ? 'Supplier' : '供应商', en ? 'Status' : '状态'];
  for (const i of c.items) header.push(`${i.name}${i.qty ? ` (${i.qty}${i.unit ?? ''})` : ''}`, en ? 'Lead time (days)' : '交期(天)');
  header.push(en ? 'Total' : '合计', en ? 'Weighted score' : '综合得分', en ? 'Rank' : '排名');
  const headerRow = ws.addRow(header);
  headerRow.font = { bold: true };
  const state = (code: string) => dictionaryItems('srcrecord_status')?.find((x) => x.value === code)?.label ?? { zh: code, en: code };
  for (const s of c.suppliers) {
    const cells: Array<string | number | null> = [s.supplier_name, en ? state(s.status).en : state(s.status).zh];
    for (const i of c.items) {
      const cell = s.cells[String(i.id)];
      cells.push(cell ? cell.converted ?? `${cell.unit_price} ${cell.currency}` : null, cell?.lead_time_days ?? null);
    }
    cells.push(s.total, s.weighted_score, s.rank_no);
    const row = ws.addRow(cells);
    c.items.forEach((i, k) => {
      const cell = s.cells[String(i.id)];
      const x = row.getCell(3 + k * 2);
      x.numFmt = CELL_FORMAT_TABLE.money.numFmt!;
      if (cell?.best) {
        x.font = { bold: true, color: { argb: 'FF107C10' } };
        x.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFDFF6DD' } };
      }
    });
    row.getCell(3 + c.items.length * 2).numFmt = CELL_FORMAT_TABLE.money.numFmt!;
  }
  const best = [en ? 'Best price' : '最优价', ''];
  for (const i of c.items) best.push(i.best_price === null ? '' : String(i.best_price), '');
  ws.addRow(best).font = { italic: true };
  ws.columns.forEach((col, k) => { col.width = k === 0 ? 28 : 16; });
  // Project, item and supplier names are user input: one that begins with = + - @ stays text (issue 19).
  ws.eachRow((row) => protectTextCells(row));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const guard = { preHandler: requireAuth };

export async function sourcingRoutes(app: FastifyInstance): Promise<void> {
  // Certificates warned ahead of their expiry (issue 35), checked every hour in every app process; each warns once.
  const timer = setInterval(() => {
    checkCertificateExpiry(app.db).catch((e: unknown) => app.log.error({ err: e }, 'certificate expiry check failed'));
  }, CERT_EXPIRY_CHECK_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  supplierRoutes(app);
  admissionRoutes(app);
  buyerRoutes(app);
}

/** The supplier's side: opportunities and applying. */
function supplierRoutes(app: FastifyInstance): void {
  serveCall(app, sourcingCalls.opportunities, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_APPLY_MENU, 'read', { db: app.db });
    const rows = await withSystemScope(app.db, (tx) => opportunities(tx, clientId));
    const mine = await withTenant(app.db, clientId, (tx) => myApplications(tx, clientId, rows.map((r) => Number(r.id))));
    return {
      rows: rows.map(({ client_id: _buyer, ...r }) => {
        const a = mine.get(Number(r.id));
        return { ...r, application_id: a?.id ?? null, application_no: a?.app_no ?? null, application_status: a?.status ?? null } as Opportunity;
      }),
    };
  });

  serveCall(app, sourcingCalls.apply, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_APPLY_MENU, 'create', { db: app.db });
    const id = parseId(((req.body ?? {}) as Q).project_id);
    if (id === null) throw new AppError('src.apply.notOpen');
    const opp = (await withSystemScope(app.db, (tx) => opportunities(tx, clientId, id)))[0];
    const made = await withTenant(app.db, clientId, (tx) => applyToProject(tx, auth, clientId, opp, req.ip));
    return { ...made, message: translate(requestLanguage(req), 'src.apply.opened', { no: made.app_no }) };
  });

}

/** Supplier admission (sourcing.admission.ts) and the vendor's permit image. */
function admissionRoutes(app: FastifyInstance): void {
  // The supplier fills in the buyer's access evaluation form on its own draft application.
  serveCall(app, sourcingCalls.saveAccessForm, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_APPLY_MENU, 'update', { db: app.db });
    const body = (req.body ?? {}) as Q;
    const id = parseId(body.id);
    if (id === null) throw new AppError('res.notFound');
    const seen = await visibleRow(app, auth, clientId, SOURCING_APPLY_MENU, 'srm_src_application', id);
    return withTenant(app.db, clientId, (tx) => saveAccessAnswers(tx, auth, clientId, id, parseVersion(body), body, seen));
  });

  // The admission data of an application (supplier) or a sourcing record (buyer), certificates flagged when expired.
  serveCall(app, sourcingCalls.admission, guard, async (req) => {
    const auth = authOf(req);
    const q = req.query as Q;
    const entity = q.entity === 'srcrecord' ? 'srcrecord' : q.entity === 'srcapplication' ? 'srcapplication' : null;
    const id = parseId(q.id);
    if (!entity || id === null) throw new AppError('res.notFound');
    const menu = entity === 'srcrecord' ? SOURCING_MENU : SOURCING_APPLY_MENU;
    const clientId = await assertCan(auth, menu, 'read', { db: app.db });
    const seen = await visibleRow(app, auth, clientId, menu, entity === 'srcrecord' ? 'srm_src_record' : 'srm_src_application', id);
    return (await withTenant(app.db, clientId, (tx) => admissionView(tx, clientId, entity, id, seen))) as Admission;
  });

  // A certificate file of the supplier's company (then named by a certificate row of its application).
  serveCall(app, sourcingCalls.certFile, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_APPLY_MENU, 'update', { db: app.db });
    const f = await storeUpload(app, req, 'sourcing', clientId, ADMISSION_FILE_MAX);
    if (!ADMISSION_FILE_TYPES.test(f.mime ?? '')) throw new AppError('src.cert.fileType');
    const file = await withTenant(app.db, clientId, async (tx) => recordFile(tx, { ...f, clientId, createdBy: auth.userId, owner: { menu: SOURCING_APPLY_MENU } }));
    return { id: file.id, name: f.name, mime: f.mime, url: file.url };
  });

  // Vendor settings: the account-opening permit image of a vendor, stored and set through the vendor's own save (which clears the bank check).
  // The browser names the vendor in the address (`/permit/:id/:version`); API clients may send it as the query.
  const permit = async (req: FastifyRequest, q: Q) => {
    const auth = authOf(req);
    const vendor = requireEntity('vendor');
    const clientId = await assertCan(auth, vendor.menuCode, 'update', { db: app.db });
    const id = parseId(q.id);
    if (id === null || !(await visibleRow(app, auth, clientId, vendor.menuCode, 'md_vendor', id))) throw new AppError('res.notFound');
    const f = await storeUpload(app, req, 'sourcing', clientId, ADMISSION_FILE_MAX);
    if (!/^image\/(png|jpeg|webp)$/.test(f.mime ?? '')) throw new AppError('src.cert.fileType');
    const file = await withTenant(app.db, clientId, async (tx) => recordFile(tx, { ...f, clientId, createdBy: auth.userId, owner: { menu: vendor.menuCode, table: vendor.table, id } }));
    return saveDocument({ db: app.db, auth, ip: req.ip, language: requestLanguage(req) }, vendor, { id, version: q.version, permit_image: file.url });
  };
  serveCall(app, sourcingCalls.permit, guard, async (req) => permit(req, req.params as Q));
  app.post('/srmapi/vendor-bank/permit', guard, async (req) => ok(await permit(req, req.query as Q)));

}

/** The buyer's side: the comparison and its workbook, the evaluation, scores. */
function buyerRoutes(app: FastifyInstance): void {
  serveCall(app, sourcingCalls.compare, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_MENU, 'read', { db: app.db });
    const id = await visibleProject(app, auth, clientId, (req.query as Q).project_id);
    return withTenant(app.db, clientId, (tx) => projectComparison(tx, clientId, id));
  });

  app.get(sourcingCalls.compareExport.path, guard, async (req, reply) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_MENU, 'export', { db: app.db });
    const id = await visibleProject(app, auth, clientId, (req.query as Q).project_id);
    const language = requestLanguage(req);
    const c = await withTenant(app.db, clientId, (tx) => projectComparison(tx, clientId, id));
    const name = `${language === 'en' ? 'Comparison' : '比价'}-${c.project.code as string}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="comparison.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await comparisonWorkbook(c, language));
  });

  serveCall(app, sourcingCalls.evaluation, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_MENU, 'read', { db: app.db });
    const id = await visibleProject(app, auth, clientId, (req.query as Q).project_id);
    return (await withTenant(app.db, clientId, (tx) => evaluationOf(tx, auth, clientId, id))) as Evaluation;
  });

  serveCall(app, sourcingCalls.evalTodo, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_MENU, 'read', { db: app.db });
    const scope = await dataScope(auth, SOURCING_MENU, { db: app.db });
    return withTenant(app.db, clientId, async (tx) => {
      const rows = (await evaluationTodo(tx, auth, clientId)) as EvalTodo[];
      if (!scope.length || !rows.length) return { rows };
      // Only the projects the caller's data permissions show.
      const visible = new Set((await sql<{ id: number }>`select t.id from srm_src_project t where t.client_id = ${clientId} and t.id in (${sql.join(rows.map((r) => Number(r.id)))}) and ${sql.join(scope, sql` and `)}`.execute(tx)).rows.map((r) => Number(r.id)));
      return { rows: rows.filter((r) => visible.has(Number(r.id))) };
    });
  });

  // Spec 6 "evaluation members": membership of the project is the right to score (checked in SQL).
  serveCall(app, sourcingCalls.score, guard, async (req) => {
    const auth = authOf(req);
    const clientId = await assertCan(auth, SOURCING_MENU, 'read', { db: app.db });
    const b = (req.body ?? {}) as Q;
    const projectId = await visibleProject(app, auth, clientId, b.project_id);
    const recordId = parseId(b.record_id);
    if (recordId === null) throw new AppError('res.notFound');
    let scores: unknown = b.scores;
    if (typeof scores === 'string') {
      try { scores = JSON.parse(scores); } catch { throw new AppError('err.badRequest'); }
    }
    if (!scores || typeof scores !== 'object' || Array.isArray(scores)) throw new AppError('err.badRequest');
    return withTenant(app.db, clientId, (tx) => saveScores(tx, auth, clientId, projectId, recordId, scores as Record<string, unknown>, req.ip));
  });
}
