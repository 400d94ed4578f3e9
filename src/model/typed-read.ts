import type { EntityDef } from './entity';
import { FIELD_TYPE_TABLE } from './field-types';

/** The system columns of every entity's table that hold whole numbers. */
const SYSTEM_NUMBERS = ['id', 'version', 'created_by', 'updated_by'] as const;

/** A literal declared default (a token such as `$$NOW$$` is the writer's to fill, never a read's). */
const literalDefault = (d: unknown): unknown => (typeof d === 'string' && d.startsWith('$$') ? undefined : d);

/**
 * A stored row of an entity read as its declaration says (a service answering its own row type, a
 * form reading its values): each declared field through its type's coercion (numbers from numeric
 * text, JSON text parsed, a timestamp as ISO text; '' or a value its type refuses is empty), an
 * empty or missing field as `empty` gives it, else as its literal declared default, else null; the
 * system ids as numbers. Only those keys are read: a column the entity does not declare (a joined
 * name, a joined row) is the caller's to add, so nothing else of the row leaves the server by
 * accident. `T` is the row type the caller reads.
 */
export function readTyped<T extends object>(entity: EntityDef, row: Record<string, unknown>, empty: Partial<T> = {}): T {
  const out: Record<string, unknown> = {};
  const fallback = empty as Record<string, unknown>;
  for (const key of SYSTEM_NUMBERS) if (key in row) out[key] = row[key] === null || row[key] === undefined ? null : Number(row[key]);
  for (const f of entity.fields) {
    const read = FIELD_TYPE_TABLE[f.type].coerce(row[f.key]);
    out[f.key] = (read.ok ? read.value : null) ?? fallback[f.key] ?? literalDefault(f.default) ?? null;
  }
  return out as T;
}
