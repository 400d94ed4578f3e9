import type { CellValueChangedEvent, GridApi, IRowNode } from 'ag-grid-community';
import { useEffect, useMemo, useReducer, useRef, useState, type MutableRefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../model';
import { uploadApi, type FixView, type JobView, type RowEdit } from '../../engine/upload-api';
import { tokenContext, useFormSession } from '../../form/session-scope';
import { useSpreadsheetKeys } from '../../grid/useSpreadsheetKeys';
import type { SheetChange } from '../../grid/spreadsheet-grid';
import { toast } from '../../kernel/toast-bus';
import { currentOrderSheet } from './fix-order-blocks';
import { cellOf, fixChecker, fixCounts, recheckRows, sameWrongValue, toRowData, type FixRowData } from './fix-rows';
import { useRowSaver } from './use-row-saver';

/** "Apply to all": the column, the wrong value, what it became, and the other rows holding it. */
export type Suggestion = { col: number; from: string; to: string | null; rows: number[] };

/**
 * The job's rows for the grid: loaded once per job state; rows edited since the job's last run (the
 * page was closed, or the job reopened later) are checked again here. `shown`: the rows the "only
 * rows with errors" filter keeps (a row fixed under the filter stays until the filter is chosen again).
 */
function useFixRows(job: JobView, language: Language) {
  const session = useFormSession();
  const [view, setView] = useState<FixView | null>(null);
  const [failed, setFailed] = useState(false);
  const [onlyInvalid, setOnlyInvalid] = useState(true);
  const rows = useRef<FixRowData[]>([]);
  const shown = useRef(new Set<number>());
  const defaults = useMemo(() => tokenContext(session), [session.userId, session.clientId]); // eslint-disable-line react-hooks/exhaustive-deps -- the user, not each snapshot
  useEffect(() => {
    let live = true;
    setView(null);
    uploadApi.rows(job.id).then(
      (v) => {
        if (!live) return;
        rows.current = v.rows.map(toRowData);
        recheckRows(v, fixChecker(v, language, defaults), rows.current, rows.current.filter((_, i) => v.rows[i].recheck));
        shown.current = new Set(rows.current.filter((r) => r.issues.length).map((r) => r.row));
        setOnlyInvalid(shown.current.size > 0);
        setView(v);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [job.id, job.status, job.result?.held]); // eslint-disable-line react-hooks/exhaustive-deps -- loaded once per job state; the language only shapes messages
  const check = useMemo(() => (view ? fixChecker(view, language, defaults) : null), [view, language, defaults]);
  return { view, failed, rows, shown, onlyInvalid, setOnlyInvalid, check };
}

/** The rows' nodes in the grid (for a repaint of their cells). */
const nodesOf = (api: GridApi<FixRowData> | null, rows: FixRowData[]) => rows.map((r) => api?.getRowNode(String(r.row))).filter((n): n is IRowNode<FixRowData> => Boolean(n));

/** A row as saved: edited cells (else the file's), and whether it is left out. */
const editOf = (r: FixRowData): RowEdit => ({ row: r.row, cells: r.edited ? [...r.cells] : null, excluded: r.excluded });

/** Edits: each re-checks its row and saves it; "apply to all" offered when the old value is wrong elsewhere too. */
function useFixEdits(data: ReturnType<typeof useFixRows>, api: MutableRefObject<GridApi<FixRowData> | null>, saver: ReturnType<typeof useRowSaver>, redraw: () => void) {
  const [suggestion, setSuggestion] = useState<Suggestion | null>(null);
  const { view, check, rows, shown } = data;
  const recheck = (changed: FixRowData[]) => {
    if (!check || !view) return;
    // An edited order header row re-checks its block: its other header rows and lines are repainted too.
    const touched = recheckRows(view, check, rows.current, changed);
    for (const r of changed) {
      r.edited = true;
      saver.queue(editOf(r));
    }
    for (const r of touched) if (r.issues.length) shown.current.add(r.row);
    api.current?.refreshCells({ rowNodes: nodesOf(api.current, touched), force: true });
    redraw();
  };
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  const sheetKeys = useSpreadsheetKeys({
    validate: (_column, _node, raw) => ({ value: cellOf(raw), error: null }),
    onWritten: (changes: SheetChange[]) => recheckRef.current([...new Set(changes.map((c) => c.node.data as FixRowData))]),
  });
  const onCellValueChanged = (e: CellValueChangedEvent<FixRowData>) => {
    sheetKeys.onCellValueChanged(e as CellValueChangedEvent);
    const col = Number(e.colDef.colId?.replace(/^c/, ''));
    if (!e.data || !Number.isInteger(col)) return;
    recheck([e.data]);
    const old = cellOf(e.oldValue);
    const others = old === null ? [] : sameWrongValue(rows.current, col, old, e.data.row);
    setSuggestion(others.length ? { col, from: old!, to: e.data.cells[col], rows: others.map((o) => o.row) } : null);
  };
  const applyAll = () => {
    if (!suggestion) return;
    const targets = rows.current.filter((r) => suggestion.rows.includes(r.row));
    for (const r of targets) r.cells[suggestion.col] = suggestion.to;
    recheck(targets);
    setSuggestion(null);
  };
  return { sheetKeys, onCellValueChanged, suggestion, applyAll, dismiss: () => setSuggestion(null) };
}

/**
 * The fixing grid of an import job (issue 33): its rows loaded from the job, each edit re-checked in
 * the browser with the import's rules, the edits saved to the job as the user works (debounced, and
 * once more while the page closes), "apply to all" for the same wrong value, rows left out, the
 * filter to the rows with an issue, and the commit of the valid rows (the others held in the job).
 */
export function useFixGrid(job: JobView, onJob: (next: JobView) => void) {
  const { i18n } = useTranslation();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh-CN';
  const data = useFixRows(job, language);
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const [committing, setCommitting] = useState(false);
  const api = useRef<GridApi<FixRowData> | null>(null);
  const saver = useRowSaver(job.id);
  const edits = useFixEdits(data, api, saver, redraw);
  const { rows, shown, onlyInvalid } = data;

  const exclude = (excluded: boolean) => {
    const picked = api.current?.getSelectedRows() ?? [];
    for (const r of picked) {
      r.excluded = excluded;
      saver.queue(editOf(r));
    }
    api.current?.refreshCells({ rowNodes: nodesOf(api.current, picked), force: true });
    api.current?.deselectAll();
    redraw();
  };
  const toggleFilter = (invalid: boolean) => {
    if (invalid) shown.current = new Set(rows.current.filter((r) => r.issues.length && !r.excluded).map((r) => r.row));
    data.setOnlyInvalid(invalid);
    setTimeout(() => api.current?.onFilterChanged());
  };
  const commit = async () => {
    setCommitting(true);
    try {
      await saver.flush();
      onJob(await uploadApi.commit(job.id, true));
    } catch {
      toast.error(i18n.t('upload.fixCommitFailed'));
    } finally {
      setCommitting(false);
    }
  };
  return {
    ...edits, view: data.view, failed: data.failed, rows: rows.current, counts: fixCounts(rows.current, data.view ? currentOrderSheet(data.view, rows.current) : undefined), onlyInvalid, toggleFilter,
    exclude, commit, committing, saveState: saver.state, language,
    setApi: (g: GridApi<FixRowData>) => {
      api.current = g;
      edits.sheetKeys.setApi(g as GridApi);
    },
    /** The column of the first bad cell, scrolled into view when the grid opens. */
    firstBadColumn: () => {
      const issue = rows.current.flatMap((r) => r.issues).find((i) => i.col >= 0);
      return issue ? `c${issue.col}` : null;
    },
    shownCount: onlyInvalid ? shown.current.size : rows.current.length,
    passesFilter: (r: FixRowData | undefined) => !onlyInvalid || (r ? shown.current.has(r.row) : false),
  };
}

export type FixGridState = ReturnType<typeof useFixGrid>;
