import type { ColumnFilterKind, ResolvedColumn } from '../../model/page-resolve';
import type { CombinedFilterModel, FilterModel, SetFilterModel, SimpleFilterModel } from './filter-params';
import { labelIn } from '../../model/label-text';

/**
 * "Filter by this value" and "exclude this value" from a list cell (issue 32), and the text of an
 * active filter for the bar over the grid. Pure: the cell's menu and the bar render what these say.
 */
export type CellFilterMode = 'only' | 'exclude';
type Column = Pick<ResolvedColumn, 'field' | 'filter' | 'fieldType' | 'renderer' | 'options' | 'label'>;

const isEmpty = (v: unknown) => v === null || v === undefined || v === '';
const isDatetime = (col: Column) => col.fieldType === 'datetime' || col.renderer === 'datetime';
const dayOf = (v: unknown) => /^(\d{4}-\d{2}-\d{2})/.exec(String(v))?.[1] ?? null;

/** An empty cell of a text, number or date column: its filter is "empty" or "not empty". */
function blankModel(filterType: 'text' | 'number' | 'date', mode: CellFilterMode): SimpleFilterModel {
  return { filterType, type: mode === 'only' ? 'blank' : 'notBlank' } as SimpleFilterModel;
}

/**
 * The column filter of a cell's value, per filter kind (STYLE habit 2); null when that column
 * cannot say it (no filter; an empty cell of a set column; "not on this day" of a date and time).
 */
const BY_KIND: Record<Exclude<ColumnFilterKind, null>, (col: Column, v: unknown, mode: CellFilterMode) => SimpleFilterModel | null> = {
  text: (_col, v, mode) => (isEmpty(v) ? blankModel('text', mode) : { filterType: 'text', type: mode === 'only' ? 'equals' : 'notEqual', filter: String(v) }),
  number: (_col, v, mode) => {
    if (isEmpty(v)) return blankModel('number', mode);
    const n = Number(v);
    return Number.isFinite(n) ? { filterType: 'number', type: mode === 'only' ? 'equals' : 'notEqual', filter: n } : null;
  },
  date: (col, v, mode) => {
    if (isEmpty(v)) return blankModel('date', mode);
    const day = dayOf(v);
    if (!day || (mode === 'exclude' && isDatetime(col))) return null;
    return { filterType: 'date', type: mode === 'only' ? 'equals' : 'notEqual', dateFrom: `${day} 00:00:00`, dateTo: null };
  },
  set: (_col, v, mode) => setModel(v, mode),
  boolean: (_col, v, mode) => setModel(v, mode),
  reference: (_col, v, mode) => setModel(v, mode),
};

function setModel(v: unknown, mode: CellFilterMode): SetFilterModel | null {
  if (isEmpty(v)) return null;
  return { filterType: 'set', values: [String(v)], ...(mode === 'exclude' ? { exclude: true } : {}) };
}

/**
 * The filter a column gets from a cell: `current` is the column's filter now; excluding a second
 * value of a set column adds it to the values already excluded.
 */
export function cellFilterModel(col: Column, value: unknown, mode: CellFilterMode, current?: SimpleFilterModel | CombinedFilterModel | null): SimpleFilterModel | null {
  if (!col.filter) return null;
  const model = BY_KIND[col.filter](col, value, mode);
  if (model?.filterType === 'set' && model.exclude && current && current.filterType === 'set' && 'values' in current && current.exclude) {
    return { ...model, values: [...new Set([...current.values, ...model.values])] };
  }
  return model;
}

/** What a chip needs to name a value: the words of the interface language and the labels of records. */
export type ChipWords = { t: (key: string, params?: Record<string, unknown>) => string; language: 'zh-CN' | 'en'; referenceLabel: (field: string, id: string) => string | undefined };

const COMPARE_SIGN: Record<string, string> = { equals: '=', notEqual: '≠', lessThan: '<', lessThanOrEqual: '≤', greaterThan: '>', greaterThanOrEqual: '≥' };

function valueText(m: Exclude<SimpleFilterModel, SetFilterModel>): string {
  if (m.filterType === 'date') return m.type === 'inRange' ? `${dayOf(m.dateFrom) ?? ''} – ${dayOf(m.dateTo) ?? dayOf(m.dateFrom) ?? ''}` : (dayOf(m.dateFrom) ?? '');
  if (m.filterType === 'number' && m.type === 'inRange') return `${String(m.filter ?? '')} – ${String(m.filterTo ?? '')}`;
  return String(m.filter ?? '');
}

function setText(col: Column, m: SetFilterModel, words: ChipWords): string {
  const labelOf = (v: string): string => {
    if (col.filter === 'boolean') return words.t(v === 'true' ? 'filters.yes' : 'filters.no');
    if (col.filter === 'reference') return words.referenceLabel(col.field, v) ?? `#${v}`;
    const o = col.options?.find((x) => x.value === v);
    return o ? (words.language === 'en' ? (o.labelEn ?? o.label) : o.label) : v;
  };
  const shown = m.values.slice(0, 3).map(labelOf).join(words.language === 'en' ? ', ' : '、');
  const text = m.values.length > 3 ? `${shown} ${words.t('filters.more', { count: m.values.length - 3 })}` : shown;
  return m.exclude ? words.t('filters.not', { value: text }) : text;
}

function simpleText(col: Column, m: SimpleFilterModel, words: ChipWords): string {
  if (m.filterType === 'set') return setText(col, m, words);
  if (m.type === 'blank') return words.t('filters.blank');
  if (m.type === 'notBlank') return words.t('filters.notBlank');
  if (m.type === 'contains') return words.t('filters.contains', { value: valueText(m) });
  if (m.type === 'inRange') return valueText(m);
  return `${COMPARE_SIGN[m.type] ?? m.type} ${valueText(m)}`;
}

export type FilterChip = { field: string; name: string; text: string };

/** One chip per filtered column, in the list's column order: its header and what it keeps. */
export function columnFilterChips(columns: readonly Column[], model: FilterModel | null | undefined, words: ChipWords): FilterChip[] {
  const out: FilterChip[] = [];
  for (const col of columns) {
    const m = model?.[col.field];
    if (!m) continue;
    const text = 'conditions' in m ? m.conditions.map((c) => simpleText(col, c, words)).join(words.t('filters.and')) : simpleText(col, m, words);
    out.push({ field: col.field, name: labelIn(col.label, words.language), text });
  }
  return out;
}
