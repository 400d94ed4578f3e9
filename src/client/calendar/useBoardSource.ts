/**
 * What the board page shows: the range (a report's drill-down may open it at one line from one day),
 * the live schedule or a scenario, its data, the live bars under a scenario and the scenario list.
 * The board is read by viewport (issue 31): first its frame (days and lines, no bar), then the windows
 * around what is in view as the planner scrolls or zooms (`onView`, board-window-reader.ts), each
 * merged into the board's data; nothing waits for the whole schedule. Another planner's change over the
 * company socket (`schedule.changed`) makes the windows read stale and reads those in view again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CalendarDecl } from '../../model/calendar';
import type { BoardBar, BoardCommandResult, BoardData, ScenarioSummary } from '../../model/schedule-board';
import { api } from '../api/client';
import { onSocketMessage } from '../session/notification-socket';
import { applyResult, movedPlans } from './board-model';
import { boardRange, firstReads, horizonRange, readBoard, readWindow, takePrefetchedBoard } from './board-prefetch';
import { BoardWindowReader } from './board-window-reader';
import { frameBoard, replyOnDaysRead, TILE_DAYS, type ViewSpan } from './board-windows';

const SCENARIOS_URL = '/api/scmapi/schedule/scenarios';
/** Wait after a `schedule.changed` before the windows in view are read again (ms): a burst reads once. */
const REFRESH_MS = 250;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The board's address: a report's drill-down opens it at one line (`line`) from one day (`date`); `scenario=<id>` on a scenario. */
function useBoardAddress() {
  const [params, setParams] = useSearchParams();
  const lineOnly = /^\d+$/.test(params.get('line') ?? '') ? Number(params.get('line')) : null;
  const focusDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : null;
  const range = useMemo(() => boardRange(focusDate ? new Date(`${focusDate}T00:00:00Z`) : undefined), [focusDate]);
  const horizon = useMemo(() => horizonRange(focusDate ? new Date(`${focusDate}T00:00:00Z`) : undefined), [focusDate]);
  const lineQuery = useMemo(() => (lineOnly !== null ? { lines: String(lineOnly) } : {}), [lineOnly]);
  // The control tower's scenario figures link here with `scenario`.
  const firstScenario = /^\d+$/.test(params.get('scenario') ?? '') ? Number(params.get('scenario')) : null;
  return { lineOnly, focusDate, range, horizon, lineQuery, firstScenario, clearLineOnly: () => setParams({}) };
}

type Address = ReturnType<typeof useBoardAddress>;

/** The shown schedule's data, read by viewport: the frame, then the windows in view (BoardWindowReader), and the live bars under a scenario. */
function useBoardReads(decl: CalendarDecl, address: Address, scenarioRef: { current: number | null }) {
  const { range, lineOnly, lineQuery } = address;
  const [data, setData] = useState<BoardData | null>(null);
  // Changes when the schedule may have changed (a read, a command, another planner): what follows the schedule reads again.
  const [revision, setRevision] = useState(0);
  // The live schedule's bars while a scenario is shown (outlined where the scenario moves a plan).
  const [liveBars, setLiveBars] = useState<BoardBar[] | null>(null);
  const [error, setError] = useState('');
  const dataRef = useRef<BoardData | null>(null);
  dataRef.current = data;
  const reader = useRef<BoardWindowReader | null>(null);
  const spanRef = useRef<ViewSpan | null>(null);

  const readLive = useCallback(async (shown: number | null) => {
    if (shown === null) { setLiveBars(null); return; }
    const live = await readBoard(decl.source.read, { ...range, ...lineQuery });
    if (scenarioRef.current === shown) setLiveBars(live.bars);
  }, [decl, range, lineQuery, scenarioRef]);

  /** Reads the board afresh: its frame, then the windows in view. */
  const load = useCallback(async () => {
    reader.current?.close();
    const shown = scenarioRef.current;
    const path = decl.source.read;
    const query = { ...range, ...lineQuery, ...(shown !== null ? { scenario: shown } : {}) };
    const r = new BoardWindowReader({
      read: (q, signal) => readWindow(path, { ...query, ...q }, signal),
      data: () => dataRef.current,
      update: (fn) => setData((d) => (d && d.scenario_id === shown ? (dataRef.current = fn(d)) : d)),
      onError: (e) => setError(message(e)),
    });
    reader.current = r;
    try {
      setError('');
      // The route started the live board's first reads while this page's code loaded (board-prefetch.ts).
      const reads = (shown === null && lineOnly === null ? takePrefetchedBoard(path, range) : null) ?? firstReads(path, query);
      const frame = frameBoard(await reads.frame);
      if (reader.current !== r) return;
      dataRef.current = frame;
      setData(frame);
      setRevision((n) => n + 1);
      r.adopt(await reads.first);
      if (spanRef.current) r.view(spanRef.current);
      await readLive(shown);
    } catch (e) {
      if (reader.current === r) setError(message(e));
    }
  }, [decl, range, lineOnly, lineQuery, readLive, scenarioRef]);
  useEffect(() => () => reader.current?.close(), []);

  /** The windows read become stale; those in view are read again (and the live bars under a scenario). */
  const refresh = useCallback(() => {
    reader.current?.refresh();
    setRevision((n) => n + 1);
    void readLive(scenarioRef.current).catch(() => undefined);
  }, [readLive, scenarioRef]);

  /** A command's reply applied to the board: the bars it changed, created and removed, the lines' load. */
  const applyReply = useCallback((result: BoardCommandResult) => {
    const shown = reader.current?.cache.shown() ?? new Set<string>();
    setData((d) => (d ? (dataRef.current = applyResult(d, replyOnDaysRead(d, result, shown))) : d));
    reader.current?.edited();
    setRevision((n) => n + 1);
  }, []);

  return { data, setData, dataRef, revision, liveBars, setLiveBars, error, reader, spanRef, load, refresh, applyReply };
}

