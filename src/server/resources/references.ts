import { getEntity, isReferenceType, type FieldDef } from '../../model';

/**
 * Where a reference field's target rows live. Registry entities resolve to their table; `user`
 * is the platform's users table (positions and line members point at users), tenant-scoped by
 * its client_id like every business table.
 */
export type RefTarget = { table: string; labelColumn: string; codeColumn: string | null; label: { zh: string; en: string } };

const SYSTEM_TARGETS: Record<string, RefTarget> = {
  user: { table: 'users', labelColumn: 'fullname', codeColumn: 'username', label: { zh: '用户', en: 'User' } },
};

export function refTarget(field: FieldDef): RefTarget | null {
  if (!field.ref) return null;
  const entity = getEntity(field.ref.entity);
  if (entity) return { table: entity.table, labelColumn: field.ref.labelField, codeColumn: field.ref.codeField ?? entity.codeField ?? null, label: entity.label };
  return SYSTEM_TARGETS[field.ref.entity] ?? null;
}

export function isRefField(field: FieldDef): boolean {
  return isReferenceType(field.type);
}
