import { describe, expect, it } from 'vitest';
import { applyJobEvent, commitChoice, importStage, isJobEvent, jobFraction, needsReload } from './job-state';
import type { JobView } from './upload-api';

const job = (over: Partial<JobView> = {}): JobView => ({
  id: 7,
  kind: 'import',
  status: 'running',
  statusText: '执行中',
  title: 'x',
  progress: 0,
  total: 100,
  params: { entity: 'vendor', phase: 'check' },
  result: null,
  error: null,
  created_at: '',
  updated_at: '',
  finished_at: null,
  ...over,
});

describe('job progress in the browser', () => {
  it('recognises socket job events only', () => {
    expect(isJobEvent({ type: 'job', id: 1, status: 'running', progress: 1, total: 2 })).toBe(true);
    expect(isJobEvent({ type: 'notifyto2', id: 1 })).toBe(false);
    expect(isJobEvent(null)).toBe(false);
  });

  it('turns import percent and export rows into a fraction; finished jobs are full', () => {
    expect(jobFraction(job({ progress: 40, total: 100 }))).toBe(0.4);
    expect(jobFraction(job({ kind: 'export', progress: 3000, total: 12000 }))).toBe(0.25);
    expect(jobFraction(job({ progress: 5, total: 0 }))).toBe(0);
    expect(jobFraction(job({ status: 'checked', progress: 0, total: 0 }))).toBe(1);
    expect(jobFraction(job({ progress: 150, total: 100 }))).toBe(1);
  });

  it('moves a job by its own events, and reads it again when it ends', () => {
    const j = job();
    const moved = applyJobEvent(j, { type: 'job', id: 7, kind: 'import', status: 'running', progress: 55, total: 100, phase: 'commit' });
    expect(moved).toMatchObject({ progress: 55, params: { phase: 'commit' } });
    expect(applyJobEvent(j, { type: 'job', id: 8, kind: 'import', status: 'done', progress: 100, total: 100 })).toBe(j);
    expect(needsReload(j, { type: 'job', id: 7, kind: 'import', status: 'checked', progress: 100, total: 100 })).toBe(true);
    expect(needsReload(j, { type: 'job', id: 7, kind: 'import', status: 'running', progress: 60, total: 100 })).toBe(false);
  });

  it('maps statuses to the import page stages', () => {
    expect(importStage(null)).toBe('idle');
    expect(importStage(job({ status: 'queued' }))).toBe('working');
    expect(importStage(job({ status: 'checked' }))).toBe('preview');
    expect(importStage(job({ status: 'done' }))).toBe('done');
    expect(importStage(job({ status: 'failed' }))).toBe('failed');
  });

  it('offers the commit the server accepts: all-or-nothing only without errors', () => {
    expect(commitChoice({ valid: 5, invalid: 0, errorCount: 0 }, false)).toEqual({ allowed: true, reason: null });
    expect(commitChoice({ valid: 4, invalid: 1, errorCount: 2 }, false)).toEqual({ allowed: false, reason: 'errors' });
    expect(commitChoice({ valid: 4, invalid: 1, errorCount: 2 }, true)).toEqual({ allowed: true, reason: null });
    expect(commitChoice({ valid: 0, invalid: 3, errorCount: 3 }, true)).toEqual({ allowed: false, reason: 'nothing' });
  });
});
