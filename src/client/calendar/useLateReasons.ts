/**
 * The late bars' reasons of the shown range and schedule (GET late-reasons, issue 31), read again
 * whenever the board's data is (a command, another planner's change, a scenario shown), and what a
 * reason's link does: open a page, or select the locking bar and bring it into view.
 *
 * Example: `const late = useLateReasons(source, sel.selectOnly); late.of(bar.id); late.open(target);`
 */
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { scheduleCalls } from '../../model/calls/schedule';
import type { LateBarReasons } from '../../model/late-reasons';
import type { BoardData } from '../../model/schedule-board';
import { callApi } from '../api/calls';
import type { ReasonTarget } from './late-reason-text';

export function useLateReasons(data: BoardData | null, onSelect: (id: number) => void) {
  const navigate = useNavigate();
  const [byBar, setByBar] = useState<Map<number, LateBarReasons> | null>(null);
  const [reveal, setReveal] = useState<{ id: number; n: number } | null>(null);
  const from = data?.from;
  const to = data?.to;
  const scenario = data?.scenario_id ?? null;
  useEffect(() => {
    if (!from || !to) return;
    let live = true;
    callApi(scheduleCalls.lateReasons, { from, to, ...(scenario !== null ? { scenario } : {}) }, { quiet: true })
      .then((r) => live && setByBar(new Map(r.bars.map((b) => [b.bar_id, b]))))
      .catch(() => live && setByBar(new Map()));
    return () => { live = false; };
    // The board's data object changes on every read and command reply: the reasons follow it.
  }, [data, from, to, scenario]);

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
