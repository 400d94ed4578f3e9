/**
 * Shop-floor progress per colour x size (issue 31): a work order's pieces made by cell of its plan's
 * colour x size matrix, from scans out (each bundle is one cell) and partial reports. Pure, shared by
 * the server (what it stores and refuses) and the browser (the progress table and its checks).
 */

/** The key of a cell in a work order's `done_matrix`: colour and size joined by a bar. */
export const cellKey = (colour: string | null | undefined, size: string | null | undefined): string => `${colour ?? '-'}|${size ?? '-'}`;

export type MatrixCell = { colour: string; size: string; qty: number };
export type ProgressCell = { key: string; colour: string; size: string; ordered: number; done: number; left: number };

/** Each cell of the matrix with its pieces made (cells made but not in the matrix are listed too, ordered 0). */
export function progressCells(matrix: readonly MatrixCell[], done: Readonly<Record<string, number>> | null): ProgressCell[] {
  const made = done ?? {};
  const out = new Map<string, ProgressCell>();
  for (const c of matrix) {
    const key = cellKey(c.colour, c.size);
    const prev = out.get(key);
    const ordered = (prev?.ordered ?? 0) + Math.max(0, Number(c.qty) || 0);
    out.set(key, { key, colour: c.colour ?? '-', size: c.size ?? '-', ordered, done: 0, left: 0 });
  }
  for (const key of Object.keys(made)) {
    if (out.has(key)) continue;
    const [colour, size] = key.split('|');
    out.set(key, { key, colour, size, ordered: 0, done: 0, left: 0 });
  }
  return [...out.values()].map((c) => {
    const d = Math.max(0, Number(made[c.key]) || 0);
    return { ...c, done: d, left: Math.max(0, c.ordered - d) };
  });
}

/** Why a partial report's cell is refused: not a whole number of 0 or more, or more than is left of the cell. */
export type PartReportProblem = { key: string; kind: 'notWhole' | 'over' | 'unknown'; left: number };

/**
 * Checks a partial report (pieces per cell key) against the cells: each a whole number from 0 to what
 * is left of its cell, every key a cell of the matrix. Returns the problems (empty: fine) and the total.
 */
export function checkPartReport(cells: readonly ProgressCell[], report: Readonly<Record<string, unknown>>): { problems: PartReportProblem[]; total: number } {
  const byKey = new Map(cells.map((c) => [c.key, c]));
  const problems: PartReportProblem[] = [];
  let total = 0;
  for (const [key, raw] of Object.entries(report)) {
    const cell = byKey.get(key);
    if (!cell || cell.ordered <= 0) {
      problems.push({ key, kind: 'unknown', left: 0 });
      continue;
    }
    const qty = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : raw === '' || raw === null || raw === undefined ? 0 : NaN;
    if (!Number.isInteger(qty) || qty < 0) problems.push({ key, kind: 'notWhole', left: cell.left });
    else if (qty > cell.left) problems.push({ key, kind: 'over', left: cell.left });
    else total += qty;
  }
  return { problems, total };
}
