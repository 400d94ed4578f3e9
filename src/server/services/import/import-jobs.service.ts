import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { requireEntity, translate, type Language } from '../../../model';
import { sql } from 'kysely';
import type { AuthContext } from '../../access/auth-context';
import type { Db } from '../../db/database';
import { dataScope } from '../../resources/permissions';
import { emitJob, registerJobHandler, wakeRunners, type JobRow } from '../jobs';
import type { ConfirmedMapping } from '../../../model/import-mapping';
import { runImport, type ImportMode, type ImportReport, type ImportRequest } from './import.service';
import { importForm, isDynamicFormImport, runDynamicFormImport } from './dynamic-form-import';
import { undoImportRun } from './import-journal';
import { keepHeldRows, rowWorkOf } from './import-rows.service';
import { withTenant } from '../../kernel/rls';
import { configuredImportMaxRows } from '../admin/sys-settings.service';
import { exceljs } from '../export/exceljs-module';

/**
 * Import jobs: an upload is checked (or checked and written) in the background; the report goes to
 * the job row, every error to a JSON file beside the upload (the preview grid pages through it).
 */

export type ImportParams = {
  entity: string;
  mode: ImportMode;
  fileName: string;
  fileSize: number;
  language: Language;
  /** What the upload asked: 'check' (preview first), 'all' (all-or-nothing), 'valid' (valid rows only). */
  commit: 'check' | 'all' | 'valid';
  phase?: string;
  /** A mapping the buyer confirmed for a sheet of its own layout (issue 33). */
  mapping?: ConfirmedMapping;
  /** Set when the job is handed to the runner: what this run does, and who asked it. */
  write?: boolean;
  validOnly?: boolean;
  /** A commit of the rows an earlier commit held (issue 33): only they are read, the rest was written. */
  heldOnly?: boolean;
  actor?: { username: string; fullname: string; roles: string[]; isSuper: boolean };
};

export const importDirOf = (dataDir: string, clientId: number) => join(dataDir, 'files', 'imports', String(clientId));
export function importDir(app: FastifyInstance, clientId: number): string {
  return importDirOf(app.config.dataDir, clientId);
}

const uploadPathOf = (dataDir: string, job: JobRow) => join(importDirOf(dataDir, job.client_id ?? 0), `${job.id}.xlsx`);
const errorsPathOf = (dataDir: string, job: JobRow) => join(importDirOf(dataDir, job.client_id ?? 0), `${job.id}.errors.json`);
export const uploadPath = (app: FastifyInstance, job: JobRow) => uploadPathOf(app.config.dataDir, job);
export const errorsPath = (app: FastifyInstance, job: JobRow) => errorsPathOf(app.config.dataDir, job);

export function maxImportRows(): number {
  // The super administrator's system configuration wins over the environment (issue 5).
  const configured = configuredImportMaxRows();
  if (configured) return configured;
  const n = Number(process.env.IMPORT_MAX_ROWS ?? 100_000);
  return Number.isInteger(n) && n > 0 ? n : 100_000;
}

/** The job's result: the report without the error list (that lives in the errors file). */
export function summaryOf(report: ImportReport, phase: 'check' | 'commit'): Record<string, unknown> {
  const { errors, failedRows, ...rest } = report;
  void errors;
  void failedRows;
  return { ...rest, phase };
}

/**
 * Hands an import job (its upload on the shared data directory) to the job runner (issue 15): a
 * check (write = false) or a write, all-or-nothing unless `validOnly`. Whichever app process claims
 * it first (FOR UPDATE SKIP LOCKED, runner.ts) runs it; if that process dies, another takes it over
 * once the lease runs out and runs it from the start. That is safe because on PostgreSQL a write is
 * ONE transaction (the dead process's rows were never committed) and on the embedded database the
 * new attempt first undoes the dead one's batches from its journal (import-journal.ts). The caller's name and roles go with
 * the job, so the runner applies the same data permissions (read again when it runs).
 */
export async function queueImportJob(db: Db, job: JobRow, auth: AuthContext, options: { write: boolean; validOnly: boolean; heldOnly?: boolean }): Promise<boolean> {
  const patch: Partial<ImportParams> = {
    phase: options.write ? 'commit' : 'check',
    write: options.write,
    validOnly: options.validOnly,
    heldOnly: options.heldOnly === true,
    actor: { username: auth.username, fullname: auth.fullname, roles: auth.roles, isSuper: auth.isSuper },
  };
  // Only from the state the caller saw (queued after the upload, checked before a commit): a second
  // click on "commit" finds the job queued or running already and is refused.
  // A job written with rows held for later (issue 33) is committed again from `done`, for those rows.
  const from = job.status === 'checked' ? sql`status = 'checked'` : options.heldOnly && job.status === 'done' ? sql`status = 'done'` : sql`status = 'queued' and not runner`;
  const r = await sql`update jobs set runner = true, status = 'queued', locked_by = null, lease_until = null, attempts = 0, progress = 0, error = null,
      updated_at = now(), params = params || ${JSON.stringify(patch)}::jsonb
    where id = ${job.id} and client_id = ${job.client_id} and ${from}`.execute(db);
  if (Number(r.numAffectedRows ?? 0) !== 1) return false;
  if (job.user_id) emitJob(job.user_id, { type: 'job', id: job.id, kind: 'import', status: 'queued', progress: 0, total: 0, phase: patch.phase });
  wakeRunners();
  return true;
}

