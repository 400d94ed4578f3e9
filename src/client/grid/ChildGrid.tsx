import { Button, makeStaticStyles, makeStyles, Subtitle2, tokens, useUncontrolledFocus } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { CellValueChangedEvent, ColDef, GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedChildGrid } from '../../model/page-resolve';
import { useReferenceOptions } from '../api/use-options';
import { cellText } from './cell-text';
import { gridTheme, GRID_LOCALE } from './EntityGrid';
import { SPREADSHEET_CSS, useSpreadsheetKeys } from './useSpreadsheetKeys';
import { validateField } from '../../model/validate';
import { toast } from '../kernel/toast-bus';
import './grid-modules';

/**
 * An editable child grid of a master-detail document (material price history, line members and
 * capacity): cells edit in place with the keyboard (type to edit, Enter / Tab to move), rows are
 * added and removed here and saved with the header in one save. Errors of a row (the browser's
 * own check or the server's `members[2].member_name`) mark the cell and are listed below.
 */
export type ChildRow = Record<string, unknown> & { __key: string };

export type ChildGridProps = {
  grid: ResolvedChildGrid;
  rows: ChildRow[];
  onChange: (rows: ChildRow[]) => void;
  /** `index.field` -> message */
  errors: Record<string, string>;
  disabled: boolean;
  newRow: () => ChildRow;
};

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '8px', margin: '12px 0 6px' },
  grid: { height: '220px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  errors: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, margin: '4px 0 0', paddingLeft: '18px' },
});

/** A cell with an error: red edge and tint (its message is the cell's tooltip and is listed below). */
const useCellErrorStyles = makeStaticStyles({
  '.engine-cell-error': { boxShadow: `inset 0 0 0 1px ${tokens.colorPaletteRedBorder2}`, backgroundColor: tokens.colorPaletteRedBackground1 },
});

let keySeq = 0;
export const newRowKey = () => `new-${Date.now().toString(36)}-${++keySeq}`;

