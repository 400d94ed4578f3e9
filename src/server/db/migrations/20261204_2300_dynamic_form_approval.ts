import type { Migration } from '../migrate';
import { execStatements } from '../migrate';

/**
 * Dynamic-form records approved through a flow (issue 35, services/approvals/dynamic-form-approval.ts):
 * a record carries its approval as columns of its own, as every document that declares `approval`
 * does (the approvals service keeps them): the approval status (running, approved, rejected), whether
 * the flow's current node allows edits, and who must decide now. The form names its process in the
 * registry table `dyn_form` (`process_id`, added by the registry's schema sync).
 */
export const dynamicFormApproval2300: Migration = {
  id: '20261204_2300_dynamic_form_approval',
  up: (db) =>
    execStatements(
      db,
      `
alter table dyn_form_record add column if not exists approval_status text;
alter table dyn_form_record add column if not exists approval_editable boolean;
alter table dyn_form_record add column if not exists approval_approver text
`,
    ),
};
