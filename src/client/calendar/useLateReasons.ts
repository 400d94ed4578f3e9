/**
 * The late bars' reasons of the days and lines around the view (`span`: the source's `reasonSpan`, a few weeks
 * either side of what is in view, not the two years shown, and the blocks of lines in view, not every line;
 * the selected bar's line is read too, for its reason strip) and the shown schedule (GET late-reasons, issue 31), read again
 * whenever the schedule may have changed (`revision`: a command, another planner's change, a scenario shown), and what a
 * reason's link does: open a page, or select the locking bar and bring it into view. One read at a time: a span or
 * revision that changes while one is under way is read once it is answered (the latest only), so scrolling or
 * switching zoom never queues reads on the server ahead of the planner's next command.
 *
 * Example: `const late = useLateReasons(source.reasonSpan, source.revision, sel.selectOnly); late.of(bar.id); late.open(target);`
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { scheduleCalls } from '../../model/calls/schedule';
import type { LateBarReasons, LateReasonsReply } from '../../model/late-reasons';
import { callApi } from '../api/calls';
import type { ReasonTarget } from './late-reason-text';
import { OneReadAtATime } from './one-read-at-a-time';
import type { BoardEdit, ReasonSpan } from './useBoardSource';

/** Wait after a change before the reasons are read again (ms). */
const REREAD_MS = 600;
/** Wait after the view last moved before the reasons of its span are read (ms). */
const REST_MS = 150;

/**
 * The span read; `lines`: only those lines' bars, merged into the reasons known (after a command's reply),
 * null: the lines of the view (`view`), replacing what is known.
 */
type Want = { from: string; to: string; scenario: number | null; lines: number[] | null; view: number[] };

export function useLateReasons(span: ReasonSpan | null, revision: number, onSelect: (id: number) => void, edit: BoardEdit = { n: 0, lines: [] }, selectedLine: number | null = null) {
  const navigate = useNavigate();
  const [byBar, setByBar] = useState<Map<number, LateBarReasons> | null>(null);
  const [reveal, setReveal] = useState<{ id: number; n: number } | null>(null);
  const from = span?.from;
  const to = span?.to;
  const scenario = span?.scenario ?? null;
  const viewLines = span?.lines;
  const view = useMemo(() => (selectedLine === null || !viewLines || viewLines.includes(selectedLine) ? viewLines ?? [] : [...viewLines, selectedLine]), [viewLines, selectedLine]);
  const last = useRef({ revision, edit: edit.n, from, to, scenario, view });
  const mounted = useRef(true);
  useEffect(() => () => { mounted.current = false; }, []);
  const reads = useRef<OneReadAtATime<Want, LateReasonsReply> | null>(null);
  reads.current ??= new OneReadAtATime<Want, LateReasonsReply>(
    (q) => callApi(scheduleCalls.lateReasons, { from: q.from, to: q.to, ...(q.scenario !== null ? { scenario: q.scenario } : {}), lines: (q.lines ?? q.view).join(',') }, { quiet: true }),
    (q, r) => {
      if (!mounted.current || reads.current?.wanting?.scenario !== q.scenario) return;
      const got = (r?.bars ?? []).map((b) => [b.bar_id, b] as const);
      const lines = q.lines ? new Set(q.lines) : null;
      // A read of some lines replaces what is known of those lines only.
      setByBar((m) => (lines && m ? new Map([...[...m].filter(([, b]) => !lines.has(b.line_id)), ...got]) : new Map(got)));
    },
  );

  useEffect(() => {
    if (!from || !to) return;
    const r = reads.current!;
    const was = last.current;
    last.current = { revision, edit: edit.n, from, to, scenario, view };
    const onlyEdited = r.started && was.edit !== edit.n && was.revision === revision && was.from === from && was.to === to && was.scenario === scenario && was.view === view;
    // After this page's own command only the lines it touched (with those still wanted); otherwise every line of the span.
    // A read of every line still waiting stays one; lines still waiting are read with these.
    const before = r.pending ? r.wanting : null;
    const lines = !onlyEdited || (before && before.lines === null) ? null : [...new Set([...edit.lines, ...(before?.lines ?? [])])];
    r.want({ from, to, scenario, lines, view });
    // The first read at once; a burst of changes (a push and its socket message) reads once, after it; a moving view once it rests.
    const changed = was.revision !== revision || was.edit !== edit.n;
    const timer = setTimeout(() => r.run(), !r.started ? 0 : changed ? REREAD_MS : REST_MS);
    return () => clearTimeout(timer);
    // `revision` changes on every read and other planner's change, `edit` on each command's reply (not on a window merged while scrolling): the reasons follow them.
  }, [revision, edit, from, to, scenario, view]);

  const open = useCallback((target: ReasonTarget) => {
    if (!target) return;
    if ('page' in target) navigate(target.page);
    else {
      onSelect(target.bar);
      setReveal((r) => ({ id: target.bar, n: (r?.n ?? 0) + 1 }));
    }
  }, [navigate, onSelect]);

  return { byBar, of: (id: number | null) => (id === null ? null : byBar?.get(id) ?? null), loading: byBar === null, open, reveal };
}

export type LateReasonsState = ReturnType<typeof useLateReasons>;
