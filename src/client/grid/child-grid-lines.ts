import type { CellValueChangedEvent, ColDef } from 'ag-grid-community';
import { useRef, type ReactNode, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { requireEntity } from '../../model';
import type { TransitionDef } from '../../model/entity';
import { lineTransitions } from '../../model/line-transitions';
import type { ResolvedChildGrid } from '../../model/page-resolve';
import { entityApiFor } from '../api/entity-api';
import { toast } from '../kernel/toast-bus';
import { access } from '../session/access-state';
import type { ChildRow } from './ChildGrid';

type Row = Record<string, unknown>;

/**
 * What a child grid over a line entity runs from its rows (ChildGridDecl.lineActions, lineCells,
 * issue 30): the stored record the lines belong to (its state decides what a line may take), what
 * follows a run (the drawer reads the record again) and the buttons of a row's own transitions,
 * drawn by the form layer (`LineActions`, with its confirmation and parameter dialog).
 */
export type ChildLines = {
  master: Row | null;
  onDone: () => void;
  /** The row's transition buttons (`testId`: `line-<line id>`, each button `-<action>`). */
  actions?: (line: Row, transitions: TransitionDef[], testId: string) => ReactNode;
};
/** The lines' context as the grid's column definitions read it (a ref: a new master does not rebuild the columns). */
export type ChildLinesRef = RefObject<(ChildLines & { roles: readonly string[]; busy: boolean }) | null>;

/** The lines' context of a grid (null without lines), with the user's roles, kept in a ref the column definitions read. */
export function useChildLinesRef(lines: ChildLines | undefined, busy: boolean): ChildLinesRef {
  const { dashroles } = useSnapshot(access);
  const ref = useRef<NonNullable<ChildLinesRef['current']>>(null);
  ref.current = lines ? { ...lines, roles: dashroles, busy } : null;
  return ref;
}

/** Where a row keeps its line as the record read it (id, version, the fields a `when` reads). */
export const LINE_KEY = '__line';
export const lineOfRow = (r: ChildRow | undefined): Row => ((r?.[LINE_KEY] as Row | undefined) ?? r ?? {});

/** The state field of the master the grid's line entity belongs to (`lineOf.master`). */
const masterStateField = (grid: ResolvedChildGrid) => (grid.entity.lineOf ? (requireEntity(grid.entity.lineOf.master).states?.field ?? null) : null);

/** The line's transitions it can take now among `only` (the master's state, the roles, the line's `when`). */
export function openTransitions(grid: ResolvedChildGrid, lines: ChildLinesRef['current'], line: Row, only: readonly TransitionDef[]): TransitionDef[] {
  if (!lines) return [];
  const names = new Set(only.map((t) => t.action));
  return lineTransitions(grid.entity, lines.master, masterStateField(grid), line, lines.roles).filter((t) => names.has(t.action));
}

/** Whether a row's cell of a `lineCells` column may be edited now: its transition open to the line, or the line saved. */
export function lineCellOpen(grid: ResolvedChildGrid, field: string, lines: ChildLinesRef['current'], row: ChildRow | undefined): boolean {
  const run = grid.lineCells[field];
  if (!run || !lines || lines.busy || !row) return false;
  const line = lineOfRow(row);
  if (run === 'save') return line.id !== undefined && line.id !== null;
  return openTransitions(grid, lines, line, [run]).length > 0;
}

/** The last column, 操作: the row's transitions that the grid declares and the line can take now. */
export function lineActionsColumn(grid: ResolvedChildGrid, lines: ChildLinesRef, header: string): ColDef<ChildRow> | null {
  if (!grid.lineActions.length) return null;
  return {
    colId: '__line_actions',
    headerName: header,
    editable: false,
    sortable: false,
    resizable: true,
    // The rest of the grid's width (two buttons in English need about 270 px), at least 240.
    flex: 1,
    minWidth: 240,
    cellRenderer: (c: { data?: ChildRow }) => {
      const l = lines.current;
      const line = lineOfRow(c.data);
      const offered = openTransitions(grid, l, line, grid.lineActions);
      return offered.length && l?.actions ? l.actions(line, offered, `line-${String(line.id)}`) : null;
    },
  };
}

/**
 * A `lineCells` cell committed: runs the line's transition with the cell's value as its parameter
 * (or saves the line with it), at the line's version; done, a toast and `onDone` (the record read
 * again); refused (the API's toast says why), the cell shows the stored value again. Returns false
 * for a cell that is not a line cell (the form's own edit).
 */
export function runLineCell(grid: ResolvedChildGrid, lines: ChildLinesRef, e: CellValueChangedEvent<ChildRow>, doneText: string): boolean {
  const field = e.colDef.field;
  const run = field ? grid.lineCells[field] : undefined;
  if (!field || !run || !e.data) return false;
  const line = lineOfRow(e.data);
  const value = e.newValue === '' || e.newValue === undefined ? null : e.newValue;
  const api = entityApiFor(grid.entity);
  const call = run === 'save' ? api.save({ id: Number(line.id), version: Number(line.version), [field]: value }) : api.action(run.action, [Number(line.id)], { [field]: value }, Number(line.version));
  const row = e.data;
  call.then(
    () => {
      toast.success(doneText);
      lines.current?.onDone();
    },
    () => {
      row[field] = e.oldValue;
      e.api.refreshCells({ rowNodes: [e.node], columns: [field], force: true });
    },
  );
  return true;
}
