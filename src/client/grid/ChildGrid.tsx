import { Button, makeStaticStyles, makeStyles, mergeClasses, Subtitle2, tokens, useUncontrolledFocus } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import type { GridApi } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResolvedChildGrid } from '../../model/page-resolve';
import { gridTheme, GRID_LOCALE } from './EntityGrid';
import { ROW_TONE_CSS, rowToneClass } from './row-tone';
import { SPREADSHEET_CSS } from './useSpreadsheetKeys';
import { useChildGrid } from './use-child-grid';
import { lineOfRow, type ChildLines } from './child-grid-lines';
import { LineTimeline } from './LineTimeline';
import './grid-modules';
import { labelIn } from '../../model/label-text';

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
  /** A grid over a line entity: the record its lines belong to and what follows a line's run (ChildGridDecl.lineActions, lineCells). */
  lines?: ChildLines;
  /** The lines' runs wait (the form is busy). */
  linesBusy?: boolean;
  /** The stored record the lines belong to (its timeline's marker, `ChildGridDecl.timeline`). */
  master?: Record<string, unknown> | null;
};

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: '8px', margin: '12px 0 6px' },
  grid: { height: '220px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  // A read-only grid (a statement's lines) shows every line: it grows with them and the drawer scrolls.
  whole: { height: 'auto' },
  errors: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, margin: '4px 0 0', paddingLeft: '18px' },
});

/** A cell with an error: red edge and tint (its message is the cell's tooltip and is listed below). */
const useCellErrorStyles = makeStaticStyles({
  '.engine-cell-error': { boxShadow: `inset 0 0 0 1px ${tokens.colorPaletteRedBorder2}`, backgroundColor: tokens.colorPaletteRedBackground1 },
  // A grid as tall as its lines: where the browser's scrollbars overlay (AG Grid's "invisible" ones),
  // the horizontal one is laid under the last line instead of over it (it hid half of that line).
  '.engine-child-whole .ag-body-horizontal-scroll.ag-scrollbar-invisible': { position: 'relative' },
  ...ROW_TONE_CSS,
});

let keySeq = 0;
export const newRowKey = () => `new-${Date.now().toString(36)}-${++keySeq}`;
export function ChildGrid(p: ChildGridProps) {
  const s = useStyles();
  useCellErrorStyles();
  const { t } = useTranslation();
  const { language, apiRef, selected, setSelected, sheetKeys, sheetColumnDefs, gridRows, errorList, onCellValueChanged, add, removeSelected } = useChildGrid(p);
  const editingOnEscape = useRef(false);
  // The drawer's focus trap would take Tab away from the grid; inside it, AG Grid moves between cells.
  const uncontrolled = useUncontrolledFocus();

  return (
    <section data-testid={`child-${p.grid.child.key}`}>
      <div className={s.head}>
        <Subtitle2>{labelIn(p.grid.child.label, language)}</Subtitle2>
        <span style={{ color: tokens.colorNeutralForeground3 }}>({p.rows.length})</span>
        <span style={{ flex: 1 }} />
        {!p.disabled && p.grid.editable && (
          <>
            <Button size="small" icon={<AddRegular />} onClick={add} data-testid={`child-add-${p.grid.child.key}`}>{t('engine.addRow')}</Button>
            <Button
              size="small"
              icon={<DeleteRegular />}
              disabled={!selected.length}              onClick={removeSelected}
            >
              {t('engine.removeRows')}
            </Button>
          </>
        )}
      </div>
      <style>{SPREADSHEET_CSS}</style>
      <div
        className={mergeClasses(s.grid, !p.grid.editable && s.whole, !p.grid.editable && 'engine-child-whole')}
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
          getRowClass={(r) => rowToneClass(p.grid.rowTone, r.data)}
          domLayout={p.grid.editable ? 'normal' : 'autoHeight'}
          // Lines have tens of columns at most: all drawn, so a line reads whole (as the lists' grids).
          suppressColumnVirtualisation
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
      {p.grid.timeline && p.rows.length > 0 && <LineTimeline grid={p.grid} rows={p.rows.map(lineOfRow)} master={p.master ?? p.lines?.master ?? null} lines={p.lines} busy={Boolean(p.linesBusy)} />}
    </section>
  );
}