export function ChildGrid(p: ChildGridProps) {
  const s = useStyles();
  useCellErrorStyles();
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const apiRef = useRef<GridApi<ChildRow> | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const editingOnEscape = useRef(false);
  // The drawer's focus trap would take Tab away from the grid; inside it, AG Grid moves between cells.
  const uncontrolled = useUncontrolledFocus();
  const rowsRef = useRef(p.rows);
  // Reference options arrive after the grid opens: read through a ref, so their arrival repaints
  // the cells instead of rebuilding the columns under a cell being typed in.
  const references = useReferenceOptions(p.grid.fields);
  const referencesRef = useRef(references);
  // Spreadsheet keys (issue 21: in every editable grid): ranges, copy/paste of blocks from Excel,
  // Ctrl+D, Delete, undo. A pasted cell is checked by its field's own rules (a dictionary or a
  // reference by its label or value); refused cells are marked and the rest is written.
  const sheetKeys = useSpreadsheetKeys({
    validate: (column, _node, raw) => {
      const field = p.grid.fields.find((f) => f.field === column.getColId());
      const col = p.grid.columns.find((c) => c.field === column.getColId());
      const text = raw.trim();
      const byLabel = (options: Array<{ value: string; label: string; labelEn?: string }> | undefined) =>
        options?.find((o) => o.value === text || o.label === text || o.labelEn === text)?.value;
      const mapped = col?.options ? (byLabel(col.options) ?? text) : referencesRef.current[column.getColId()] ? (byLabel(referencesRef.current[column.getColId()]) ?? text) : text;
      if (!field?.def || field.def.readonly) return { value: mapped, error: field?.def?.readonly ? { key: 'grid.readonlyCell' } : null };
      const r = validateField(field.def, mapped === '' ? null : mapped);
      // The cell keeps what a typed edit keeps (the text; the form converts on save), a switch its boolean.
      return { value: field.def.type === 'boolean' && !r.error ? r.value : mapped === '' ? null : mapped, error: r.error };
    },
    onRefused: (refused) => toast.warning(t('grid.pasteRefused', { count: refused.length, message: t(refused[0].error.key, refused[0].error.params ?? {}) })),
    // Lines shown read-only keep the range and copy.
    readOnly: Boolean(p.disabled || !p.grid.editable),
  });
  referencesRef.current = references;
  rowsRef.current = p.rows;

  const columnDefs = useMemo<ColDef<ChildRow>[]>(
    () =>
      p.grid.columns.map((col) => {
        const field = p.grid.fields.find((f) => f.field === col.field);
        const editable = !p.disabled && p.grid.editable && Boolean(field) && !field?.def?.readonly;
        const base: ColDef<ChildRow> = {
          colId: col.field,
          cellDataType: 'text',
          field: col.field,
          headerName: (language === 'en' ? col.label.en : col.label.zh) + (field?.required ? ' *' : ''),
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
          const labelOf = (v: unknown) => referencesRef.current[col.field]?.find((o) => o.value === String(v))?.label;
          return {
            ...base,
            cellEditor: 'agSelectCellEditor',
            cellEditorParams: () => ({ values: ['', ...(referencesRef.current[col.field] ?? []).map((o) => o.value)], formatValue: (v: unknown) => (v ? (labelOf(v) ?? `#${String(v)}`) : '') }),
            valueFormatter: (v) => (v.value === null || v.value === undefined || v.value === '' ? '' : (labelOf(v.value) ?? cellText(col.renderer, v.value, { column: col, row: v.data ?? undefined, language }))),
          };
        }
        return { ...base, cellEditor: 'agTextCellEditor', type: col.renderer === 'number' || col.renderer === 'money' ? 'rightAligned' : undefined };
      }),
    [p.grid, p.disabled, p.errors, language],
  );
  const sheetColumnDefs = useMemo(() => sheetKeys.withClasses(columnDefs), [columnDefs, sheetKeys]);

  const errorList = Object.entries(p.errors)
    .map(([k, message]) => {
      const [index, field] = k.split('.');
      const col = p.grid.columns.find((c) => c.field === field);
      return t('engine.rowError', { row: Number(index) + 1, field: col ? (language === 'en' ? col.label.en : col.label.zh) : field, message });
    });

  // The grid edits its row objects in place; it gets a new row list only when rows are added or
  // removed, so an edit never re-renders the row under a fast typist's next cell editor.
  const structure = p.rows.map((r) => r.__key).join('|');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new row list only when rows are added or removed (structure), as said above; p.rows changes on every edit
  const gridRows = useMemo(() => p.rows.map((r) => ({ ...r })), [structure]);
  // Error marks are cell classes: repaint them when the errors change.
  useEffect(() => {
    const api = apiRef.current;
    if (api && !api.isDestroyed()) api.refreshCells({ force: true });
  }, [p.errors]);
  // Reference cells show their record's title once the options have come.
  useEffect(() => {
    const api = apiRef.current;
    const columns = Object.keys(references);
    if (api && !api.isDestroyed() && columns.length) api.refreshCells({ columns });
  }, [references]);
  const onCellValueChanged = (e: CellValueChangedEvent<ChildRow>) => {
    sheetKeys.onCellValueChanged(e as CellValueChangedEvent);
    if (!e.data) return;
    const edited = e.data;
    // A paste changes many cells before the next render: the ref follows each change.
    rowsRef.current = rowsRef.current.map((r) => (r.__key === edited.__key ? { ...edited } : r));
    p.onChange(rowsRef.current);
  };

  const add = () => {
    const row = p.newRow();
    p.onChange([...rowsRef.current, row]);
    // Start typing in the new row's first editable cell.
    setTimeout(() => {
      const api = apiRef.current;
      const first = p.grid.columns[0]?.field;
      if (!api || api.isDestroyed() || !first) return;
      const index = rowsRef.current.length - 1;
      api.ensureIndexVisible(index);
      api.setFocusedCell(index, first);
      api.startEditingCell({ rowIndex: index, colKey: first });
    }, 50);
  };

  return (
    <section data-testid={`child-${p.grid.child.key}`}>
      <div className={s.head}>
        <Subtitle2>{language === 'en' ? p.grid.child.label.en : p.grid.child.label.zh}</Subtitle2>
        <span style={{ color: tokens.colorNeutralForeground3 }}>({p.rows.length})</span>
        <span style={{ flex: 1 }} />
        {!p.disabled && p.grid.editable && (
          <>
            <Button size="small" icon={<AddRegular />} onClick={add} data-testid={`child-add-${p.grid.child.key}`}>{t('engine.addRow')}</Button>
            <Button
              size="small"
              icon={<DeleteRegular />}
              disabled={!selected.length}
              onClick={() => {
                p.onChange(rowsRef.current.filter((r) => !selected.includes(r.__key)));
                setSelected([]);
              }}
            >
              {t('engine.removeRows')}
            </Button>
          </>
        )}
      </div>
      <style>{SPREADSHEET_CSS}</style>
      <div
        className={s.grid}
        {...uncontrolled}
        {...sheetKeys.containerProps}
        // Escape in a cell editor cancels the edit; it must not also close the drawer around the grid.
        onKeyDownCapture={(e) => {
          editingOnEscape.current = e.key === 'Escape' && Boolean(apiRef.current?.getEditingCells().length);
          sheetKeys.containerProps.onKeyDownCapture(e);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && editingOnEscape.current) e.stopPropagation();
        }}
      >
        <AgGridReact<ChildRow>
          theme={gridTheme}
          rowData={gridRows}
          columnDefs={sheetColumnDefs}
          getRowId={(r) => r.data.__key}
          {...sheetKeys.gridProps}
          rowSelection={p.disabled ? undefined : { mode: 'multiRow', checkboxes: true, headerCheckbox: true, enableClickSelection: false }}
          singleClickEdit
          stopEditingWhenCellsLoseFocus
          enterNavigatesVerticallyAfterEdit
          onGridReady={(e) => {
            apiRef.current = e.api;
            sheetKeys.setApi(e.api as GridApi);
          }}
          onCellValueChanged={onCellValueChanged}
          onSelectionChanged={(e) => setSelected(e.api.getSelectedRows().map((r) => r.__key))}
          localeText={GRID_LOCALE[language]}
          overlayNoRowsTemplate={`<span>${t('engine.noRows')}</span>`}
          tooltipShowDelay={200}
        />
      </div>
      {errorList.length > 0 && (
        <ul className={s.errors} role="alert">
          {errorList.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
