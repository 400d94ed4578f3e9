import type { DictItem } from '../dictionaries';
import type { DynamicFormDefinition, DynamicFormRef } from '../dynamic-form';
import type { ConfirmedMapping } from '../import-mapping';

/**
 * The fixing grid of an import job (issue 33), as `GET .../jobs/:id/rows` answers it
 * (src/server/services/import/import-rows.service.ts) and the import page reads it
 * (src/client/engine/upload-api.ts): declared once for both sides.
 */

/** One row of the grid: its sheet row, cells as texts, the last check's errors, and the user's work on it. */
export type FixRow = {
  row: number;
  cells: Array<string | null>;
  errors: Array<{ col: number; field: string; message: string }>;
  excluded: boolean;
  edited: boolean;
  /** Edited since the job's last run, or failed only because another row of its document did: the browser checks the row again. */
  recheck: boolean;
};

/** The grid of a job: the sheet's header row and columns, its rows, and what the browser checks them with. */
export type FixView = {
  entity: string;
  mode: string;
  headerRow: number;
  headers: Array<string | null>;
  /** Per sheet column: the import column's id, `size:<value>`, or null (not read). */
  targets: Array<string | null>;
  mapping: ConfirmedMapping | null;
  rows: FixRow[];
  truncated: boolean;
  /** The rows are those a commit held (the others were written). */
  held: boolean;
  knownCodes: Record<string, { codes: string[]; complete: boolean }>;
  dictItems: Record<string, DictItem[]>;
  /** A dynamic form's import: the form and its design, from which the browser builds its entity and checks. */
  form?: (DynamicFormRef & { definition: DynamicFormDefinition }) | null;
};

/** A row as saved: its cells as edited (null: as in the file) and whether it is left out. */
export type RowEdit = { row: number; cells: Array<string | null> | null; excluded: boolean };
