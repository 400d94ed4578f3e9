/**
 * What the board page shows: the range (a report's drill-down may open it at one line from one day),
 * the live schedule or a scenario, its data, the live bars under a scenario and the scenario list.
 * The board is read by viewport (issue 31): first its frame (days and lines, no bar), then the windows
 * around what is in view as the planner scrolls or zooms (`onView`, board-window-reader.ts), each
 * merged into the board's data; nothing waits for the whole schedule. Another planner's change over the
 * company socket (`schedule.changed`) makes the windows read stale and reads those in view again.
 */
import { type Dispatch, type SetStateAction, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { CalendarDecl } from '../../model/calendar';
import type { BoardBar, BoardCommandResult, BoardData, ScenarioSummary } from '../../model/schedule-board';
import { api } from '../api/client';
import { onSocketMessage } from '../session/notification-socket';
import { applyResult, movedPlans } from './board-model';
import { boardRange, firstReads, horizonRange, readWindow, takePrefetchedBoard } from './board-prefetch';
import { BoardWindowReader } from './board-window-reader';
import { finish, FrameSlices, mergeLater, type Steps } from './board-slices';
import { FIRST_SPAN, frameBoard, reasonSpanFor, replyOnDaysRead, sameReasonSpan, type ReasonSpan, type ViewSpan } from './board-windows';

const SCENARIOS_URL = '/api/scmapi/schedule/scenarios';
/** Wait after a `schedule.changed` before the windows in view are read again (ms): a burst reads once. */
const REFRESH_MS = 250;
/** How long after a reply its `schedule.changed` echo is recognised as this page's own (ms). */
const OWN_ECHO_MS = 10_000;
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
/** A `schedule.changed` message: the schedule changed, the bars it changed and removed. */
type Change = { scenario_id?: number | null; bar_ids?: number[]; removed?: number[] };
/** A command's reply applied: its number and the lines it touched. */
export type BoardEdit = { n: number; lines: number[] };
/** A change's bars, as a reply gives them and `schedule.changed` tells them. */
const changeKey = (scenario: number | null, barIds: readonly number[], removed: readonly number[]) =>
  `${scenario ?? 'live'}|${[...barIds].sort((a, b) => a - b).join(',')}|${[...removed].sort((a, b) => a - b).join(',')}`;

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

/**
 * The live schedule's bars while a scenario is shown (outlined where the scenario moves a plan), read by
 * window too (`live_under`): the live bars of the windows around the view and every live bar of the
 * plans the scenario has there, not the live schedule whole.
 */
function useLiveUnder(decl: CalendarDecl, address: Address, spanRef: { current: ViewSpan | null }, setError: (e: string) => void) {
  const { range, lineQuery } = address;
  const [liveBars, setLiveBars] = useState<BoardBar[] | null>(null);
  const liveReader = useRef<BoardWindowReader | null>(null);
  const liveRef = useRef<BoardData | null>(null);
  const readLive = useCallback((shown: number | null, frame: BoardData | null) => {
    liveReader.current?.close();
    liveReader.current = null;
    liveRef.current = null;
    if (shown === null || !frame) { setLiveBars(null); return; }
    liveRef.current = { ...frame, scenario_id: null, bars: [] };
    const r: BoardWindowReader = new BoardWindowReader({
      read: (q, signal) => readWindow(decl.source.read, { ...range, ...lineQuery, live_under: shown, ...q }, signal),
      data: () => liveRef.current,
      update: (fn) => {
        if (liveReader.current !== r || !liveRef.current) return;
        liveRef.current = fn(liveRef.current);
        const bars = liveRef.current.bars;
        startTransition(() => setLiveBars(bars));
      },
      onError: (e) => setError(message(e)),
    });
    liveReader.current = r;
    r.view(spanRef.current ?? FIRST_SPAN);
  }, [decl, range, lineQuery, spanRef, setError]);
  return { liveBars, setLiveBars, liveReader, readLive };
}

/**
 * The commands' replies: each applied to the board's data and drawn at once (only the lines it touched
 * are laid out again), the page rendering it as a transition; `edit` changes with the lines it touched
 * (the late reasons of those lines are read again); `ownEcho` tells a `schedule.changed` message that
 * is the echo of a reply applied here (not read again).
 */
function useReplies(dataRef: { current: BoardData | null }, reader: { current: BoardWindowReader | null }, painter: { current: ((d: BoardData) => void) | null }, setData: Dispatch<SetStateAction<BoardData | null>>, slices: { current: FrameSlices }) {
  const [edit, setEdit] = useState<BoardEdit>({ n: 0, lines: [] });
  // This page's own replies of the last seconds.
  const own = useRef<{ key: string; at: number }[]>([]);

  /**
   * A command's reply applied to the board: the bars it changed, created and removed, the lines' load.
   * Drawn at once (only the lines it touched are laid out again); the page renders it as a transition.
   */
  const applyReply = useCallback((result: BoardCommandResult) => {
    // The windows taken before the reply are merged first, as they came.
    slices.current.flush();
    const shown = reader.current?.cache.shown() ?? new Set<string>();
    const base = dataRef.current;
    const next = base ? applyResult(base, replyOnDaysRead(base, result, shown)) : null;
    if (next) {
      dataRef.current = next;
      painter.current?.(next);
    }
    reader.current?.edited();
    const now = Date.now();
    own.current = [...own.current.filter((o) => now - o.at < OWN_ECHO_MS), { key: changeKey(base?.scenario_id ?? null, result.bars.map((b) => b.id), result.removed), at: now }];
    const lines = [...new Set([...result.lines.map((l) => l.id), ...result.bars.map((b) => b.line_id), ...(result.previous ?? []).map((b) => b.line_id)])];
    startTransition(() => {
      setData((d) => (d ? (dataRef.current = d === base && next ? next : applyResult(d, replyOnDaysRead(d, result, shown))) : d));
      setEdit((e) => ({ n: e.n + 1, lines }));
    });
  }, [dataRef, reader, painter, setData, slices]);

  /** Whether a `schedule.changed` message is the echo of a reply this page applied (the same bars, within a few seconds). */
  const ownEcho = useCallback((scenario: number | null, barIds: number[], removed: number[]) => {
    const key = changeKey(scenario, barIds, removed);
    const i = own.current.findIndex((o) => o.key === key && Date.now() - o.at < OWN_ECHO_MS);
    if (i >= 0) own.current.splice(i, 1);
    return i >= 0;
  }, []);

  return { edit, applyReply, ownEcho };
}

/** The shown schedule's data, read by viewport: the frame, then the windows in view (BoardWindowReader), and the live bars under a scenario. */
function useBoardReads(decl: CalendarDecl, address: Address, scenarioRef: { current: number | null }) {
  const { range, lineOnly, lineQuery } = address;
  const [data, setData] = useState<BoardData | null>(null);
  // Changes when the schedule may have changed (a read, a command, another planner): what follows the schedule reads again.
  const [revision, setRevision] = useState(0);
  const [error, setError] = useState('');
  // The data as last set (every update sets it): ahead of `data` while a reply's render is a pending transition.
  const dataRef = useRef<BoardData | null>(null);
  const reader = useRef<BoardWindowReader | null>(null);
  const spanRef = useRef<ViewSpan | null>(null);
  // The shown board's painter (ScheduleBoard sets it): a command's reply is drawn at once, the page renders it after.
  const painter = useRef<((d: BoardData) => void) | null>(null);
  // The windows' merges spread over frames, and the board's layout in steps for them (ScheduleBoard sets it).
  const slices = useRef(new FrameSlices());
  const prelayout = useRef<((d: BoardData) => Steps<unknown>) | null>(null);

  const { liveBars, setLiveBars, liveReader, readLive } = useLiveUnder(decl, address, spanRef, setError);

  /** Reads the board afresh: its frame, then the windows in view. */
  const load = useCallback(async () => {
    reader.current?.close();
    liveReader.current?.close();
    const shown = scenarioRef.current;
    const path = decl.source.read;
    const query = { ...range, ...lineQuery, ...(shown !== null ? { scenario: shown } : {}) };
    slices.current.clear();
    const update = (fn: (d: BoardData) => BoardData) => setData((d) => (d && d.scenario_id === shown ? (dataRef.current = fn(d)) : d));
    // A merge done in steps on `base` rendered as a transition; React's data, if not `base`, is merged again.
    const commit = (next: BoardData, base: BoardData, fn: (d: BoardData) => BoardData) => startTransition(() => setData((d) => (d && d.scenario_id === shown ? (d === base ? next : (dataRef.current = fn(d))) : d)));
    const r: BoardWindowReader = new BoardWindowReader({
      read: (q, signal) => readWindow(path, { ...query, ...q }, signal),
      data: () => dataRef.current,
      update,
      // The first bars are merged and drawn at once; once bars are shown a window's merge, its layout and
      // its render go a few milliseconds after each frame (board-slices.ts): scrolling and zooming draw first.
      updateInSteps: (steps) => {
        if (!dataRef.current?.bars.length && !slices.current.size) update((d) => finish(steps(d)));
        else slices.current.push(mergeLater({ current: () => reader.current === r, dataRef, prelayout, shown, commit }, steps));
      },
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
      readLive(shown, frame);
    } catch (e) {
      if (reader.current === r) setError(message(e));
    }
  }, [decl, range, lineOnly, lineQuery, readLive, liveReader, scenarioRef]);
  useEffect(() => () => { reader.current?.close(); liveReader.current?.close(); slices.current.clear(); }, [liveReader]);

  /** The windows read become stale; those in view are read again (and the live bars under a scenario). */
  const refresh = useCallback(() => {
    reader.current?.refresh();
    liveReader.current?.refresh();
    setRevision((n) => n + 1);
  }, [liveReader]);

  const { edit, applyReply, ownEcho } = useReplies(dataRef, reader, painter, setData, slices);

  return { data, setData, dataRef, revision, edit, liveBars, setLiveBars, error, reader, liveReader, spanRef, painter, prelayout, slices, load, refresh, applyReply, ownEcho };
}

type Reads = ReturnType<typeof useBoardReads>;

export type { ReasonSpan } from './board-windows';

/**
 * What is in view (the board tells it as it scrolls, zooms or resizes): the reader reads those windows,
 * and the late reasons are read for the tiles of days and the blocks of lines around it (reasonSpanFor).
 */
function useViewSpan(reads: Reads) {
  const { reader, liveReader, spanRef, dataRef } = reads;
  const [reasonSpan, setReasonSpan] = useState<ReasonSpan | null>(null);
  // The reasons' span follows the view once it rests (the first at once): a scroll that crosses
  // blocks of lines or tiles of days asks the server nothing while it moves (B5's month scrolls).
  const rest = useRef<ReturnType<typeof setTimeout> | null>(null);
  const reasonSpanTaken = useRef(false);
  useEffect(() => () => { if (rest.current) clearTimeout(rest.current); }, []);
  const onView = useCallback((span: ViewSpan) => {
    spanRef.current = span;
    reader.current?.view(span);
    liveReader.current?.view(span);
    const d = dataRef.current;
    const next = d ? reasonSpanFor(d, span) : null;
    if (!next) return;
    const take = () => setReasonSpan((s) => (s && sameReasonSpan(s, next) ? s : next));
    if (rest.current) clearTimeout(rest.current);
    rest.current = null;
    if (!reasonSpanTaken.current) {
      reasonSpanTaken.current = true;
      take();
    } else rest.current = setTimeout(take, REASONS_REST_MS);
  }, [reader, liveReader, spanRef, dataRef]);
  return { onView, reasonSpan };
}

/** How long the view rests before the late reasons follow it (ms). */
const REASONS_REST_MS = 300;

/**
 * Other planners' changes over the company socket (`schedule.changed`): bars removed leave at once, the
 * windows in view are read again once a burst is over, the scenario list and comparison follow.
 */
function useScheduleChanges(decl: CalendarDecl, reads: Reads, scenarioRef: { current: number | null }, loadScenarios: () => Promise<void>, bumpCompare: () => void) {
  const { refresh, setData, dataRef, ownEcho, slices } = reads;
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The changes told since the last read again; a burst reads once, unless every one was this page's own (its reply may come after its echo).
  const told = useRef<Change[]>([]);
  const refreshSoon = useCallback(() => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      const others = told.current.filter((c) => !ownEcho(c.scenario_id ?? null, c.bar_ids ?? [], c.removed ?? []));
      told.current = [];
      if (!others.length) return;
      refresh();
      if (scenarioRef.current !== null) bumpCompare();
    }, REFRESH_MS);
  }, [refresh, ownEcho, scenarioRef, bumpCompare]);
  useEffect(() => () => { if (refreshTimer.current) clearTimeout(refreshTimer.current); }, []);
  useEffect(() => onSocketMessage((m) => {
    const msg = m as Change & { type?: string };
    if (msg?.type !== decl.source.socketType) return;
    void loadScenarios();
    const shown = dataRef.current;
    const sid = msg.scenario_id ?? null;
    if (shown && (sid === shown.scenario_id || sid === null)) {
      const gone = new Set(sid === shown.scenario_id ? msg.removed ?? [] : []);
      if (gone.size) {
        slices.current.flush();
        setData((d) => (d ? (dataRef.current = { ...d, bars: d.bars.filter((b) => !gone.has(b.id)) }) : d));
      }
      told.current.push(msg);
      refreshSoon();
    }
  }), [decl, refreshSoon, loadScenarios, setData, dataRef, slices]);
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
    reads.dataRef.current = null;
    setData(null);
    setLiveBars(null);
    setScenario(id);
  }, [setData, setLiveBars, reads.dataRef]);

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
    data, dataRef: reads.dataRef, setData, liveBars, moved, error: reads.error, load, refresh: reads.refresh, onView, applyReply: reads.applyReply, revision: reads.revision, edit: reads.edit, reader: reads.reader, painter: reads.painter, prelayout: reads.prelayout, reasonSpan,
    compareKey, bumpCompare,
  };
}

export type BoardSource = ReturnType<typeof useBoardSource>;
