import { useEffect, useState } from 'react';
import { productionCalls, type WorkOrderProgress } from '../../../model/calls/production';
import { checkPartReport } from '../../../model/size-progress';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';

/** A cell's refusal shown under its input: the kind and what is left of the cell. */
export type CellProblem = { kind: 'notWhole' | 'over' | 'unknown'; left: number };

/**
 * A work order's progress per colour x size and its partial report: the cells (ordered, made, left),
 * the pieces typed per cell, checked as typed by the same rule the server applies
 * (src/model/size-progress.ts), then sent at the version read; a server refusal naming a cell goes
 * under that cell.
 */
export function useWorkOrderProgress(id: number) {
  const [progress, setProgress] = useState<WorkOrderProgress | null>(null);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void callApi(productionCalls.progress, { id }).then(setProgress);
  }, [id]);
  const check = progress ? checkPartReport(progress.cells, typed) : { problems: [], total: 0 };
  const problems = new Map<string, CellProblem>(check.problems.map((p) => [p.key, { kind: p.kind, left: p.left }]));
  const type = (key: string, value: string) => {
    setTyped((t) => ({ ...t, [key]: value }));
    setServerErrors((e) => ({ ...e, [key]: '' }));
  };
  /** Sends the typed pieces; true when stored (the progress then shows the new figures). */
  const submit = async (): Promise<boolean> => {
    if (!progress || problems.size || check.total <= 0) return false;
    setBusy(true);
    try {
      const cells = Object.fromEntries(Object.entries(typed).filter(([, v]) => v.trim() !== '' && Number(v) > 0).map(([k, v]) => [k, Number(v)]));
      const r = await callApi(productionCalls.reportPart, { ids: [progress.id], version: progress.version, cells }, { quiet: true });
      setProgress({ ...r.data[0], version: r.rows[0].version, process: progress.process });
      setTyped({});
      setMessage(null);
      return true;
    } catch (e) {
      if (!(e instanceof ApiError) || e.status === 401) throw e;
      const byCell = Object.entries(e.errors ?? {}).filter(([k]) => k.startsWith('cells.'));
      setServerErrors(Object.fromEntries(byCell.map(([k, v]) => [k.slice('cells.'.length), Array.isArray(v) ? v.join('；') : String(v)])));
      setMessage(e.message);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { progress, typed, type, problems, serverErrors, total: check.total, message, busy, submit };
}
