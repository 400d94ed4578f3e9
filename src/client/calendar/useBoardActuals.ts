/**
 * The board's plan-against-actual figures (issue 31): read through the typed call
 * `scheduleCalls.actuals` for the page's range, schedule and lines while the toolbar's 计划/实际 switch
 * is on, and read again whenever the board's data is read again (a command, another planner's change,
 * a scan at the last process announced as `schedule.changed`) and when a scan at any process (or its
 * undo) is announced as `schedule.actuals` (half a second after the last of a burst). A reply for an
 * earlier board is dropped.
 *
 * Example: `const actuals = useBoardActuals(source, on); actuals.view?.byBar.get(bar.id)`
 */
import { useEffect, useState } from 'react';
import { scheduleCalls } from '../../model/calls/schedule';
import { SCHEDULE_ACTUALS_MESSAGE } from '../../model/schedule-board';
import { onSocketMessage } from '../session/notification-socket';
import { callApi } from '../api/calls';
import { actualsView, type BoardActualsView } from './board-actuals';
import type { BoardSource } from './useBoardSource';

export function useBoardActuals(source: BoardSource, on: boolean) {
  const { data, range, lineOnly, scenario, revision, edit } = source;
  const ready = data !== null;
  const [view, setView] = useState<BoardActualsView | null>(null);
  const [error, setError] = useState('');
  const scans = useScansAnnounced(on);
  useEffect(() => {
    if (!on || !ready) return;
    let alive = true;
    setError('');
    const input = { ...range, ...(lineOnly !== null ? { lines: String(lineOnly) } : {}), ...(scenario !== null ? { scenario } : {}) };
    callApi(scheduleCalls.actuals, input, { quiet: true })
      .then((r) => alive && setView(actualsView(r)))
      .catch((e) => alive && setError(e instanceof Error ? e.message : String(e)));
    return () => { alive = false; };
    // Read again on `revision` (a read, another planner's change) and on each command's reply (`edit`), not on each window merged while scrolling.
  }, [on, ready, revision, edit.n, scans, range, lineOnly, scenario]);
  return { view: on ? view : null, error: on ? error : '' };
}

/** Counts the company's scan announcements while the figures are shown, half a second after the last of a burst. */
function useScansAnnounced(on: boolean): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!on) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onSocketMessage((m) => {
      if ((m as { type?: string } | null)?.type !== SCHEDULE_ACTUALS_MESSAGE) return;
      clearTimeout(timer);
      timer = setTimeout(() => setCount((k) => k + 1), 500);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [on]);
  return count;
}
