import { APPROVAL_APPROVER_FIELD, APPROVAL_EDITABLE_FIELD, APPROVAL_STATUS_FIELD, getEntity, withApprovalField, type EntityDef } from './entity';
import { resolvePage, type ResolvedPage } from './page-resolve';

/**
 * Dynamic-form records approved through a flow (issue 35): a company's form may name one of its
 * process definitions (`dynform.process_id`); its records are then submitted into that process like
 * any document that declares `approval` (submit from any state, no gated action), so the registry's
 * drawer offers the submission and the decisions, shows the flow and opens a record in a running
 * flow read-only. The approval columns are the records' own (`dyn_form_record.approval_status`,
 * `approval_editable`, `approval_approver`), not keys of their JSON.
 */

/** The columns of a record that hold its approval, never keys of its data. */
export const RECORD_APPROVAL_FIELDS: readonly string[] = [APPROVAL_STATUS_FIELD, APPROVAL_EDITABLE_FIELD, APPROVAL_APPROVER_FIELD];

/**
 * A form's runtime entity with the flow its form names (none: the entity as it is).
 *
 * Example: `withFormApproval(dynamicEntity(form, def), 'QC_APPROVAL')` declares
 * `approval: { process: 'QC_APPROVAL', submitFrom: [] }` and adds the approval fields.
 */
export function withFormApproval(entity: EntityDef, process: string | null | undefined): EntityDef {
  if (!process || entity.approval) return entity;
  // No state machine: a record may be submitted whenever it is not in a flow or approved (the service checks).
  return withApprovalField({ ...entity, approval: { process, submitFrom: [] } });
}

/** A form's resolved page with the flow its form names: the entity declares it, and the list shows the approval state. */
export function withFormApprovalPage(resolved: ResolvedPage, process: string | null | undefined): ResolvedPage {
  const entity = withFormApproval(resolved.entity, process);
  if (entity === resolved.entity) return resolved;
  const lookup = (name: string) => (name === entity.name ? entity : getEntity(name));
  const [status] = resolvePage({ ...resolved.page, columns: [APPROVAL_STATUS_FIELD], form: [{ modelName: 'approval', form: [] }] }, lookup).columns;
  const last = resolved.columns.filter((c) => c.field === 'updated_at');
  return { ...resolved, entity, columns: [...resolved.columns.filter((c) => c.field !== 'updated_at'), status, ...last] };
}
