/**
 * What the board page shows: the range (a report's drill-down may open it at one line from one day),
 * the live schedule or a scenario, its data, the live bars under a scenario and the scenario list;
 * read from the planning service and read again when another planner's change arrives over the
 * company socket (`schedule.changed`).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CalendarDecl } from '../../model/calendar';
import type { BoardBar, BoardData, ScenarioSummary } from '../../model/schedule-board';
import { api } from '../api/client';
import { onSocketMessage } from '../session/notification-socket';
import { movedPlans } from './board-model';
import { boardRange, readBoard, takePrefetchedBoard } from './board-prefetch';

const SCENARIOS_URL = '/api/scmapi/schedule/scenarios';

export function useBoardSource(decl: CalendarDecl) {
  // A report's drill-down opens the board at one line (`line`) from one day (`date`): the capacity heatmap.
  const [params, setParams] = useSearchParams();
  const lineOnly = /^\d+$/.test(params.get('line') ?? '') ? Number(params.get('line')) : null;
  const focusDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : null;
  const range = useMemo(() => boardRange(focusDate ? new Date(`${focusDate}T00:00:00Z`) : undefined), [focusDate]);
  const lineQuery = useMemo(() => (lineOnly !== null ? { lines: String(lineOnly) } : {}), [lineOnly]);
  // `scenario=<id>`: opened on that scenario (the control tower's scenario figures link here).
  const [scenario, setScenario] = useState<number | null>(() => (/^\d+$/.test(params.get('scenario') ?? '') ? Number(params.get('scenario')) : null));
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([]);
  const [compareKey, setCompareKey] = useState(0);
  const [data, setData] = useState<BoardData | null>(null);
  // The live schedule's bars while a scenario is shown (outlined where the scenario moves a plan).
  const [liveBars, setLiveBars] = useState<BoardBar[] | null>(null);
  const [error, setError] = useState('');
  const dataRef = useRef<BoardData | null>(null);
  dataRef.current = data;
  const scenarioRef = useRef<number | null>(null);
  scenarioRef.current = scenario;

  const load = useCallback(async () => {
    try {
      setError('');
      const shown = scenarioRef.current;
      // The route started the live board's read while this page's code loaded (board-prefetch.ts).
      const prefetched = shown === null && lineOnly === null ? takePrefetchedBoard(decl.source.read, range) : null;
      const d = await (prefetched ?? readBoard(decl.source.read, { ...range, ...lineQuery, scenario: shown ?? undefined }));
      if (scenarioRef.current === shown) setData(d);
      if (shown !== null) {
        const live = await readBoard(decl.source.read, { ...range, ...lineQuery });
        if (scenarioRef.current === shown) setLiveBars(live.bars);
      } else setLiveBars(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [decl, range, lineOnly, lineQuery]);

  const loadScenarios = useCallback(async () => {
    try {
      setScenarios(await api.get<ScenarioSummary[]>(SCENARIOS_URL, undefined, { quiet: true }));
    } catch {
      /* the picker keeps its list; the board shows its own errors */
    }
  }, []);

  useEffect(() => { void load(); }, [load, scenario]);
  useEffect(() => { void loadScenarios(); }, [loadScenarios]);

  /** Shows another schedule (null: live); the board is read again. */
  const showScenario = useCallback((id: number | null) => {
    setData(null);
    setLiveBars(null);
    setScenario(id);
  }, []);

  // Other planners' changes: refresh the board and the scenario list (auto-schedule, publish, discard).
  useEffect(() => onSocketMessage((m) => {
    const msg = m as { type?: string; scenario_id?: number | null; user_id?: number };
    if (msg?.type !== decl.source.socketType) return;
    void loadScenarios();
    const shown = dataRef.current;
    const sid = msg.scenario_id ?? null;
    if (shown && (sid === shown.scenario_id || sid === null)) {
      void load();
      if (scenarioRef.current !== null) setCompareKey((k) => k + 1);
    }
  }), [decl, load, loadScenarios]);

  const current = scenarios.find((s) => s.id === scenario) ?? null;
  const moved = useMemo(() => (scenario !== null && data && liveBars && data.scenario_id === scenario ? movedPlans(liveBars, data.bars) : null), [scenario, data, liveBars]);

  return {
    decl, range, lineOnly, focusDate, clearLineOnly: () => setParams({}),
    scenario, scenarioRef, scenarios, current, showScenario, loadScenarios,
    data, dataRef, setData, liveBars, moved, error, load,
    compareKey, bumpCompare: () => setCompareKey((k) => k + 1),
  };
}

export type BoardSource = ReturnType<typeof useBoardSource>;
