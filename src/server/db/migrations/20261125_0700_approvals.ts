import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * Approval flows at run time (issue 14, src/server/services/approvals): one instance per submission of
 * a document, the tasks of its approvers (spec 7 task states 10 in progress, 30 completed; 40 cancelled
 * when a node is left by another decision) and the history of every step. Every row carries the
 * tenant's client_id and every statement filters by it. One running instance per document
 * (partial unique index); one open task per user and node round, and a decision counts only while its
 * task is still open (`update ... where status = 10`), so of concurrent decisions on one step exactly
 * one counts.
 */
export const approvals0700: Migration = {
  id: '20261125_0700_approvals',
  up: (db) =>
    execStatements(
      db,
      `
create table wf_instance (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  process_id bigint not null,
  process_code text not null,
  process_name text not null,
  definition jsonb not null,
  entity text not null,
  record_id bigint not null,
  doc_no text,
  status text not null,
  node_seq integer,
  round integer not null default 0,
  initiator_id integer not null,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create unique index wf_instance_running_uq on wf_instance (client_id, entity, record_id) where status = 'running';
create index wf_instance_record_idx on wf_instance (client_id, entity, record_id);
create table wf_task (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  instance_id integer not null references wf_instance(id) on delete cascade,
  node_seq integer not null,
  round integer not null,
  user_id integer not null,
  status smallint not null default 10,
  decision text,
  comment text,
  inserted_by integer,
  created_at timestamptz not null default now(),
  decided_at timestamptz
);
create unique index wf_task_open_uq on wf_task (instance_id, round, user_id) where status = 10;
create index wf_task_user_idx on wf_task (client_id, user_id, status);
create table wf_history (
  id serial primary key,
  client_id integer not null references clients(id) on delete cascade,
  instance_id integer not null references wf_instance(id) on delete cascade,
  node_seq integer,
  node_name text,
  user_id integer not null,
  action text not null,
  comment text,
  target_seq integer,
  created_at timestamptz not null default now()
);
create index wf_history_instance_idx on wf_history (client_id, instance_id, id)
`,
    ),
};
