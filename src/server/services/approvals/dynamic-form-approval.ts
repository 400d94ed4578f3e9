import { sql, type RawBuilder } from 'kysely';
import { APPROVAL_STATUS_FIELD } from '../../../model';
import { RECORD_APPROVAL_FIELDS } from '../../../model/dynamic-form-approval';
import type { Db } from '../../db/database';
import { AppError } from '../../http/errors';
import { writeAudit } from '../../kernel/audit/audit.service';
import type { WriteActor } from '../../resources/save-hooks';

/**
 * The record side of a dynamic form's approval (issue 35). The approvals service submits and decides
 * a record's flow like any document's (approval.service.ts resolves a form's code to its runtime
 * entity); here is what the form's own record writer must know: a record in a flow whose node does
 * not allow edits is neither saved nor removed (`wf.inFlow`, as the document writer refuses), and a
 * person's change of an approved record voids its approval (audited `wf_reset`), as it does for a
 * registry document.
 */

/** The records' approval columns as their derived table selects them (alias `r`): columns, not JSON keys. */
export const recordApprovalColumns: RawBuilder<unknown> = sql.join(RECORD_APPROVAL_FIELDS.map((c) => sql.ref(`r.${c}`)));

/** Whether a key of a form's entity is one of the record's approval columns. */
export const isRecordApprovalField = (key: string): boolean => RECORD_APPROVAL_FIELDS.includes(key);

/** A record a running flow holds read-only (its node does not allow edits) is refused, as a document's save is. */
export function assertRecordWritable(row: { approval_status?: unknown; approval_editable?: unknown }): void {
  if (row.approval_status === 'running' && row.approval_editable !== true) throw new AppError('wf.inFlow');
}

/** Removal: a record in a running flow is refused whatever its node allows (as a document's remove is). */
export function assertRecordRemovable(row: { approval_status?: unknown }): void {
  if (row.approval_status === 'running') throw new AppError('wf.inFlow');
}

/**
 * An approved record a person changed is approved no longer: its approval columns are emptied (part
 * of the save that changed it) and the change is audited as `wf_reset` under the form's code, where
 * the flow's own audit rows are.
 */
export async function voidApprovalOnChange(tx: Db, actor: WriteActor, formCode: string, recordId: number, beforeStatus: unknown, changed: boolean): Promise<void> {
  if (beforeStatus !== 'approved' || !changed) return;
  await sql`update dyn_form_record set approval_status = null, approval_editable = null, approval_approver = null
    where client_id = ${actor.clientId} and id = ${recordId}`.execute(tx);
  await writeAudit(tx, actor, formCode, recordId, 'wf_reset', [{ field: APPROVAL_STATUS_FIELD, old: 'approved', new: null }]);
}
