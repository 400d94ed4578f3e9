/**
 * The late bars' reasons of the days around the view (`span`: the source's `reasonSpan`, a few weeks
 * either side of what is in view, not the two years shown) and the shown schedule (GET late-reasons, issue 31), read again
 * whenever the schedule may have changed (`revision`: a command, another planner's change, a scenario shown), and what a
 * reason's link does: open a page, or select the locking bar and bring it into view.
 *
 * Example: `const late = useLateReasons(source.reasonSpan, source.revision, sel.selectOnly); late.of(bar.id); late.open(target);`
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { scheduleCalls } from '../../model/calls/schedule';
import type { LateBarReasons } from '../../model/late-reasons';
import { callApi } from '../api/calls';
import type { ReasonTarget } from './late-reason-text';

/** Wait after a change before the reasons are read again (ms). */
const REREAD_MS = 600;

export function useLateReasons(span: { from: string; to: string; scenario: number | null } | null, revision: number, onSelect: (id: number) => void) {
  const navigate = useNavigate();
  const [byBar, setByBar] = useState<Map<number, LateBarReasons> | null>(null);
  const [reveal, setReveal] = useState<{ id: number; n: number } | null>(null);
  const from = span?.from;
  const to = span?.to;
  const scenario = span?.scenario ?? null;
  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    // A burst of changes (an undo of a push is a command per bar, each also told over the socket) reads once, after it.
    const timer = setTimeout(() => {
      callApi(scheduleCalls.lateReasons, { from, to, ...(scenario !== null ? { scenario } : {}) }, { quiet: true })
        .then((r) => live && setByBar(new Map(r.bars.map((b) => [b.bar_id, b]))))
        .catch(() => live && setByBar(new Map()));
    }, revision <= 1 ? 0 : REREAD_MS);
    return () => { live = false; clearTimeout(timer); };
    // `revision` changes on every read, command reply and other planner's change (not on a window merged while scrolling): the reasons follow it.
  }, [revision, from, to, scenario]);

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
