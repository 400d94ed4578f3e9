import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { requireEntity, translate, type Language } from '../../../model';
import type { AuthContext } from '../../access/auth-context';
import { dataScope } from '../../resources/permissions';
import { finishJob, JobProgress, markRunning, runDetached, type JobRow } from '../jobs';
import { runImport, type ImportMode, type ImportReport } from './import.service';
import { configuredImportMaxRows } from '../admin/sys-settings.service';

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
};

export function importDir(app: FastifyInstance, clientId: number): string {
  return join(app.config.dataDir, 'files', 'imports', String(clientId));
}

export const uploadPath = (app: FastifyInstance, job: JobRow) => join(importDir(app, job.client_id ?? 0), `${job.id}.xlsx`);
export const errorsPath = (app: FastifyInstance, job: JobRow) => join(importDir(app, job.client_id ?? 0), `${job.id}.errors.json`);

export function maxImportRows(): number {
  // The super administrator's system configuration wins over the environment (issue 5).
  const configured = configuredImportMaxRows();
  if (configured) return configured;
  const n = Number(process.env.IMPORT_MAX_ROWS ?? 100_000);
  return Number.isInteger(n) && n > 0 ? n : 100_000;
}

/** The job's result: the report without the error list (that lives in the errors file). */
export function summaryOf(report: ImportReport, phase: 'check' | 'commit'): Record<string, unknown> {
  const { errors, ...rest } = report;
  void errors;
  return { ...rest, phase };
}

/**
 * Runs an import job in the background: a check (write = false) or a write, all-or-nothing unless
 * `validOnly`. Outcomes: a file-level problem -> failed with the message; a write that committed
 * -> done; otherwise -> checked, with counts and errors for the preview.
 */
export function startImportJob(app: FastifyInstance, job: JobRow, auth: AuthContext, options: { write: boolean; validOnly: boolean }): void {
  const params = job.params as unknown as ImportParams;
  const phase = options.write ? 'commit' : 'check';
  runDetached(
    async () => {
      await markRunning(app.db, job, phase);
      const entity = requireEntity(params.entity);
      const progress = new JobProgress(app.db, job);
      progress.phase = phase;
      const scope = await dataScope(auth, entity.menuCode, { db: app.db });
      const report = await runImport(app.db, {
        entity,
        file: uploadPath(app, job),
        fileSize: params.fileSize,
        actor: { clientId: job.client_id!, userId: auth.userId, username: auth.username, fullname: auth.fullname, ip: null, roles: auth.roles },
        language: params.language,
        mode: params.mode,
        write: options.write,
        validOnly: options.validOnly,
        maxRows: maxImportRows(),
        scope,
        jobId: job.id,
        onProgress: (_rows, percent) => progress.report(percent, 100),
      });
      await progress.settle();
      await mkdir(importDir(app, job.client_id ?? 0), { recursive: true });
      await writeFile(errorsPath(app, job), JSON.stringify(report.errors));
      const summary = summaryOf(report, phase);
      if (report.fatal) await finishJob(app.db, job, 'failed', summary, report.fatal.key, { progress: 100, total: 100 });
      else if (report.committed) await finishJob(app.db, job, 'done', summary, null, { progress: 100, total: 100 });
      else await finishJob(app.db, job, 'checked', summary, null, { progress: 100, total: 100 });
    },
    async (error) => {
      app.log.error({ err: error, job: job.id }, 'import job failed');
      await finishJob(app.db, job, 'failed', { phase }, 'err.internal');
    },
  );
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
