import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { allEntities, allPages, isLanguage, requireEntity, viewEntities, type EntityDef, type Language } from '../../../model';
import { authOf, requireAuth } from '../../access/auth-context';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError, notFound } from '../../http/errors';
import { parsePageQuery } from '../../resources/page-query';
import { assertCan, dataScope } from '../../resources/permissions';
import { attachment } from '../import/routes';
import { jobView } from '../import/import-jobs.service';
import { enqueueJob, findJob, registerJobHandler } from '../jobs';
import { groupPlanOf, type GroupPlan } from '../../resources/list-groups.service';
import { viewExportSource } from '../../resources/view-reader';
import { DIRECT_EXPORT_LIMIT, exportIds, planColumns, writeExport, type ExportPlan } from './export.service';
import { documentWorkbookRoutes } from './document-workbook';
import { countExportGroups, writeGroupedExport } from './grouped-export';
import { exceljs } from './exceljs-module';
import { EXCEL_SHEET_ROWS, exportFitsSheet, exportSheetRows } from '../../../model/excel';
import { labelIn } from '../../../model/label-text';

/**
 * GET /api/{prefix}/{entity}/export: the page endpoint's query (f.<field>.<op>, q, tab, sort) plus
 * `columns` (visible field keys, comma-separated), `lang`, and the list's grouping (`group`,
 * `bucket`: group rows, subtotals and a grand total, grouped-export.ts). Up to 5,000 rows the .xlsx comes back
 * directly; above, the reply is the envelope with a job whose progress goes over the socket and
 * whose file is fetched from /api/crossapi/ccommonapi/data-upload/jobs/:id/download.
 */

type Query = Record<string, unknown>;

function text(v: unknown): string | null {
  if (Array.isArray(v)) return v.length ? String(v[v.length - 1]) : null;
  return v === undefined || v === null ? null : String(v);
}

function exportFileName(entity: EntityDef, language: Language): string {
  const d = new Date();
  const stamp = `${d.getFullYear()}${String(d.getMonth() + 1).padStart(2, '0')}${String(d.getDate()).padStart(2, '0')}-${String(d.getHours()).padStart(2, '0')}${String(d.getMinutes()).padStart(2, '0')}`;
  return `${labelIn(entity.label, language)}-${stamp}.xlsx`;
}

/** The exports' shared directory: every app process of one installation must see the same DATA_DIR. */
export const exportPath = (app: FastifyInstance, clientId: number, jobId: number) => join(app.config.dataDir, 'files', 'exports', String(clientId), `${jobId}.xlsx`);

/**
 * What a list export's request asks of an entity's list: the language (`lang`, else the request's),
 * the list query without paging, and the columns (`columns`, else `pageColumns`, else every field).
 * The registry's lists and a dynamic form's records read their export requests with it.
 */
export function exportRequestOf(req: FastifyRequest, entity: EntityDef, pageColumns: string[] | null): Pick<ExportPlan, 'language' | 'query' | 'columns'> {
  const q = { ...(req.query as Query) };
  const language: Language = isLanguage(text(q.lang)) ? (text(q.lang) as Language) : requestLanguage(req);
  // Paging does not apply to an export; the rest of the list query does, checked by the same parser.
  const query = parsePageQuery(entity, { ...q, page: '1', size: '1' });
  const requested = text(q.columns)?.split(',').map((s) => s.trim()).filter(Boolean) ?? null;
  return { language, query, columns: planColumns(entity, requested, pageColumns) };
}

