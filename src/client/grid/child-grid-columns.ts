import type { ColDef, Column } from 'ag-grid-community';
import type { RefObject } from 'react';
import type { FormOption } from '../../model/page';
import type { ResolvedChildGrid } from '../../model/page-resolve';
import { validateField, type MessageRef } from '../../model/validate';
import { cellText } from './cell-text';
import type { ChildRow } from './ChildGrid';
import { lineActionsColumn, lineCellOpen, type ChildLinesRef } from './child-grid-lines';
import { labelIn } from '../../model/label-text';

/** The reference options of a child grid's columns, by field (they arrive after the grid opens). */
export type ReferenceOptions = RefObject<Record<string, FormOption[] | undefined>>;
type Language = 'en' | 'zh-CN';

/**
 * A pasted cell is checked by its field's own rules (a dictionary or a reference by its label or
 * value); refused cells are marked and the rest is written.
 */
export function childPasteCheck(grid: ResolvedChildGrid, references: ReferenceOptions) {
  return (column: Column, raw: string): { value: unknown; error: MessageRef | null } => {
    const field = grid.fields.find((f) => f.field === column.getColId());
    const col = grid.columns.find((c) => c.field === column.getColId());
    const text = raw.trim();
    const byLabel = (options: Array<{ value: string; label: string; labelEn?: string }> | undefined) =>
      options?.find((o) => o.value === text || o.label === text || o.labelEn === text)?.value;
    const mapped = col?.options ? (byLabel(col.options) ?? text) : references.current[column.getColId()] ? (byLabel(references.current[column.getColId()]) ?? text) : text;
    if (!field?.def || field.def.readonly) return { value: mapped, error: field?.def?.readonly ? { key: 'grid.readonlyCell' } : null };
    const r = validateField(field.def, mapped === '' ? null : mapped);
    // The cell keeps what a typed edit keeps (the text; the form converts on save), a switch its boolean.
    return { value: field.def.type === 'boolean' && !r.error ? r.value : mapped === '' ? null : mapped, error: r.error };
  };
}

/**
 * The column definitions of a child grid: editors per field type, error marks and tooltips; over a
 * line entity, its `lineCells` editable where the line may run them now and its `lineActions` column.
 */
export function childColumnDefs(grid: ResolvedChildGrid, disabled: boolean, errors: Record<string, string>, language: Language, references: ReferenceOptions, lines?: { ref: ChildLinesRef; header: string }): ColDef<ChildRow>[] {
  const p = { grid, disabled, errors };
  const columns = grid.columns.map((col): ColDef<ChildRow> => {
    const field = p.grid.fields.find((f) => f.field === col.field);
    // A line's cell runs its transition (or saves the line) whatever the form's mode: the server decides.
    const lineCell = lines && grid.lineCells[col.field];
    const editable: ColDef<ChildRow>['editable'] = lineCell ? (c) => lineCellOpen(grid, col.field, lines.ref.current, c.data) : !p.disabled && p.grid.editable && Boolean(field) && !field?.def?.readonly;
    const base: ColDef<ChildRow> = {
      colId: col.field,
      cellDataType: 'text',
      field: col.field,
      // Required is said where a line is entered (a grid read-only, or a line's run, asks nothing of it).
      headerName: labelIn(col.label, language) + (field?.required && p.grid.editable && !p.disabled ? ' *' : ''),
      // A long field label wraps between words in a narrow column instead of being cut ("Plan duration (days)").
      wrapHeaderText: true,
      autoHeaderHeight: true,
      editable,
      width: col.width,
      resizable: true,
      valueFormatter: (v) => cellText(col.renderer, v.value, { column: col, row: v.data ?? undefined, language }),
      cellClassRules: { 'engine-cell-error': (c) => Boolean(c.node.rowIndex !== null && p.errors[`${c.node.rowIndex}.${col.field}`]) },
      tooltipValueGetter: (c) => (c.node?.rowIndex !== null && c.node?.rowIndex !== undefined ? p.errors[`${c.node.rowIndex}.${col.field}`] : undefined),
    };
    // Editors per field type; numbers are typed as text so the rules see what was typed.
    // Data types are set, not inferred: the date and checkbox editors need theirs.
    if (col.fieldType === 'boolean') return { ...base, cellDataType: 'boolean', cellEditor: 'agCheckboxCellEditor', cellRenderer: 'agCheckboxCellRenderer', valueFormatter: undefined };
    if (col.fieldType === 'date') return { ...base, cellDataType: 'dateString', cellEditor: 'agDateStringCellEditor', cellEditorParams: { min: '1900-01-01', max: '2999-12-31' } };
    if ((col.fieldType === 'dict' || col.fieldType === 'multidict') && col.options) {
      return { ...base, cellEditor: 'agSelectCellEditor', cellEditorParams: { values: ['', ...col.options.map((o) => o.value)] }, refData: Object.fromEntries(col.options.map((o) => [o.value, language === 'en' ? (o.labelEn ?? o.label) : o.label])) };
    }
    if (col.refEntity && p.grid.fields.some((f) => f.field === col.field && f.source)) {
      // A reference picks one of the target's records; the cell shows its title and code.
      const labelOf = (v: unknown) => references.current[col.field]?.find((o) => o.value === String(v))?.label;
      return {
        ...base,
        cellEditor: 'agSelectCellEditor',
        cellEditorParams: () => ({ values: ['', ...(references.current[col.field] ?? []).map((o) => o.value)], formatValue: (v: unknown) => (v ? (labelOf(v) ?? `#${String(v)}`) : '') }),
        valueFormatter: (v) => (v.value === null || v.value === undefined || v.value === '' ? '' : (labelOf(v.value) ?? cellText(col.renderer, v.value, { column: col, row: v.data ?? undefined, language }))),
      };
    }
    return { ...base, cellEditor: 'agTextCellEditor', type: col.renderer === 'number' || col.renderer === 'money' ? 'rightAligned' : undefined };
  });
  const actions = lines ? lineActionsColumn(grid, lines.ref, lines.header) : null;
  return actions ? [...columns, actions] : columns;
}