type Reads = ReturnType<typeof useBoardReads>;

/**
 * What is in view (the board tells it as it scrolls, zooms or resizes): the reader reads those windows,
 * and the late reasons are read for whole tiles around it, 28 days either side (not the two years).
 */
function useViewSpan(reads: Reads) {
  const { reader, spanRef, dataRef } = reads;
  const [reasonSpan, setReasonSpan] = useState<{ from: string; to: string; scenario: number | null } | null>(null);
  const onView = useCallback((span: ViewSpan) => {
    spanRef.current = span;
    reader.current?.view(span);
    const d = dataRef.current;
    if (!d?.days.length) return;
    const last = d.days.length - 1;
    const a = Math.max(0, Math.floor((span.firstDay - TILE_DAYS) / TILE_DAYS) * TILE_DAYS);
    const b = Math.min(last, (Math.floor((span.lastDay + TILE_DAYS) / TILE_DAYS) + 1) * TILE_DAYS - 1);
    const next = { from: d.days[Math.min(a, last)]!.date, to: d.days[b]!.date, scenario: d.scenario_id };
    setReasonSpan((s) => (s && s.from === next.from && s.to === next.to && s.scenario === next.scenario ? s : next));
  }, [reader, spanRef, dataRef]);
  return { onView, reasonSpan };
}

/**
 * Other planners' changes over the company socket (`schedule.changed`): bars removed leave at once, the
 * windows in view are read again once a burst is over, the scenario list and comparison follow.
 */
function useScheduleChanges(decl: CalendarDecl, reads: Reads, scenarioRef: { current: number | null }, loadScenarios: () => Promise<void>, bumpCompare: () => void) {
  const { refresh, setData, dataRef } = reads;
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refreshSoon = useCallback(() => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => { refreshTimer.current = null; refresh(); }, REFRESH_MS);
  }, [refresh]);
  useEffect(() => () => { if (refreshTimer.current) clearTimeout(refreshTimer.current); }, []);
  useEffect(() => onSocketMessage((m) => {
    const msg = m as { type?: string; scenario_id?: number | null; removed?: number[] };
    if (msg?.type !== decl.source.socketType) return;
    void loadScenarios();
    const shown = dataRef.current;
    const sid = msg.scenario_id ?? null;
    if (shown && (sid === shown.scenario_id || sid === null)) {
      const gone = new Set(sid === shown.scenario_id ? msg.removed ?? [] : []);
      if (gone.size) setData((d) => (d ? (dataRef.current = { ...d, bars: d.bars.filter((b) => !gone.has(b.id)) }) : d));
      refreshSoon();
      if (scenarioRef.current !== null) bumpCompare();
    }
  }), [decl, refreshSoon, loadScenarios, setData, dataRef, scenarioRef, bumpCompare]);
}

/** The company's scenarios (the picker's list). */
function useScenarioList() {
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([]);
  const loadScenarios = useCallback(async () => {
    try {
      setScenarios(await api.get<ScenarioSummary[]>(SCENARIOS_URL, undefined, { quiet: true }));
    } catch {
      /* the picker keeps its list; the board shows its own errors */
    }
  }, []);
  useEffect(() => { void loadScenarios(); }, [loadScenarios]);
  return { scenarios, loadScenarios };
}

export function useBoardSource(decl: CalendarDecl) {
  const address = useBoardAddress();
  const [scenario, setScenario] = useState<number | null>(address.firstScenario);
  const scenarioRef = useRef<number | null>(null);
  scenarioRef.current = scenario;
  const { scenarios, loadScenarios } = useScenarioList();
  const [compareKey, setCompareKey] = useState(0);
  const bumpCompare = useCallback(() => setCompareKey((k) => k + 1), []);
  const reads = useBoardReads(decl, address, scenarioRef);
  const { data, setData, liveBars, setLiveBars, load } = reads;
  const { onView, reasonSpan } = useViewSpan(reads);
  useScheduleChanges(decl, reads, scenarioRef, loadScenarios, bumpCompare);
  useEffect(() => { void load(); }, [load, scenario]);

  /** Shows another schedule (null: live); the board is read again. */
  const showScenario = useCallback((id: number | null) => {
    setData(null);
    setLiveBars(null);
    setScenario(id);
  }, [setData, setLiveBars]);

  const current = scenarios.find((s) => s.id === scenario) ?? null;
  // Compared over the plans whose scenario bars are read (the windows in view so far).
  const moved = useMemo(() => {
    if (scenario === null || !data || !liveBars || data.scenario_id !== scenario) return null;
    const read = new Set(data.bars.map((b) => b.plan_id));
    return movedPlans(liveBars.filter((b) => read.has(b.plan_id)), data.bars);
  }, [scenario, data, liveBars]);

  return {
    decl, range: address.range, horizon: address.horizon, lineOnly: address.lineOnly, focusDate: address.focusDate, clearLineOnly: address.clearLineOnly,
    scenario, scenarioRef, scenarios, current, showScenario, loadScenarios,
    data, dataRef: reads.dataRef, setData, liveBars, moved, error: reads.error, load, refresh: reads.refresh, onView, applyReply: reads.applyReply, revision: reads.revision, reader: reads.reader, reasonSpan,
    compareKey, bumpCompare,
  };
}

export type BoardSource = ReturnType<typeof useBoardSource>;
