import { sql, type RawBuilder } from 'kysely';
import { RECORD_APPROVAL_FIELDS } from '../../../model/dynamic-form-approval';

/**
 * The record side of a dynamic form's approval (issue 35). The approvals service submits and decides
 * a record's flow like any document's (approval.service.ts resolves a form's code to its runtime
 * entity, and its save hook `flowGuard` holds a record in a flow and voids a changed approval, as
 * for every document); the record's approval is columns of its row, not keys of its JSON.
 */
/** The records' approval columns as their derived table selects them (alias `r`): columns, not JSON keys. */
export const recordApprovalColumns: RawBuilder<unknown> = sql.join(RECORD_APPROVAL_FIELDS.map((c) => sql.ref(`r.${c}`)));

/** Whether a key of a form's entity is one of the record's approval columns. */
export const isRecordApprovalField = (key: string): boolean => RECORD_APPROVAL_FIELDS.includes(key);
