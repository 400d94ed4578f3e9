import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * Background jobs run by any app process (issue 15 "More than one process"): a job queued for the
 * job runner (`runner`) is claimed by one process with `FOR UPDATE SKIP LOCKED`, which writes its
 * name in `locked_by` and keeps `lease_until` in the future while it works (the heartbeat). A job
 * whose lease ran out belongs to a process that died: another process claims it again
 * (`attempts` counts the claims). Jobs run in the process that created them (imports) keep
 * `runner = false` and are untouched by the runner.
 */
export const jobsLease0900: Migration = {
  id: '20261127_0900_jobs_lease',
  up: (db) =>
    execStatements(
      db,
      `
alter table jobs add column runner boolean not null default false;
alter table jobs add column locked_by text;
alter table jobs add column lease_until timestamptz;
alter table jobs add column attempts integer not null default 0;
create index jobs_runner_idx on jobs (id) where runner and status in ('queued', 'running')
`,
    ),
};
