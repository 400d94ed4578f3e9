/** Background jobs of imports and exports (issue 4). main.ts calls failInterruptedJobs at start-up. */
export { createJob, emitJob, failInterruptedJobs, findJob, finishJob, JobProgress, listJobs, markRunning, runDetached, type JobEvent, type JobKind, type JobOwner, type JobRow, type JobStatus } from './jobs.service';
export { claimJob, completeJob, enqueueJob, installJobRunner, JobRunner, MAX_ATTEMPTS, registerJobHandler, renewLease, wakeRunners, type JobContext, type JobHandler, type JobOutcome, type RunnerJobRow } from './runner';
