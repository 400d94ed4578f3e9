import { sql } from 'kysely';
import { getDictionary, getEntity, systemColumn, translate, type EntityDef, type FieldDef, type Language } from '../../../model';
import type { Db } from '../../db/database';
import { labelIn } from '../../../model/label-text';

/**
 * The audit log as people read it (issue 21: the audit showed `vendor_type: garment`,
 * `pending → in_progress`, `accept`, `$job`, `allocationversion #2`): the record type's name, the
 * document's number or title, the action's name (a state-machine action's label, a base action's
 * word), each field's label and each value's label (a state, a dictionary item, yes/no). Stored rows
 * keep the codes; this only reads.
 */
export type AuditChange = { field: string; old: unknown; new: unknown };
export type AuditRowIn = { id: number; client_id?: unknown; entity: string; record_id: number | null; action: string; changes: unknown; [k: string]: unknown };
export type PresentedChange = AuditChange & { label: string; old_text: string | null; new_text: string | null };


function fieldOf(entity: EntityDef | undefined, key: string): { field: FieldDef | undefined; label: string | null; entity: EntityDef | undefined } {
  if (!entity) return { field: undefined, label: null, entity };
  const m = /^(\w+)\[#(\d+)\]\.(\w+)$/.exec(key);
  if (m) {
    const child = entity.children?.find((c) => c.key === m[1]);
    const childEntity = child ? getEntity(child.entity) : undefined;
    const field = childEntity?.fields.find((f) => f.key === m[3]);
    return { field, entity: childEntity, label: child && field ? `${labelIn(child.label, 'zh-CN')}|${labelIn(child.label, 'en')}|${m[2]}` : null };
  }
  return { field: entity.fields.find((f) => f.key === key), label: null, entity };
}

/** A stored value as its label: a state's, a dictionary item's, yes/no; otherwise as it is. */
export function valueText(entity: EntityDef | undefined, field: FieldDef | undefined, value: unknown, language: Language): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return translate(language, value ? 'engine.yes' : 'engine.no');
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  if (!field) return text;
  if (entity?.states?.field === field.key) {
    const s = entity.states.states.find((x) => x.code === text);
    if (s) return labelIn(s.label, language);
  }
  const dict = field.dict ? getDictionary(field.dict) : undefined;
  if (dict) {
    const parts = field.type === 'multidict' ? text.split(',') : [text];
    return parts.map((p) => dict.items.find((i) => i.value === p) ?? null).every(Boolean)
      ? parts.map((p) => labelIn(dict.items.find((i) => i.value === p)!.label, language)).join(',')
      : text;
  }
  return text;
}

function changeLabel(entity: EntityDef | undefined, key: string, language: Language): string {
  if (key.startsWith('$')) return translate(language, `audit.field.${key}`);
  const { field, label } = fieldOf(entity, key);
  if (label) {
    const [zh, en, id] = label.split('|');
    return `${language === 'en' ? en : zh} #${id} ${field ? labelIn(field.label, language) : key}`;
  }
  if (field) return labelIn(field.label, language);
  // A removal records the system columns too (created by, created at...).
  const system = entity ? systemColumn(key) : undefined;
  return system ? labelIn(system.label, language) : key;
}

function actionLabel(entity: EntityDef | undefined, action: string, language: Language): string {
  const t = entity?.states?.transitions.find((x) => x.action === action);
  if (t) return labelIn(t.label, language);
  const own = translate(language, `audit.${action}`);
  if (own !== `audit.${action}`) return own;
  const admin = translate(language, `adminui.auditAction.${action}`);
  if (admin !== `adminui.auditAction.${action}`) return admin;
  // Another company's step on a shared document (`maker-rejected`): the state it reached.
  const m = /^\w+-(\w+)$/.exec(action);
  const state = m ? entity?.states?.states.find((s) => s.code === m[1]) : undefined;
  return state ? labelIn(state.label, language) : action;
}

/** The numbers or titles of the records the rows name, each read in its row's company (one query per type and company). */
async function recordTitles(tx: Db, rows: AuditRowIn[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const byEntity = new Map<string, Set<number>>();
  for (const r of rows) if (r.record_id && r.client_id) byEntity.set(`${r.entity}:${String(r.client_id)}`, (byEntity.get(`${r.entity}:${String(r.client_id)}`) ?? new Set()).add(Number(r.record_id)));
  for (const [key, ids] of byEntity) {
    const [name, clientId] = key.split(':');
    const entity = getEntity(name);
    // A view's table (the companies) is the platform's, not a company's records: no title read here.
    if (!entity || entity.childOnly || entity.view) continue;
    const numberField = entity.numbering?.field ?? entity.codeField;
    const cols = [...new Set([numberField, entity.titleField].filter((c): c is string => Boolean(c) && entity.fields.some((f) => f.key === c)))];
    if (!cols.length) continue;
    const found = await sql<Record<string, unknown>>`select id, ${sql.join(cols.map((c) => sql.id(c)))} from ${sql.table(entity.table)}
      where client_id = ${Number(clientId)} and id in (${sql.join([...ids])})`.execute(tx);
    for (const r of found.rows) {
      const parts = cols.map((c) => r[c]).filter((v) => v !== null && v !== undefined && v !== '').map(String);
      if (parts.length) out.set(`${name}:${String(r.id)}`, [...new Set(parts)].join(' '));
    }
  }
  return out;
}

/** One change as a line: field old -> new, by their labels (∅ for no value). Pure. */
export function changeText(c: PresentedChange): string {
  const text = c.old === null || c.old === undefined ? `${c.label}：${c.new_text ?? '∅'}` : `${c.label}：${c.old_text ?? '∅'} → ${c.new_text ?? '∅'}`;
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

/**
 * The rows in words, in the reader's language: the record type's name, the record's number or
 * title, the action's name, each change with its field's and values' labels (`changes`), and the
 * changes as lines of text (`changes_text`). The stored codes stay beside them.
 */
export async function presentAudit(tx: Db, rows: AuditRowIn[], language: Language) {
  const titles = await recordTitles(tx, rows);
  return rows.map((r) => {
    const entity = getEntity(r.entity);
    const changes = (Array.isArray(r.changes) ? (r.changes as AuditChange[]) : []).map((c): PresentedChange => {
      const { field, entity: owner } = c.field.startsWith('$') ? { field: undefined, entity: undefined } : fieldOf(entity, c.field);
      return { ...c, label: changeLabel(entity, c.field, language), old_text: valueText(owner, field, c.old, language), new_text: valueText(owner, field, c.new, language) };
    });
    return {
      ...r,
      entity_label: entity ? labelIn(entity.label, language) : r.entity,
      record_title: r.record_id ? (titles.get(`${r.entity}:${String(r.record_id)}`) ?? null) : null,
      action_label: actionLabel(entity, r.action, language),
      changes,
      changes_text: changes.map(changeText).join('；\n'),
    };
  });
}
