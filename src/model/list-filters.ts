import { getDictionary } from './dictionaries';
import type { EntityDef, Label } from './entity';
import type { StatusTab } from './page';

/**
 * A list opened from a figure (a drill-down) carries the figure's exact question as `f.<field>.<op>`
 * filters (issue 29). These read them for the person: each filter as a removable chip in words,
 * and the state tab that agrees with them, so the list's count is the figure's. Pure.
 */

export type FilterChip = { key: string; field: string; op: string; text: Label };

const OPS: Record<string, Label> = {
  eq: { zh: '=', en: '=' },
  ne: { zh: '≠', en: '≠' },
  lt: { zh: '早于/小于', en: '<' },
  lte: { zh: '≤', en: '≤' },
  gt: { zh: '晚于/大于', en: '>' },
  gte: { zh: '≥', en: '≥' },
  like: { zh: '包含', en: 'contains' },
  in: { zh: '属于', en: 'in' },
  between: { zh: '介于', en: 'between' },
  null: { zh: '为空', en: 'is empty' },
  notnull: { zh: '不为空', en: 'is not empty' },
};

/** The filter keys of a query (`f.<field>.<op>`), split; null for any other key. */
export function parseFilterKey(key: string): { field: string; op: string } | null {
  const m = /^f\.([A-Za-z_][\w]*)\.([a-z]+)$/.exec(key);
  return m && OPS[m[2]] ? { field: m[1], op: m[2] } : null;
}

function valueText(entity: EntityDef, field: string, op: string, value: string, lang: 'zh' | 'en'): string {
  if (op === 'null' || op === 'notnull') return '';
  const f = entity.fields.find((x) => x.key === field);
  const dict = f?.dict ? getDictionary(f.dict) : undefined;
  const one = (v: string) => {
    const item = dict?.items.find((i) => i.value === v);
    if (item) return item.label[lang];
    if (f?.type === 'boolean') return v === 'true' || v === '1' ? (lang === 'zh' ? '是' : 'yes') : lang === 'zh' ? '否' : 'no';
    return v;
  };
  if (op === 'between') return value.split(',').map(one).join(' ~ ');
  if (op === 'in') return value.split(',').map(one).join(lang === 'zh' ? '、' : ', ');
  return one(value);
}

/** The chips of a list's filters, in words of both languages (unknown fields show their key). */
export function filterChips(entity: EntityDef, filters: Record<string, string>): FilterChip[] {
  const out: FilterChip[] = [];
  for (const [key, value] of Object.entries(filters)) {
    const k = parseFilterKey(key);
    if (!k) continue;
    const f = entity.fields.find((x) => x.key === k.field);
    const label = f?.label ?? { zh: k.field, en: k.field };
    const text = (lang: 'zh' | 'en') => [label[lang], OPS[k.op][lang], valueText(entity, k.field, k.op, value, lang)].filter(Boolean).join(' ');
    out.push({ key, field: k.field, op: k.op, text: { zh: text('zh'), en: text('en') } });
  }
  return out;
}

/**
 * The state tab a list opened with filters (a drill-down) opens on, so that its rows are exactly the
 * filters' rows: the tab of exactly the state the filters name, else the tab without a state filter
 * ("all"), else '' (no tab: the filters alone decide); null without filters (the list keeps its first
 * tab). A drilled "in progress" figure must not open on "pending" with no rows, nor late plans on a
 * "to schedule" tab that holds none of them.
 */
export function tabForFilters(tabs: StatusTab[], stateField: string | undefined, filters: Record<string, string>): string | null {
  if (!tabs.length || !Object.keys(filters).some((k) => parseFilterKey(k))) return null;
  const eq = stateField ? filters[`f.${stateField}.eq`] : undefined;
  const exact = eq !== undefined ? tabs.find((t) => Object.keys(t.filter).length === 1 && String(t.filter[stateField!]) === eq) : undefined;
  return (exact ?? tabs.find((t) => Object.keys(t.filter).length === 0))?.key ?? '';
}