/** A workbook sent as the reply while `write` streams it; a failure mid-way is logged and ends the download. */
export function sendWorkbook(req: FastifyRequest, reply: FastifyReply, name: string, write: (out: PassThrough) => Promise<unknown>): FastifyReply {
  const body = new PassThrough();
  write(body).catch((error: unknown) => {
    req.log.error({ err: error }, 'export failed');
    body.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return attachment(reply, name).send(body);
}

async function planOf(app: FastifyInstance, req: FastifyRequest, entity: EntityDef): Promise<ExportPlan> {
  const auth = authOf(req);
  const clientId = await assertCan(auth, entity.menuCode, 'export', { db: app.db });
  const scope = await dataScope(auth, entity.menuCode, { db: app.db });
  const opt = text((req.query as Query).opt);
  const page = allPages().find((p) => (opt ? p.opt === opt : p.entity === entity.name));
  const pageColumns = page ? page.columns.map((c) => (typeof c === 'string' ? c : c.field)) : null;
  return { entity, clientId, scope, ...exportRequestOf(req, entity, pageColumns) };
}

export async function exportRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  // A record as a workbook, where its page declares the document (document-workbook.ts).
  await documentWorkbookRoutes(app);

  for (const entity of allEntities()) {
    if (entity.childOnly) continue;
    app.get(`/${entity.prefix}/${entity.name}/export`, guard, async (req, reply) => {
      const auth = authOf(req);
      const plan = await planOf(app, req, entity);
      const group = groupPlanOf(entity, req.query as Query);
      const ids = await exportIds(app.db, plan);
      // spec 8 "no data to export"
      if (!ids.length) throw new AppError('excel.noDataToExport');
      // One worksheet holds 1,048,576 rows with the header: a larger export is refused, never cut short.
      // Groups add two rows each (header, subtotal), so they are counted only when they could matter.
      const groups = group && 3 * ids.length + 2 >= EXCEL_SHEET_ROWS ? await countExportGroups(app.db, plan, group, ids) : group ? 0 : null;
      if (!exportFitsSheet(ids.length, groups)) {
        throw new AppError('excel.tooManyRowsToExport', { params: { rows: exportSheetRows(ids.length, groups).toLocaleString('en-US'), max: (EXCEL_SHEET_ROWS - 1).toLocaleString('en-US') } });
      }
      const name = exportFileName(entity, plan.language);
      if (ids.length <= DIRECT_EXPORT_LIMIT) return sendWorkbook(req, reply, name, (body) => (group ? writeGroupedExport(app.db, plan, group, ids, body) : writeExport(app.db, plan, ids, body)));
      // A large export is a queued job: the runner of whichever app process claims it first writes
      // the file (issue 15, src/server/services/jobs/runner.ts). The ids are fixed now, with the
      // caller's rights and filters; the runner reads those rows only, in the caller's tenant.
      const job = await enqueueJob(app.db, { clientId: plan.clientId, userId: auth.userId }, 'export', name, {
        entity: entity.name,
        rows: ids.length,
        fileName: name,
        language: plan.language,
        columns: plan.columns.map((c) => c.field.key),
        ids,
        ...(group ? { group: group.grouping.field, bucket: group.grouping.bucket, opt: text((req.query as Query).opt) } : {}),
      });
      return ok({ job: jobView(job, plan.language) });
    });
  }

  // A view whose rows are computed in code (view-reader.ts `rows`): the rows its list shows, under its
  // menu's export right, written at once (a computed view's rows are already in hand); no identity
  // sheet, since no import reads a view back. Other views answer 404.
  for (const entity of viewEntities()) {
    app.get(`/${entity.prefix}/${entity.name}/export`, guard, async (req, reply) => {
      const auth = authOf(req);
      await assertCan(auth, entity.menuCode, 'export', { db: app.db });
      const request = exportRequestOf(req, entity, null);
      const view = await viewExportSource({ db: app.db, auth, ip: null, language: request.language }, entity, request.query.filters);
      if (!view) throw notFound();
      const plan: ExportPlan = { entity, clientId: view.clientId, scope: [view.where], source: view.source, identity: false, ...request };
      const ids = await exportIds(app.db, plan);
      if (!ids.length) throw new AppError('excel.noDataToExport');
      return sendWorkbook(req, reply, exportFileName(entity, plan.language), (body) => writeExport(app.db, plan, ids, body));
    });
  }

  app.get<{ Params: { id: string } }>('/crossapi/ccommonapi/data-upload/jobs/:id/download', guard, async (req, reply) => {
    const auth = authOf(req);
    const id = Number(req.params.id);
    const job = auth.clientId && Number.isSafeInteger(id) ? await findJob(app.db, auth.clientId, id) : null;
    if (!job || job.user_id !== auth.userId || job.kind !== 'export') throw notFound('job.notFound');
    if (job.status !== 'done') throw new AppError('job.busy');
    const name = String(job.params.fileName ?? `export-${job.id}.xlsx`);
    return attachment(reply, name).send(createReadStream(exportPath(app, job.client_id ?? 0, job.id)));
  });
}

/**
 * The runner's work for a queued export: the plan again from the job's params (entity, tenant,
 * language, the columns chosen when it was asked), the file rewritten from the start (a job taken
 * over after a crash repeats the work), the download link in the result.
 */
registerJobHandler(
  'export',
  async (job, ctx) => {
    const p = job.params as { entity: string; language: Language; columns: string[]; ids: number[]; fileName: string; group?: string; bucket?: string; opt?: string | null };
    const entity = requireEntity(p.entity);
    const clientId = job.client_id ?? 0;
    const plan: ExportPlan = { entity, clientId, query: parsePageQuery(entity, { page: '1', size: '1' }), scope: [], columns: planColumns(entity, p.columns, null), language: p.language };
    const file = join(ctx.dataDir, 'files', 'exports', String(clientId), `${job.id}.xlsx`);
    await mkdir(join(file, '..'), { recursive: true });
    const out = createWriteStream(file);
    const group: GroupPlan | null = groupPlanOf(entity, { group: p.group, bucket: p.bucket, opt: p.opt });
    const onRows = (done: number) => ctx.progress.report(done, p.ids.length, 'export');
    await (group ? writeGroupedExport(ctx.db, plan, group, p.ids, out, onRows) : writeExport(ctx.db, plan, p.ids, out, onRows));
    await finished(out);
    const size = (await stat(file)).size;
    return {
      status: 'done',
      result: { rows: p.ids.length, fileName: p.fileName, size, downloadUrl: `/api/crossapi/ccommonapi/data-upload/jobs/${job.id}/download` },
      progress: { progress: p.ids.length, total: p.ids.length },
    };
  },
  { failure: 'msg.downloadFailed', prepare: exceljs },
);
