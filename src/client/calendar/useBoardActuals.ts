/**
 * The board's plan-against-actual figures (issue 31): read through the typed call
 * `scheduleCalls.actuals` for the page's range, schedule and lines while the toolbar's 计划/实际 switch
 * is on, and read again whenever the board's data is read again (a command, another planner's change,
 * a scan announced as `schedule.changed`). A reply for an earlier board is dropped.
 *
 * Example: `const actuals = useBoardActuals(source, on); actuals.view?.byBar.get(bar.id)`
 */
import { useEffect, useState } from 'react';
import { scheduleCalls } from '../../model/calls/schedule';
import { callApi } from '../api/calls';
import { actualsView, type BoardActualsView } from './board-actuals';
import type { BoardSource } from './useBoardSource';

export function useBoardActuals(source: BoardSource, on: boolean) {
  const { data, range, lineOnly, scenario, revision } = source;
  const ready = data !== null;
  const [view, setView] = useState<BoardActualsView | null>(null);
  const [error, setError] = useState('');
  useEffect(() => {
    if (!on || !ready) return;
    let alive = true;
    setError('');
    const input = { ...range, ...(lineOnly !== null ? { lines: String(lineOnly) } : {}), ...(scenario !== null ? { scenario } : {}) };
    callApi(scheduleCalls.actuals, input, { quiet: true })
      .then((r) => alive && setView(actualsView(r)))
      .catch((e) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => { alive = false; };
    // Read again on `revision` (a read, a command, a change), not on each window merged while scrolling.
  }, [on, ready, revision, range, lineOnly, scenario]);
  return { view: on ? view : null, error: on ? error : '' };
}
