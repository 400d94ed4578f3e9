import type { JobStatus, JobView } from './upload-api';

/**
 * Pure rules of how a job looks in the browser: its progress as a fraction, whether it is still
 * moving, and how a socket `job` event (src/server/services/jobs JobEvent) updates a job row.
 */

/** A socket `message` of type `job`: what the server emits while a job runs and when it ends. */
export type JobEvent = { type: 'job'; id: number; kind: 'import' | 'export'; status: JobStatus; progress: number; total: number; phase?: string; result?: JobView['result']; error?: string | null };

export function isJobEvent(message: unknown): message is JobEvent {
  if (!message || typeof message !== 'object') return false;
  const m = message as Record<string, unknown>;
  return m.type === 'job' && typeof m.id === 'number' && typeof m.status === 'string';
}

export const isActive = (status: JobStatus) => status === 'queued' || status === 'running';

/**
 * Progress 0..1. An import reports percent of the file read (total 100), an export rows written
 * of rows to write; a finished job is full, a queued one empty.
 */
export function jobFraction(job: Pick<JobView, 'status' | 'progress' | 'total'>): number {
  if (job.status === 'done' || job.status === 'checked') return 1;
  if (job.total <= 0) return 0;
  return Math.max(0, Math.min(1, job.progress / job.total));
}

/**
 * A job row after a socket event. Progress events only move the bar (the statusText and the
 * translated error come with the job re-read when the status changes, see `needsReload`).
 */
export function applyJobEvent(job: JobView, event: JobEvent): JobView {
  if (event.id !== job.id) return job;
  return {
    ...job,
    status: event.status,
    progress: event.progress,
    total: event.total,
    result: event.result !== undefined ? event.result : job.result,
    params: event.phase ? { ...job.params, phase: event.phase } : job.params,
  };
}

/** Whether an event ends a state the page shows in full (then the job is read again, translated). */
export function needsReload(job: JobView, event: JobEvent): boolean {
  return event.id === job.id && event.status !== job.status && !isActive(event.status);
}

export type StatusColor = 'informative' | 'brand' | 'warning' | 'success' | 'danger';
export const STATUS_COLOR: Record<JobStatus, StatusColor> = { queued: 'informative', running: 'brand', checked: 'warning', done: 'success', failed: 'danger' };

/** What the import page shows for a job: uploading, working, the preview, the result, or a failure. */
export type ImportStage = 'idle' | 'working' | 'preview' | 'done' | 'failed';

export function importStage(job: JobView | null): ImportStage {
  if (!job) return 'idle';
  if (isActive(job.status)) return 'working';
  if (job.status === 'checked') return 'preview';
  if (job.status === 'done') return 'done';
  return 'failed';
}

/**
 * What the preview lets the user commit (the server checks the same): nothing when no row is
 * valid; all-or-nothing only when there is no error; "valid rows only" when some are valid.
 */
export function commitChoice(result: JobView['result'], validOnly: boolean): { allowed: boolean; reason: 'nothing' | 'errors' | null } {
  const valid = Number(result?.valid ?? 0);
  const errors = Number(result?.errorCount ?? result?.invalid ?? 0);
  if (valid === 0) return { allowed: false, reason: 'nothing' };
  if (!validOnly && errors > 0) return { allowed: false, reason: 'errors' };
  return { allowed: true, reason: null };
}
