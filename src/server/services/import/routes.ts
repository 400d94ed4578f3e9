import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { allEntities, allPages, getEntity, getPage, pageOffers, isLanguage, translate, type EntityDef, type Language } from '../../../model';
import { importColumns, templateVersion, uploadTypeMessageKey } from '../../../model/excel';
import { authOf, requireAuth } from '../../access/auth-context';
import { ok, requestLanguage } from '../../http/envelope';
import { AppError, notFound } from '../../http/errors';
import { parsePaging } from '../../http/paging';
import { assertCan } from '../../resources/permissions';
import { createJob, findJob, listJobs, type JobRow } from '../jobs';
import { errorsPath, importDir, jobView, maxImportRows, queueImportJob, uploadPath, type ImportParams } from './import-jobs.service';
import type { ImportMode } from './import.service';
import { gridViewOf, heldCount, mayWorkOnJob, parseRowEdits, rowWorkOf, saveRowEdits } from './import-rows.service';
import { assertMapping, parseMappingField, proposeForFile, rememberMapping } from './mapping.service';
import { buildTemplate, dataSheetName, readErrors, writeErrorWorkbook } from './template.service';
import { WorkbookError } from './xlsx-reader.util';
import { formDropDowns, importForm, isDynamicFormImport } from './dynamic-form-import';
import { loadForm, type LoadedForm } from '../approvals/dynamic-form.service';
import { withTenant } from '../../kernel/rls';
import { labelIn } from '../../../model/label-text';

/**
 * The import centre's API (spec 7: GET crossapi/ccommonapi/data-upload/page-upload-links) and the
 * registry's `/api/{prefix}/{entity}/import`:
 *
 *   GET  /crossapi/ccommonapi/data-upload/page-upload-links?opt=vendor   templates a page offers
 *   GET  /crossapi/ccommonapi/data-upload/template?entity=vendor&lang=en  template download
 *   POST /crossapi/ccommonapi/data-upload/mapping (multipart: file, entity)  proposed column mapping (issue 33)
 *   POST /crossapi/ccommonapi/data-upload/upload  (multipart: file, entity, mode, commit, mapping?)
 *   GET  /crossapi/ccommonapi/data-upload/jobs           the user's import/export history
 *   GET  /crossapi/ccommonapi/data-upload/jobs/:id       one job (status, progress, counts)
 *   GET  /crossapi/ccommonapi/data-upload/jobs/:id/errors?page=&size=   the preview's errors
 *   GET  /crossapi/ccommonapi/data-upload/jobs/:id/error-workbook?only=errors
 *   POST /crossapi/ccommonapi/data-upload/jobs/:id/commit  { validOnly } (a job with held rows: those rows)
 *   GET  /crossapi/ccommonapi/data-upload/jobs/:id/rows    the fixing grid's rows (issue 33)
 *   PUT  /crossapi/ccommonapi/data-upload/jobs/:id/rows    { rows: [{ row, cells, excluded }] } edits saved as typed
 */

const BASE = '/crossapi/ccommonapi/data-upload';
const MAX_UPLOAD_MB = 50;

type Query = Record<string, string | undefined>;

function languageOf(req: FastifyRequest, explicit?: string): Language {
  return isLanguage(explicit) ? explicit : requestLanguage(req);
}

/** Whether a page of the entity offers import (issue 10: an entity is imported only where a page offers it). */
export function pageOffersImport(entity: EntityDef): boolean {
  return allPages().some((p) => p.entity === entity.name && pageOffers(p, 'import'));
}

function importableEntity(name: string | undefined): EntityDef {
  const entity = name ? getEntity(name) : undefined;
  if (!entity || entity.childOnly || importColumns(entity).length === 0) throw new AppError('excel.unknownEntity');
  if (!pageOffersImport(entity)) throw new AppError('excel.notImportable', { params: { entity: entity.name } });
  return entity;
}

/** An import's target: a registry entity, or a company's dynamic form by its code (issue 33). */
type ImportTarget = { entity: EntityDef; form: LoadedForm | null };

