import { getEntity, type EntityDef, type Label } from '../../model/entity';
import { labelIn } from '../../model/label-text';

/** Names a field error's key for a message: the field's label, or null when the key is unknown. */
export type FieldLabeller = (key: string) => string | null;

const CHILD_KEY = /^(\w+)\[(\d+)\]\.(\w+)$/;

/**
 * The labels of the fields a call's errors name, from the registry entity its path writes
 * (`/<prefix>/<entity>/save`, `/<prefix>/<entity>/action/<name>`): header fields, an action's
 * parameters, and child rows (`entries[2].qty` -> "明细 第3行 数量"). Other paths label nothing.
 */
export function labellerForPath(path: string, language: string): FieldLabeller {
  const pick = (l: Label) => labelIn(l, language);
  const parts = path.replace(/^\/api\//, '/').split('?')[0].split('/').filter(Boolean);
  const entity: EntityDef | undefined = parts.length >= 3 ? getEntity(parts[1]) : undefined;
  if (!entity) return () => null;
  const action = parts[2] === 'action' ? parts[3] : undefined;
  const params = action ? (entity.states?.transitions.find((t) => t.action === action)?.params ?? []) : [];
  const own = (e: EntityDef, key: string) => e.fields.find((f) => f.key === key)?.label;
  return (key) => {
    const p = params.find((f) => f.key === key)?.label ?? own(entity, key);
    if (p) return pick(p);
    const m = CHILD_KEY.exec(key);
    if (!m) return null;
    const child = entity.children?.find((c) => c.key === m[1]);
    const childEntity = child ? getEntity(child.entity) : undefined;
    const field = childEntity ? own(childEntity, m[3]) : undefined;
    if (!child || !field) return null;
    const row = Number(m[2]) + 1;
    return language === 'en' ? `${child.label.en} row ${row} ${field.en}` : `${child.label.zh} 第${row}行 ${field.zh}`;
  };
}
