import type { TransitionDef } from '../../model/entity';
import { checkPartReport, progressCells, type MatrixCell, type PartReportProblem, type ProgressCell } from '../../model/size-progress';

type Row = Record<string, unknown>;
export type CellsDecl = NonNullable<TransitionDef['cells']>;

const jsonOf = <T>(v: unknown, empty: T): T => (typeof v === 'string' && v ? (JSON.parse(v) as T) : v && typeof v === 'object' ? (v as T) : empty);

/**
 * A cells parameter's state (`TransitionDef.cells`), pure: the record's cells with what is done and
 * left, the pieces typed per cell (the dialog keeps them as JSON text), and the problems of what is
 * typed by the rule the server applies (src/model/size-progress.ts).
 */
export function cellsState(decl: CellsDecl, record: Row, value: string): { cells: ProgressCell[]; typed: Record<string, string>; problems: Map<string, PartReportProblem> } {
  const typed = jsonOf<Record<string, string>>(value, {});
  const cells = progressCells(jsonOf<MatrixCell[]>(record[decl.of], []), jsonOf<Record<string, number>>(record[decl.done], {}));
  return { cells, typed, problems: new Map(checkPartReport(cells, typed).problems.map((p) => [p.key, p])) };
}

/** The parameter's text once a cell is typed (an emptied cell drops out; nothing typed is empty). */
export function typeCell(value: string, key: string, text: string): string {
  const next = jsonOf<Record<string, string>>(value, {});
  if (text.trim()) next[key] = text;
  else delete next[key];
  return Object.keys(next).length ? JSON.stringify(next) : '';
}