/** The entity an import names: a registry entity a page offers import of, or the caller's company's dynamic form of that code. */
async function importTarget(app: FastifyInstance, req: FastifyRequest, name: string | undefined): Promise<ImportTarget> {
  if (!isDynamicFormImport(name)) return { entity: importableEntity(name), form: null };
  const clientId = authOf(req).clientId;
  if (!clientId) throw new AppError('excel.unknownEntity');
  const form = await importForm(app.db, clientId, name);
  return { entity: form.entity, form };
}

/** The company's dynamic forms as import targets (all of them, or the one a form's list page names). */
async function formTargets(app: FastifyInstance, req: FastifyRequest, opt: string | undefined): Promise<EntityDef[]> {
  const clientId = authOf(req).clientId;
  if (!clientId) return [];
  if (opt) return [(await importTarget(app, req, opt.slice(DYNFORM_PAGE.length))).entity];
  return withTenant(app.db, clientId, async (tx) => {
    const codes = await sql<{ code: string }>`select code from dyn_form where client_id = ${clientId} and coalesce(status, 'active') = 'active' and definition ? 'sections' order by code`.execute(tx);
    const out: EntityDef[] = [];
    // A form whose stored design cannot be read is not offered (its own page says why).
    for (const { code } of codes.rows) out.push(...(await loadForm(tx, clientId, code).then((f) => [f.entity], () => [])));
    return out;
  });
}
/** How the list page of a dynamic form is named (`dynamicPage`: `dynform-<code>`). */
const DYNFORM_PAGE = 'dynform-';

function asciiName(name: string): string {
  return name.replace(/[^\w.-]+/g, '_');
}

/** Content-Disposition with the UTF-8 name (RFC 5987) and an ASCII fallback. */
export function attachment(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="${asciiName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .header('cache-control', 'no-store');
}

async function jobOf(app: FastifyInstance, req: FastifyRequest<{ Params: { id: string } }>): Promise<JobRow> {
  const auth = authOf(req);
  const id = Number(req.params.id);
  if (!auth.clientId || !Number.isSafeInteger(id)) throw notFound('job.notFound');
  const job = await findJob(app.db, auth.clientId, id);
  // A job is its starter's (the tenant filter is in SQL; the user check keeps colleagues' files private);
  // an import job is also its company administrators' (issue 33: they may fix and commit held rows).
  if (!job || (job.user_id !== auth.userId && !(job.kind === 'import' && (await mayWorkOnJob(app.db, auth, job))))) throw notFound('job.notFound');
  return job;
}

/** The templates of a page (its entity; spec 7 page-upload-links), or of every importable entity. */
function uploadLinks(entities: EntityDef[], language: Language) {
  return entities.map((e) => ({
    entity: e.name,
    title: labelIn(e.label, language),
    menuCode: e.menuCode,
    version: templateVersion(e),
    templateUrl: `/api${BASE}/template?entity=${e.name}&lang=${language}`,
    // A dynamic form's records are uploaded through the import centre only (no registry route of their own).
    importUrl: isDynamicFormImport(e.name) ? `/api${BASE}/upload` : `/api/${e.prefix}/${e.name}/import`,
    upsert: Boolean(e.codeField),
    masterDetail: Boolean(e.children?.length),
  }));
}

/** Registers the import centre's routes (see the list at the top of this file). */
export async function importRoutes(app: FastifyInstance): Promise<void> {
  const guard = { preHandler: requireAuth };
  registerTemplateRoutes(app, guard);
  registerUploadRoutes(app, guard);
  registerImportJobRoutes(app, guard);
}

/** The session check every import route takes. */
type Guard = { preHandler: typeof requireAuth };