/**
 * The runner's work for an import: outcomes are a file-level problem -> failed with the message;
 * a write that committed -> done; otherwise -> checked, with counts and errors for the preview.
 */
registerJobHandler(
  'import',
  async (job, ctx) => {
    const params = job.params as unknown as ImportParams;
    const write = params.write === true;
    const phase = write ? 'commit' : 'check';
    const clientId = job.client_id!;
    // A dynamic form's records (issue 33) are named by the form's code and written by the form's record writer.
    const form = isDynamicFormImport(params.entity) ? await importForm(ctx.db, clientId, params.entity).catch(() => null) : null;
    // The form was disabled or removed since the upload: the job says so.
    if (isDynamicFormImport(params.entity) && !form) return { status: 'failed', result: null, error: 'dynform.notFound', progress: { progress: 100, total: 100 } };
    const entity = form ? form.entity : requireEntity(params.entity);
    const actor = params.actor ?? { username: '', fullname: '', roles: [], isSuper: false };
    const auth: AuthContext = { userId: job.user_id!, clientId, username: actor.username, fullname: actor.fullname, roles: actor.roles, isSuper: actor.isSuper, sessionId: '', platformId: '', language: params.language, tokenExp: 0 };
    ctx.progress.phase = phase;
    const scope = form ? [] : await dataScope(auth, entity.menuCode, { db: ctx.db });
    // The fixing grid's edits and left-out rows (issue 33); a commit of held rows reads only them.
    const work = write ? await rowWorkOf(ctx.db, clientId, job.id) : null;
    const request: ImportRequest = {
      entity,
      file: uploadPathOf(ctx.dataDir, job),
      fileSize: params.fileSize,
      actor: { clientId, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: null, roles: auth.roles },
      language: params.language,
      mode: params.mode,
      write,
      validOnly: params.validOnly === true,
      maxRows: maxImportRows(),
      scope,
      jobId: job.id,
      ...(params.mapping ? { mapping: params.mapping } : {}),
      ...(work ? { rows: { cells: work.cells, skip: work.skip, only: params.heldOnly ? work.held : null } } : {}),
      onProgress: (_rows, percent) => ctx.progress.report(percent, 100, phase),
    };
    const report = form ? await runDynamicFormImport(ctx.db, request, form) : await runImport(ctx.db, request);
    await mkdir(importDirOf(ctx.dataDir, clientId), { recursive: true });
    await writeFile(errorsPathOf(ctx.dataDir, job), JSON.stringify(report.errors));
    const summary = summaryOf(report, phase);
    const progress = { progress: 100, total: 100 };
    if (report.fatal) return { status: 'failed', result: summary, error: report.fatal.key, progress };
    if (report.committed) Object.assign(summary, await holdFailedRows(ctx.db, job, report, params.heldOnly === true));
    return { status: report.committed ? 'done' : 'checked', result: summary, error: null, progress };
  },
  {
    failure: 'err.internal',
    // The error workbook of a check is written with exceljs.
    prepare: exceljs,
    // Given up after its process died again and again: what its attempts wrote batch by batch goes.
    abandon: async (db, job) => {
      const clientId = job.client_id!;
      const actor = (job.params as unknown as ImportParams).actor;
      await withTenant(db, clientId, (tx) =>
        undoImportRun(tx, clientId, job.id, { clientId, userId: job.user_id ?? 0, username: actor?.username ?? '', fullname: actor?.fullname ?? '', ip: null, roles: actor?.roles ?? [] }),
      );
    },
  },
);

/**
 * After a commit (issue 33): the rows that failed are held in the job for later (a commit of the
 * valid rows only), the others are written; the figures count what every commit of the job wrote.
 */
async function holdFailedRows(db: Db, job: JobRow, report: ImportReport, heldOnly: boolean): Promise<Record<string, unknown>> {
  // The rows with an error, and the lines whose error stands on their order's header row.
  const held = [...new Set([...report.errors.map((e) => e.row), ...(report.failedRows ?? [])])].sort((a, b) => a - b);
  await keepHeldRows(db, job.client_id!, job.id, held);
  const before = heldOnly ? (job.result ?? {}) : {};
  return {
    held: held.length,
    insertedTotal: Number(before.insertedTotal ?? 0) + report.inserted,
    updatedTotal: Number(before.updatedTotal ?? 0) + report.updated,
  };
}

/** A job row for the browser: error keys translated, the upload's parameters kept. */
export function jobView(job: JobRow, language: Language): Record<string, unknown> {
  const result = job.result ?? null;
  const fatal = result && typeof result.fatal === 'object' && result.fatal ? (result.fatal as { key: string; params?: Record<string, unknown> }) : null;
  const errorText = fatal ? translate(language, fatal.key, fatal.params) : job.error ? translate(language, job.error) : null;
  return {
    id: job.id,
    kind: job.kind,
    status: job.status,
    statusText: translate(language, `job.status.${job.status}`),
    title: job.title,
    progress: job.progress,
    total: job.total,
    params: job.params,
    result,
    error: errorText,
    created_at: job.created_at,
    updated_at: job.updated_at,
    finished_at: job.finished_at,
  };
}
