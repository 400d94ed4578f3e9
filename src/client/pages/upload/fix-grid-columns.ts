import type { ColDef, ITooltipParams } from 'ag-grid-community';
import { dropDownOptions, importColumns, headerText } from '../../../model/excel';
import { ChoiceCellEditor } from './ChoiceCellEditor';
import { translate, type Language } from '../../../model';
import type { FixView } from '../../engine/upload-api';
import { cellOf, viewEntity, type FixRowData } from './fix-rows';
import { labelIn } from '../../../model/label-text';

/** The message of an issue on a cell (several joined), or null. */
const cellIssue = (r: FixRowData | undefined, col: number) => {
  const list = r?.issues.filter((i) => i.col === col) ?? [];
  return list.length ? list.map((i) => i.message).join('；') : null;
};

/** A column's width for its texts: a CJK character about twice a Latin one, between 80 and 240 px. */
function widthOf(texts: Array<string | null>): number {
  let widest = 0;
  for (const t of texts) {
    let w = 0;
    for (const ch of t ?? '') w += ch.charCodeAt(0) > 0xff ? 14 : 8;
    widest = Math.max(widest, w);
  }
  return Math.min(240, Math.max(80, widest + 36));
}

/** The values a column suggests while it is edited: the company's codes of a reference, a dictionary's labels. */
function choicesOf(view: FixView, col: number, language: Language): string[] {
  const target = view.targets[col];
  if (!target || target.startsWith('size:')) return [];
  const known = view.knownCodes[target];
  if (known) return known.codes;
  const column = importColumns(viewEntity(view)).find((c) => c.id === target);
  if (!column || (column.kind !== 'dict' && column.kind !== 'multidict')) return [];
  const own = (column.field.dict ? view.dictItems[column.field.dict] : undefined) ?? [];
  return [...(dropDownOptions(column, language) ?? []), ...own.map((i) => labelIn(i.label, language))];
}

/** Under a sheet column's own heading: the field it is read as (a size of the matrix, or not read). */
function readAs(view: FixView, col: number, language: Language): string {
  const target = view.targets[col];
  if (!target) return translate(language, 'upload.mapIgnore');
  if (target.startsWith('size:')) return translate(language, 'upload.mapSize', { size: target.slice(5) });
  const column = importColumns(viewEntity(view)).find((c) => c.id === target);
  return column ? headerText(column, language, false) : target;
}

/**
 * The fixing grid's columns: the sheet row, the row's issues, then every sheet column under its own
 * heading (the field it is read as in the tooltip), editable as text; a cell with an issue is marked
 * `fix-bad` with its message as the tooltip, a left-out row's cells `fix-excluded`.
 */
export function fixColumnDefs(view: FixView, language: Language): ColDef<FixRowData>[] {
  // A few columns share the width; many keep the width of their heading and first values (the grid scrolls).
  const fit = view.headers.length <= 8;
  const choices = view.headers.map((_, col) => choicesOf(view, col, language));
  const sheet: ColDef<FixRowData>[] = view.headers.map((h, col) => ({
    colId: `c${col}`,
    headerName: h ?? `#${col + 1}`,
    headerTooltip: readAs(view, col, language),
    editable: (p) => !p.data?.excluded,
    ...(fit ? { minWidth: 96, flex: 1 } : { width: widthOf([h, ...view.rows.slice(0, 20).map((r) => r.cells[col])]) }),
    ...(choices[col].length ? { cellEditor: ChoiceCellEditor, cellEditorParams: { choices: choices[col] } } : {}),
    valueGetter: (p) => p.data?.cells[col] ?? null,
    valueSetter: (p) => {
      if (!p.data) return false;
      const next = cellOf(p.newValue);
      if (p.data.cells[col] === next) return false;
      p.data.cells[col] = next;
      return true;
    },
    cellClassRules: {
      'fix-bad': (p) => !p.data?.excluded && cellIssue(p.data, col) !== null,
      'fix-excluded': (p) => Boolean(p.data?.excluded),
    },
    tooltipValueGetter: (p: ITooltipParams<FixRowData>) => cellIssue(p.data, col),
  }));
  return [
    { colId: 'row', headerName: translate(language, 'upload.fixRow'), width: 84, pinned: 'left', editable: false, valueGetter: (p) => p.data?.row, cellClass: 'fix-rownum' },
    {
      colId: 'issues',
      headerName: translate(language, 'upload.fixIssues'),
      // Kept in view beside the row number while the sheet's columns scroll.
      pinned: 'left',
      width: 220,
      editable: false,
      valueGetter: (p) => (p.data?.excluded ? translate(language, 'upload.fixExcluded') : (p.data?.issues.map((i) => i.message).join('；') ?? '')),
      tooltipValueGetter: (p: ITooltipParams<FixRowData>) => p.value as string,
      cellClassRules: { 'fix-issue-text': (p) => Boolean(p.data?.issues.length) && !p.data?.excluded, 'fix-excluded': (p) => Boolean(p.data?.excluded) },
    },
    ...sheet,
  ];
}

export const FIX_GRID_CSS = `
.fix-bad { box-shadow: inset 0 0 0 2px #c50f1f; background-color: rgba(197, 15, 31, 0.08); }
.fix-issue-text { color: #b10e1c; }
.fix-excluded { color: #8a8886; text-decoration: line-through; }
.fix-rownum { color: #605e5c; }
`;