/** The templates a page offers and the template download. */
function registerTemplateRoutes(app: FastifyInstance, guard: Guard): void {
  app.get(`${BASE}/page-upload-links`, guard, async (req) => {
    const q = req.query as Query;
    const language = languageOf(req, q.lang);
    let entities: EntityDef[];
    if (q.opt?.startsWith(DYNFORM_PAGE)) entities = await formTargets(app, req, q.opt);
    else if (q.opt) {
      const page = getPage(q.opt);
      if (!page) throw notFound('msg.pageNotExist');
      entities = [getEntity(page.entity)].filter((e): e is EntityDef => Boolean(e));
    } else if (q.entity) entities = [(await importTarget(app, req, q.entity)).entity];
    else entities = [...allEntities().filter((e) => !e.childOnly), ...(await formTargets(app, req, undefined))];
    const allowed: EntityDef[] = [];
    for (const e of entities) {
      if (importColumns(e).length === 0 || !(isDynamicFormImport(e.name) || pageOffersImport(e))) continue;
      try {
        await assertCan(req.auth, e.menuCode, 'import', { db: app.db });
        allowed.push(e);
      } catch {
        // Not offered: the user may not import into it.
      }
    }
    return ok(uploadLinks(allowed, language));
  });

  app.get(`${BASE}/template`, guard, async (req, reply) => {
    const q = req.query as Query;
    const { entity, form } = await importTarget(app, req, q.entity);
    await assertCan(req.auth, entity.menuCode, 'import', { db: app.db });
    const language = languageOf(req, q.lang);
    const buf = await buildTemplate(entity, language, maxImportRows(), form ? formDropDowns(form, language) : undefined);
    const name = `${dataSheetName(entity, language)}-${translate(language, 'excel.templateSheet')}.xlsx`;
    return attachment(reply, name).send(buf);
  });
}

/** The upload of the import centre and the registry's `/{prefix}/{entity}/import` of every importable entity. */
function registerUploadRoutes(app: FastifyInstance, guard: Guard): void {
  app.post(`${BASE}/upload`, guard, async (req) => receiveUpload(app, req, undefined));
  app.post(`${BASE}/mapping`, guard, async (req) => proposeUpload(app, req));
  for (const entity of allEntities()) {
    if (entity.childOnly || importColumns(entity).length === 0) continue;
    app.post(`/${entity.prefix}/${entity.name}/import`, guard, async (req) => receiveUpload(app, req, entity.name));
  }
}

/** A multipart upload stored in a temporary file: its form fields (the query's too), name and path. */
type Received = { fields: Record<string, string>; fileName: string; tmp: string | null };

