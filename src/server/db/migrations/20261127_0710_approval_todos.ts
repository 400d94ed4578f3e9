import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * Approval tasks in the to-do list (issue 14): each approver's open approval task also gets a task of
 * the notify-msg task calls (spec 7 my-task-list, states 10 and 30), linked here so that the
 * approval's decision (or a decision that leaves the node) completes it.
 */
export const approvalTodos0710: Migration = {
  id: '20261127_0710_approval_todos',
  up: (db) => execStatements(db, `alter table wf_task add column notify_task_id integer`),
};
