import type { CellKeyDownEvent, CellStyle, ColDef, GridApi, GridReadyEvent, RowClickedEvent, RowDoubleClickedEvent, SelectionChangedEvent, SuppressKeyboardEventParams } from 'ag-grid-community';
import { tokens } from '@fluentui/react-components';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { access } from '../session/access-state';
import type { Row } from '../api/entity-api';
import { columnDefsOf } from './column-defs';
import { applicableState, loadSavedTable } from './column-state';
import { GroupCell } from './GroupCell';
import { groupClickCommand, groupKeyCommand, recordOf, type GroupCommand, type GroupGridRow } from './group-rows';
import { useGroupedList, type GroupedListInput } from './use-grouped-list';

export type GroupedGridProps = GroupedListInput & {
  /** The field's label, for the group column's header. */
  fieldLabel: string;
  onSelectionChange: (rows: Row[]) => void;
  onOpen: (row: Row) => void;
};

/** Group rows bold on a light band, the grand total bold on a stronger one; records as in the list. */
function rowStyle(p: { data?: GroupGridRow }): CellStyle | null {
  if (p.data?.__kind === 'group') return { fontWeight: 600, background: tokens.colorNeutralBackground3 };
  if (p.data?.__kind === 'total') return { fontWeight: 700, background: tokens.colorBrandBackground2 };
  return null;
}

/**
 * The group column (pinned first) and the list's own columns: their formats, no sort or filter (the
 * flat list's apply); the measured columns first after the pinned ones, so the subtotals are in view.
 */
function useGroupedColumns(props: GroupedGridProps, onMore: (id: string) => void, measures: readonly string[]) {
  const { t, i18n } = useTranslation();
  const language: 'en' | 'zh-CN' = i18n.language === 'en' ? 'en' : 'zh-CN';
  const { resolved, fieldLabel } = props;
  const columnDefs = useMemo<ColDef<GroupGridRow>[]>(() => {
    const group: ColDef<GroupGridRow> = { colId: '__group', headerName: t('groups.columnOf', { field: fieldLabel }), pinned: 'left', width: 300, sortable: false, cellRenderer: GroupCell, cellRendererParams: { onMore } };
    const own = columnDefsOf(resolved.columns, language, { filters: false }).map((c) => ({ ...c, sortable: false, floatingFilter: false }) as ColDef<GroupGridRow>);
    const measured = (c: ColDef<GroupGridRow>) => !c.initialPinned && measures.includes(String(c.colId));
    return [group, ...own.filter((c) => !measured(c) && c.initialPinned), ...own.filter(measured), ...own.filter((c) => !measured(c) && !c.initialPinned)];
  }, [resolved, language, t, fieldLabel, onMore, measures]);
  const defaultColDef = useMemo<ColDef<GroupGridRow>>(
    () => ({ minWidth: 80, wrapHeaderText: true, autoHeaderHeight: true, cellStyle: rowStyle, suppressKeyboardEvent: (p: SuppressKeyboardEventParams<GroupGridRow>) => groupKeyCommand(p.data, p.event.key) !== null }),
    [],
  );
  return { columnDefs, defaultColDef };
}

/**
 * A grouped list's grid: its rows and grand total (useGroupedList), the group column, the user's
 * column layout of the flat list, clicks and keys on group rows (Enter or Right opens a group, Left
 * closes it or goes up from a record, Enter on a record opens its form), and record selection for
 * the toolbar's actions.
 *
 * Example: `const g = useGroupedGrid(props); <AgGridReact rowData={g.list.rows} {...g.gridProps} />`.
 */
export function useGroupedGrid(props: GroupedGridProps) {
  const list = useGroupedList(props);
  const apiRef = useRef<GridApi<GroupGridRow> | null>(null);
  const latest = useRef({ props, list });
  latest.current = { props, list };
  const { username, savedTables } = useSnapshot(access);
  const opt = props.resolved.page.opt;
  const measures = useMemo(() => list.reply?.measures.map((m) => m.field) ?? [], [list.reply]);
  const { columnDefs, defaultColDef } = useGroupedColumns(props, list.more, measures);

  const run = useCallback((command: GroupCommand, row: GroupGridRow | undefined) => {
    const { list: l, props: p } = latest.current;
    if (!row || !command) return;
    if (command === 'expand') l.expand(row.__group);
    else if (command === 'collapse') l.collapse(row.__group);
    else if (command === 'toggle') l.toggle(row.__group);
    else if (command === 'more') l.more(row.__group);
    else if (command === 'open') p.onOpen(recordOf(row));
    else if (command === 'toGroup') {
      const node = apiRef.current?.getRowNode(`g${row.__group}`);
      const col = apiRef.current?.getFocusedCell()?.column;
      const index = node?.rowIndex;
      // After the grid has finished with this key's event, which would otherwise keep the record's cell focused.
      if (index !== null && index !== undefined && col) setTimeout(() => apiRef.current?.setFocusedCell(index, col), 0);
    }
  }, []);

  const gridProps = useMemo(
    () => ({
      getRowId: (p: { data: GroupGridRow }) => p.data.__id,
      onGridReady: (e: GridReadyEvent<GroupGridRow>) => {
        apiRef.current = e.api;
        const saved = loadSavedTable(username, opt, savedTables as Record<string, unknown>);
        if (saved) e.api.applyColumnState({ state: applicableState(saved, latest.current.props.resolved.columns.map((c) => c.field)) });
      },
      onRowClicked: (e: RowClickedEvent<GroupGridRow>) => run(groupClickCommand(e.data), e.data),
      onRowDoubleClicked: (e: RowDoubleClickedEvent<GroupGridRow>) => run(e.data?.__kind === 'record' ? 'open' : null, e.data),
      onCellKeyDown: (e: CellKeyDownEvent<GroupGridRow>) => run(groupKeyCommand(e.data, (e.event as KeyboardEvent | null)?.key ?? ''), e.data),
      onSelectionChanged: (e: SelectionChangedEvent<GroupGridRow>) => latest.current.props.onSelectionChange(e.api.getSelectedRows().map(recordOf)),
    }),
    [run, username, opt, savedTables],
  );
  return { list, columnDefs, defaultColDef, gridProps };
}