/** Reads a multipart upload: its fields, and its first file into a temporary file (`received.tmp`, removed by the caller). */
async function receiveFile(app: FastifyInstance, req: FastifyRequest, received: Received): Promise<void> {
  if (!req.isMultipart()) throw new AppError('excel.noFile');
  const tmpDir = join(app.config.dataDir, 'files', 'tmp');
  await mkdir(tmpDir, { recursive: true });
  const fields = received.fields;
  for await (const part of req.parts()) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (received.tmp) {
      part.file.resume();
      continue;
    }
    received.fileName = part.filename || 'upload.xlsx';
    received.tmp = join(tmpDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.upload`);
    await pipeline(part.file, createWriteStream(received.tmp));
    if (part.file.truncated) throw new AppError('excel.fileTooLarge', { params: { max: MAX_UPLOAD_MB } });
  }
  if (!received.tmp) throw new AppError('excel.noFile');
  // spec 8 "upload failed" cases with their own message: only .xlsx (an .xls, .csv or image is refused).
  // Issue 19: an .xls, .csv or .et file is told how to save it as .xlsx.
  const wrongType = uploadTypeMessageKey(received.fileName);
  if (wrongType) throw new AppError(wrongType);
}

/**
 * The proposed mapping of an uploaded sheet of the buyer's own layout (issue 33): its first rows as
 * they are, a field per column with its confidence (the company's remembered mapping of the same
 * header set first), the fields to choose from and the required ones left unmapped. Nothing is kept.
 */
async function proposeUpload(app: FastifyInstance, req: FastifyRequest) {
  const received: Received = { fields: { ...(req.query as Query) } as Record<string, string>, fileName: '', tmp: null };
  try {
    await receiveFile(app, req, received);
    const { entity } = await importTarget(app, req, received.fields.entity);
    const clientId = await assertCan(req.auth, entity.menuCode, 'import', { db: app.db });
    return ok(await proposeForFile(app.db, clientId, entity, received.tmp!, languageOf(req, received.fields.lang)));
  } catch (error) {
    if (error instanceof WorkbookError) throw new AppError('excel.unreadable', { params: { reason: translate(languageOf(req, received.fields.lang), error.messageKey) } });
    throw error;
  } finally {
    if (received.tmp) await rm(received.tmp, { force: true });
  }
}

/**
 * Stores an uploaded workbook, checks its type, entity and mode, and queues its import job. A
 * confirmed mapping (`mapping`, issue 33) is checked first (a required field left unmapped is
 * refused, named) and remembered for the company.
 */
async function receiveUpload(app: FastifyInstance, req: FastifyRequest, entityName: string | undefined) {
  const auth = authOf(req);
  const received: Received = { fields: { ...(req.query as Query) } as Record<string, string>, fileName: '', tmp: null };
  const fields = received.fields;
  try {
    await receiveFile(app, req, received);
    const fileName = received.fileName;
    let tmp: string | null = received.tmp!;
    const { entity } = await importTarget(app, req, entityName ?? fields.entity);
    const clientId = await assertCan(req.auth, entity.menuCode, 'import', { db: app.db });
    const mode: ImportMode = fields.mode === 'upsert' || fields.mode === 'update' ? fields.mode : 'insert';
    if (mode !== 'insert' && !entity.codeField) throw new AppError('excel.upsertNeedsKey');
    const commit = fields.commit === 'all' || fields.commit === 'valid' ? fields.commit : 'check';
    const language = languageOf(req, fields.lang);
    const mapping = parseMappingField(fields.mapping);
    if (mapping) {
      assertMapping(entity, mapping, language);
      await rememberMapping(app.db, { clientId, userId: auth.userId }, entity, tmp, mapping).catch((error: unknown) => {
        if (error instanceof WorkbookError) throw new AppError('excel.unreadable', { params: { reason: translate(language, error.messageKey) } });
        throw error;
      });
    }
    const size = (await stat(tmp)).size;
    const params: ImportParams = { entity: entity.name, mode, fileName, fileSize: size, language, commit, ...(mapping ? { mapping } : {}) };
    const job = await createJob(app.db, { clientId, userId: auth.userId }, 'import', `${labelIn(entity.label, language)} ${fileName}`, params);
    await mkdir(importDir(app, clientId), { recursive: true });
    await rename(tmp, uploadPath(app, job));
    tmp = received.tmp = null;
    await queueImportJob(app.db, job, auth, { write: commit !== 'check', validOnly: commit === 'valid' });
    return ok(jobView(job, language));
  } finally {
    if (received.tmp) await rm(received.tmp, { force: true });
  }
}

/** The user's jobs, one job, its errors (a page, or the workbook with messages) and the commit of a checked import. */
function registerImportJobRoutes(app: FastifyInstance, guard: Guard): void {
  app.get(`${BASE}/jobs`, guard, async (req) => {
    const auth = authOf(req);
    if (!auth.clientId) return ok({ rows: [], total: 0 });
    const q = req.query as Query;
    const { page, size } = parsePaging(q.page, q.size, { defaultSize: 20, maxSize: 200 });
    const r = await listJobs(app.db, { clientId: auth.clientId, userId: auth.userId }, size, (page - 1) * size);
    const language = requestLanguage(req);
    return ok({ rows: r.rows.map((j) => jobView(j, language)), total: r.total });
  });

  app.get<{ Params: { id: string } }>(`${BASE}/jobs/:id`, guard, async (req) => ok(jobView(await jobOf(app, req), languageOf(req, (req.query as Query).lang))));

  app.get<{ Params: { id: string } }>(`${BASE}/jobs/:id/errors`, guard, async (req) => {
    const job = await jobOf(app, req);
    const q = req.query as Query;
    const { page, size } = parsePaging(q.page, q.size, { defaultSize: 100, maxSize: 1000 });
    const errors = job.kind === 'import' ? await readErrors(errorsPath(app, job)) : [];
    return ok({ rows: errors.slice((page - 1) * size, page * size), total: errors.length });
  });

  app.get<{ Params: { id: string } }>(`${BASE}/jobs/:id/error-workbook`, guard, async (req, reply) => {
    const job = await jobOf(app, req);
    if (job.kind !== 'import' || job.status === 'running' || job.status === 'queued') throw new AppError('job.busy');
    const params = job.params as unknown as ImportParams;
    const language = languageOf(req, (req.query as Query).lang ?? params.language);
    const onlyErrors = (req.query as Query).only === 'errors';
    const target = join(importDir(app, job.client_id ?? 0), `${job.id}.errors-${onlyErrors ? 'only' : 'all'}-${language}.xlsx`);
    const errors = await readErrors(errorsPath(app, job));
    const entity = isDynamicFormImport(params.entity) ? (await importTarget(app, req, params.entity).catch(() => null))?.entity : getEntity(params.entity);
    await writeErrorWorkbook(uploadPath(app, job), target, errors, language, onlyErrors, entity);
    const base = params.fileName.replace(/\.xlsx$/i, '');
    return attachment(reply, `${base}-${translate(language, 'excel.messagesColumn')}.xlsx`).send(createReadStream(target));
  });

  app.post<{ Params: { id: string } }>(`${BASE}/jobs/:id/commit`, guard, async (req) => {
    const job = await workableJob(app, req);
    const auth = authOf(req);
    const { entity } = await importTarget(app, req, (job.params as unknown as ImportParams).entity);
    await assertCan(req.auth, entity.menuCode, 'import', { db: app.db });
    // Rows a commit held are committed again from `done` (issue 33), the valid ones of them.
    const heldOnly = job.status === 'done' && heldCount(job) > 0;
    if (job.kind !== 'import' || (job.status !== 'checked' && !heldOnly)) throw new AppError(job.status === 'running' || job.status === 'queued' ? 'job.busy' : 'excel.notChecked');
    const body = (req.body ?? {}) as Record<string, unknown>;
    const validOnly = heldOnly || body.validOnly === true || body.validOnly === 'true' || body.validOnly === '1';
    const result = job.result ?? {};
    const work = await rowWorkOf(app.db, job.client_id!, job.id);
    // Edited rows may have become valid since the check: the commit checks them again.
    if (!heldOnly && !work.cells.size && Number(result.valid ?? 0) === 0) throw new AppError('excel.nothingToCommit');
    if (heldOnly && [...work.held].every((r) => work.skip.has(r))) throw new AppError('excel.nothingToCommit');
    if (!validOnly && !work.cells.size && Number(result.errorCount ?? 0) > 0) throw new AppError('excel.hasErrors', { params: { count: result.errorCount } });
    // The job is queued for the runner only from `checked` (or `done` with held rows), before the reply: a second click cannot start a second write.
    if (!(await queueImportJob(app.db, job, auth, { write: true, validOnly, heldOnly }))) throw new AppError('job.busy');
    return ok(jobView({ ...job, status: 'queued', params: { ...job.params, phase: 'commit' } }, requestLanguage(req)));
  });

  // The fixing grid (issue 33): the sheet's rows with their errors and the user's work; edits saved as the user types.
  app.get<{ Params: { id: string } }>(`${BASE}/jobs/:id/rows`, guard, async (req) => {
    const job = await workableJob(app, req);
    const { entity, form } = await importTarget(app, req, (job.params as unknown as ImportParams).entity);
    await assertCan(req.auth, entity.menuCode, 'import', { db: app.db });
    if (job.kind !== 'import' || (job.status !== 'checked' && job.status !== 'done')) throw new AppError(job.status === 'running' || job.status === 'queued' ? 'job.busy' : 'excel.notChecked');
    return ok(await gridViewOf(app.db, job, entity, uploadPath(app, job), await readErrors(errorsPath(app, job)), form));
  });

  app.put<{ Params: { id: string } }>(`${BASE}/jobs/:id/rows`, guard, async (req) => {
    const job = await workableJob(app, req);
    const { entity } = await importTarget(app, req, (job.params as unknown as ImportParams).entity);
    await assertCan(req.auth, entity.menuCode, 'import', { db: app.db });
    const edits = parseRowEdits(req.body);
    await saveRowEdits(app.db, authOf(req), job, edits);
    return ok({ saved: edits.length });
  });
}

/** An import job the caller may work on: its owner's, or any job of the company for its administrator (issue 33); others are not found. */
async function workableJob(app: FastifyInstance, req: FastifyRequest<{ Params: { id: string } }>): Promise<JobRow> {
  const job = await jobOf(app, req);
  if (job.kind !== 'import') throw notFound('job.notFound');
  return job;
}
