import type { ColDef } from 'ag-grid-community';
import type { ResolvedColumn } from '../../model/page-resolve';
import { apiBaseOf } from '../api/resolved-page';
import { cellText } from './cell-text';
import { DATE_FILTER_OPTIONS, DATETIME_FILTER_OPTIONS, NUMBER_FILTER_OPTIONS, TEXT_FILTER_OPTIONS } from './filter-params';
import { SetFilter } from './SetFilter';
import { ImageThumb } from './ImageThumb';
import { getEntity } from '../../model/entity';
import { labelIn } from '../../model/label-text';

type Row = Record<string, unknown>;

const YES_NO = [
  { value: 'true', label: '是', labelEn: 'Yes' },
  { value: 'false', label: '否', labelEn: 'No' },
];

/** The filter part of a column definition, per filter kind. Only operators the server answers are offered. */
function filterOf(col: ResolvedColumn): Partial<ColDef<Row>> {
  const simple = { maxNumConditions: 1, debounceMs: 400, buttons: ['reset'] as Array<'reset'> };
  switch (col.filter) {
    case 'text':
      return { filter: 'agTextColumnFilter', floatingFilter: true, filterParams: { ...simple, filterOptions: [...TEXT_FILTER_OPTIONS] } };
    case 'number':
      return { filter: 'agNumberColumnFilter', floatingFilter: true, filterParams: { ...simple, filterOptions: [...NUMBER_FILTER_OPTIONS] } };
    case 'date':
      return { filter: 'agDateColumnFilter', floatingFilter: true, filterParams: { ...simple, filterOptions: [...(col.fieldType === 'datetime' || col.renderer === 'datetime' ? DATETIME_FILTER_OPTIONS : DATE_FILTER_OPTIONS)], browserDatePicker: false } };
    case 'set':
      return { filter: SetFilter, filterParams: { options: col.options ?? [] } };
    case 'boolean':
      return { filter: SetFilter, filterParams: { options: YES_NO } };
    case 'reference': {
      const target = col.refEntity ? getEntity(col.refEntity) : undefined;
      const base = col.refEntity ? apiBaseOf(col.refEntity) : null;
      return base ? { filter: SetFilter, filterParams: { refBase: base, refLabelField: target?.titleField ?? 'name', field: col.field } } : { filter: false };
    }
    default:
      return { filter: false };
  }
}

/**
 * AG Grid column definitions from resolved columns: header in the interface language, the cell
 * text of the field-type table's renderer, the filter of the column's kind.
 */
/**
 * A declared width widened, when needed, so the header's longest Latin word fits on one line
 * (headers wrap between words, and CJK text between any two characters; an English "Allocation"
 * must not break inside). Roughly 7.6 px per Latin character at the header's size, plus room for
 * the filter and menu icons.
 */
export function headerFitWidth(label: string, width: number | undefined): number | undefined {
  if (width === undefined) return undefined;
  const longest = Math.max(0, ...label.split(/[\s\u2E80-\u9FFF\uFF00-\uFFEF]+/).map((w) => w.length * 7.6));
  return Math.max(width, Math.ceil(longest + 52));
}

/**
 * A grid that holds its rows itself (a hand-made grid over rows in memory, not the server's list):
 * text and dictionary columns filter by the text each cell shows; the others do not filter.
 */
function shownTextFilter(col: ResolvedColumn, language: 'zh-CN' | 'en'): Partial<ColDef<Row>> {
  if (col.filter !== 'text' && col.filter !== 'set') return { filter: false };
  return { filter: 'agTextColumnFilter', filterValueGetter: (p) => cellText(col.renderer, p.data?.[col.field], { column: col, row: p.data ?? undefined, language }) };
}

/** `filters: 'shown'` for a grid holding its rows (see shownTextFilter); `false` for none; else the server list's filters. */
export function columnDefsOf(columns: readonly ResolvedColumn[], language: 'zh-CN' | 'en', options: { filters?: boolean | 'shown' } = {}): ColDef<Row>[] {
  return columns.map((col) => ({
    colId: col.field,
    field: col.field,
    headerName: labelIn(col.label, language),
    headerTooltip: labelIn(col.label, language),
    // initial*: the declaration's layout applies when the grid starts and on "reset columns"; a
    // re-render (new language, new props) must not put it back over the user's own layout.
    // The declared width, else the field type's (the field-type table's gridWidth).
    initialWidth: headerFitWidth(labelIn(col.label, language), col.width),
    initialPinned: col.pinned ?? undefined,
    initialHide: col.hide,
    sortable: col.sortable,
    resizable: true,
    type: col.renderer === 'number' || col.renderer === 'money' ? 'rightAligned' : undefined,
    valueFormatter: (p) => cellText(col.renderer, p.value, { column: col, row: p.data ?? undefined, language }),
    // A text cut short by its column (long English labels) shows whole on hover (the grid's whenTruncated mode).
    ...(col.renderer === 'image' || col.renderer === 'number' || col.renderer === 'money' ? {} : { tooltipValueGetter: (p: { valueFormatted?: string | null; value?: unknown }) => p.valueFormatted ?? (p.value === null || p.value === undefined ? '' : String(p.value)) }),
    // An image field shows its thumbnail (issue 4), the others their text.
    ...(col.renderer === 'image' ? { cellRenderer: ImageThumb } : {}),
    ...(options.filters === 'shown' ? shownTextFilter(col, language) : options.filters === false ? { filter: false } : filterOf(col)),
  }));
}
