import type { CellValueChangedEvent, GridApi } from 'ag-grid-community';
import { useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferenceOptions } from '../api/use-options';
import { toast } from '../kernel/toast-bus';
import type { ChildGridProps, ChildRow } from './ChildGrid';
import { childColumnDefs, childPasteCheck, type ReferenceOptions } from './child-grid-columns';
import { useSpreadsheetKeys } from './useSpreadsheetKeys';
import { runLineCell, useChildLinesRef } from './child-grid-lines';
import { labelIn } from '../../model/label-text';

/**
 * The logic of an editable child grid (ChildGrid is its view): its columns, the rows it edits in
 * place, the spreadsheet keys, rows added and removed, and the errors listed below it.
 */
export function useChildGrid(p: ChildGridProps) {
  const { t, i18n } = useTranslation();
  const language: 'en' | 'zh-CN' = i18n.language === 'en' ? 'en' : 'zh-CN';
  const apiRef = useRef<GridApi<ChildRow> | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const rowsRef = useRef(p.rows);
  // Reference options arrive after the grid opens: read through a ref, so their arrival repaints
  // the cells instead of rebuilding the columns under a cell being typed in.
  const references = useReferenceOptions(p.grid.fields);
  const referencesRef = useRef(references);
  const sheetKeys = useChildSheetKeys(p, rowsRef, referencesRef, apiRef);
  referencesRef.current = references;
  rowsRef.current = p.rows;
  // A grid over a line entity (ChildGridDecl.lineActions, lineCells): read through a ref, as the references.
  const linesRef = useChildLinesRef(p.lines, p.linesBusy ?? false);
  const hasLines = Boolean(p.lines);
  const lineHeader = t('engine.lineActions');

  const columnDefs = useMemo(
    () => childColumnDefs(p.grid, p.disabled, p.errors, language, referencesRef, hasLines ? { ref: linesRef, header: lineHeader } : undefined),
    [p.grid, p.disabled, p.errors, language, hasLines, lineHeader, linesRef],
  );
  const sheetColumnDefs = useMemo(() => sheetKeys.withClasses(columnDefs), [columnDefs, sheetKeys]);

  // `<row>.<field>` names a row's cell; a key without a row (the form's COLLECTION_ERROR) is about the whole collection.
  const errorList = Object.entries(p.errors)
    .map(([k, message]) => {
      if (!k.includes('.')) return message;
      const [index, field] = k.split('.');
      const col = p.grid.columns.find((c) => c.field === field);
      return t('engine.rowError', { row: Number(index) + 1, field: col ? labelIn(col.label, language) : field, message });
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
    // A line's cell runs its transition (or saves the line) at once; the lines come back with the record.
    if (runLineCell(p.grid, linesRef, e, t('engine.actionDone'))) return;
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
  const removeSelected = () => {
    p.onChange(rowsRef.current.filter((r) => !selected.includes(r.__key)));
    setSelected([]);
  };
  return { language, apiRef, selected, setSelected, sheetKeys, sheetColumnDefs, gridRows, errorList, onCellValueChanged, add, removeSelected };
}

/**
 * The spreadsheet keys of a child grid (issue 21: in every editable grid): ranges, copy/paste of
 * blocks from Excel, fill handle, Ctrl+D, Delete, undo. A pasted cell is checked by its field's own
 * rules; a refused one keeps what was pasted (the cells hold text until the save), marked with its
 * message. A paste, fill, clear, undo or redo gives the form the edited rows once for the action.
 */
function useChildSheetKeys(p: ChildGridProps, rowsRef: MutableRefObject<ChildRow[]>, referencesRef: ReferenceOptions, apiRef: MutableRefObject<GridApi<ChildRow> | null>) {
  const { t } = useTranslation();
  const check = childPasteCheck(p.grid, referencesRef);
  return useSpreadsheetKeys({
    validate: (column, _node, raw) => check(column, raw),
    keepRefused: true,
    onRefused: (refused) => toast.warning(t('grid.pasteKept', { count: refused.length, message: t(refused[0].error.key, refused[0].error.params ?? {}) })),
    onWritten: (changes) => {
      const edited = new Map(changes.map((c) => [(c.node.data as ChildRow).__key, c.node.data as ChildRow]));
      rowsRef.current = rowsRef.current.map((r) => (edited.has(r.__key) ? { ...edited.get(r.__key)! } : r));
      p.onChange(rowsRef.current);
    },
    // Lines shown read-only keep the range and copy.
    readOnly: Boolean(p.disabled || !p.grid.editable),
    grow: childGrowth(p, rowsRef, apiRef),
  });
}

/**
 * A paste past the last line adds the lines it needs (new lines as the add button makes them), in
 * the grid at once (the paste writes into them in the same pass) and in the form's rows; its undo
 * removes them again, its redo adds them back under the same keys.
 */
function childGrowth(p: ChildGridProps, rowsRef: MutableRefObject<ChildRow[]>, apiRef: MutableRefObject<GridApi<ChildRow> | null>) {
  return {
    add: (count: number, ids?: string[]) => {
      const api = apiRef.current;
      if (!api || api.isDestroyed()) return [];
      const rows = Array.from({ length: count }, (_, i) => ({ ...p.newRow(), ...(ids?.[i] ? { __key: ids[i] } : {}) }));
      api.applyTransaction({ add: rows });
      rowsRef.current = [...rowsRef.current, ...rows.map((r) => ({ ...r }))];
      p.onChange(rowsRef.current);
      return rows.map((r) => r.__key);
    },
    remove: (ids: string[]) => {
      const api = apiRef.current;
      if (!api || api.isDestroyed()) return;
      const gone = new Set(ids);
      api.applyTransaction({ remove: ids.map((id) => api.getRowNode(id)?.data).filter((d): d is ChildRow => Boolean(d)) });
      rowsRef.current = rowsRef.current.filter((r) => !gone.has(r.__key));
      p.onChange(rowsRef.current);
    },
  };
}
