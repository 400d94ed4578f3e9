/**
 * The scheduling board's page (route of calendars/production-board.calendar.ts): reads the board
 * from the planning service (src/model/schedule-board.ts), sends commands (move, resize, split, merge,
 * lock, unlock), keeps undo/redo, shows a stale version's message and reloads, and refreshes when
 * another planner's change arrives over the company socket (`schedule.changed`). A scenario picker
 * switches between the live schedule and the auto-scheduler's what-if scenarios; a scenario opens
 * with its comparison against the live schedule beside the board, to publish or discard.
 */
import {
  Button, Checkbox, Dropdown, Menu, MenuItem, MenuList, MenuPopover, MenuDivider, MessageBar, MessageBarBody, Option, Spinner, Tab, TabList, Toolbar, ToolbarDivider,
  type PositioningVirtualElement,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular, ArrowDownloadRegular, ArrowRedoRegular, ArrowUndoRegular, DataBarVerticalRegular, FlashRegular, LockClosedRegular, LockOpenRegular, MergeRegular, SplitHorizontalRegular,
} from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { productionBoard } from '../../../calendars/production-board.calendar';
import type { CalendarZoom } from '../../model/calendar';
import type { BoardBar, BoardCommand, BoardCommandResult, BoardData, ScenarioComparison, ScenarioSummary } from '../../model/schedule-board';
import { api, ApiError } from '../api/client';
import { readPreference, readStoredSession } from '../session/storage';
import { onSocketMessage } from '../shell/notification-socket';
import { toast } from '../shell/toast-bus';
import { applyResult, CommandHistory, historyEntryFor, type HistoryStep, localStamp, movedPlans, validateMerge, withVersion } from './board-model';
import './board-messages';
import { BoardAutoDialog, BoardConfirm, BoardMergeDialog, BoardSplitDialog } from './BoardDialogs';
import { ScenarioCompare } from './ScenarioCompare';
import { ScheduleBoard } from './ScheduleBoard';
import { boardRange, takePrefetchedBoard } from './board-prefetch';

const STALE_CODE = 11409;
const EXPORT_URL = '/api/scmapi/schedule/export';
const AUTO_URL = '/api/scmapi/schedule/auto';
const SCENARIOS_URL = '/api/scmapi/schedule/scenarios';

/** Downloads the board's workbook with the signed-in user's token (a plain link would carry none). */
async function downloadExport(query: Record<string, string>): Promise<void> {
  const { token } = readStoredSession();
  const u = new URL(EXPORT_URL, window.location.origin);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  const res = await fetch(u.pathname + u.search, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-lang': readPreference('language') ?? 'zh-CN' } });
  if (!res.ok) {
    let message = `${res.status}`;
    try { message = ((await res.json()) as { message?: string }).message || message; } catch { /* not json */ }
    throw new Error(message);
  }
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  const plain = /filename="([^"]+)"/i.exec(cd);
  const name = star ? decodeURIComponent(star[1]) : plain ? plain[1] : `schedule_${query.from}_${query.to}.xlsx`;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

type Dialog =
  | { kind: 'split'; bar: BoardBar }
  | { kind: 'merge'; bars: BoardBar[] }
  | { kind: 'auto' }
  | { kind: 'publish' | 'discard'; cmp: ScenarioComparison }
  // The server refused a publish because the live schedule changed since the scenario was made.
  | { kind: 'stale'; cmp: ScenarioComparison; message: string }
  | null;

export function ScheduleBoardPage() {
  const { t, i18n } = useTranslation();
  const decl = productionBoard;
  const [zoom, setZoom] = useState<CalendarZoom>(decl.defaultZoom);
  // A report's drill-down opens the board at one line (`line`) from one day (`date`): the capacity heatmap.
  const [params, setParams] = useSearchParams();
  const lineOnly = /^\d+$/.test(params.get('line') ?? '') ? Number(params.get('line')) : null;
  const focusDate = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? params.get('date')! : null;
  const range = useMemo(() => boardRange(focusDate ? new Date(`${focusDate}T00:00:00Z`) : undefined), [focusDate]);
  const lineQuery = useMemo(() => (lineOnly !== null ? { line: String(lineOnly) } : {}), [lineOnly]);
  const [scenario, setScenario] = useState<number | null>(null);
  const [scenarios, setScenarios] = useState<ScenarioSummary[]>([]);
  const [showCompare, setShowCompare] = useState(true);
  const [compareKey, setCompareKey] = useState(0);
  const [data, setData] = useState<BoardData | null>(null);
  // The live schedule's bars while a scenario is shown (outlined where the scenario moves a plan).
  const [liveBars, setLiveBars] = useState<BoardBar[] | null>(null);
  const [showLive, setShowLive] = useState(true);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [marked, setMarked] = useState<number[]>([]);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [exporting, setExporting] = useState(false);
  const history = useRef(new CommandHistory());
  const [, bump] = useState(0);
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
      const d = await (prefetched ?? api.get<BoardData>(decl.source.read, { ...range, ...lineQuery, scenario: shown ?? undefined }, { quiet: true }));
      if (scenarioRef.current === shown) setData(d);
      if (shown !== null) {
        const live = await api.get<BoardData>(decl.source.read, { ...range, ...lineQuery }, { quiet: true });
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

  const current = scenarios.find((s) => s.id === scenario) ?? null;
  const moved = useMemo(() => (scenario !== null && data && liveBars && data.scenario_id === scenario ? movedPlans(liveBars, data.bars) : null), [scenario, data, liveBars]);
  const ghosts = useMemo(() => (moved && showLive ? (liveBars ?? []).filter((b) => moved.has(b.plan_id)) : undefined), [moved, showLive, liveBars]);
  const readonly = !!current && current.status !== 'draft';

  const openScenario = useCallback((id: number | null) => {
    history.current.clear();
    setSelected(null);
    setMarked([]);
    setData(null);
    setLiveBars(null);
    setScenario(id);
    setShowCompare(true);
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

  /** Sends one command; the reply is applied to the board. Null when it was refused (told to the user). */
  const send = useCallback(async (cmd: BoardCommand): Promise<BoardCommandResult | null> => {
    try {
      const result = await api.post<BoardCommandResult>(decl.source.command!, { ...cmd, ...range }, { quiet: true });
      setData((d) => (d ? applyResult(d, result) : d));
      if (scenarioRef.current !== null) setCompareKey((k) => k + 1);
      return result;
    } catch (e) {
      if (e instanceof ApiError && (e.code === STALE_CODE || e.status === 409)) {
        toast.warning(e.message || t('board.stale'));
        history.current.clear();
        void load();
      } else {
        toast.error(e instanceof Error ? e.message : String(e));
      }
      return null;
    }
  }, [decl, load, range, t]);

  const versionOf = (id: number) => dataRef.current?.bars.find((b) => b.id === id)?.version;

  /**
   * Runs a history sequence (board-model `HistoryEntry`) step by step, each with the versions the
   * previous replies gave; returns the bars it created, or null when a step was refused. A sequence
   * stopped half-way leaves the board as the server has it (reloaded), and the history is cleared.
   */
  const runSteps = useCallback(async (steps: HistoryStep[], other: number[]): Promise<number[] | null> => {
    const own: number[] = [];
    const versions = new Map<number, number>();
    for (const [i, step] of steps.entries()) {
      const raw = step({ own, other });
      if (!raw) continue;
      const cmd = withVersion(raw, (id) => versions.get(id) ?? versionOf(id));
      const result = await send(cmd);
      if (!result) {
        if (i > 0) { history.current.clear(); void load(); }
        return null;
      }
      const named = cmd.op === 'merge' ? cmd.bar_ids : [cmd.bar_id];
      for (const b of result.bars) {
        versions.set(b.id, b.version);
        if (!named.includes(b.id)) own.push(b.id);
      }
    }
    return own;
  }, [send, load]);

  /** A command of the board or a dialog, from the bar(s) as they were (a merge: all, the kept one first). */
  const onCommand = useCallback(async (cmd: BoardCommand, before: BoardBar | BoardBar[]) => {
    const result = await send(cmd);
    if (!result) return false;
    const entry = historyEntryFor(cmd, Array.isArray(before) ? before : [before]);
    if (entry) {
      const named = cmd.op === 'merge' ? cmd.bar_ids : [cmd.bar_id];
      history.current.push(entry, result.bars.map((b) => b.id).filter((id) => !named.includes(id)));
    }
    bump((n) => n + 1);
    return true;
  }, [send]);

  const undo = useCallback(async () => {
    const e = history.current.peekUndo();
    if (!e) return;
    const created = await runSteps(e.undo, history.current.otherOf(e, 'undo'));
    if (created) history.current.confirmUndo(created);
    bump((n) => n + 1);
  }, [runSteps]);
  const redo = useCallback(async () => {
    const e = history.current.peekRedo();
    if (!e) return;
    const created = await runSteps(e.do, history.current.otherOf(e, 'do'));
    if (created) history.current.confirmRedo(created);
    bump((n) => n + 1);
  }, [runSteps]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || dialog) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); void undo(); }
      else if (k === 'y' || (k === 'z' && e.shiftKey)) { e.preventDefault(); void redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, dialog]);

  const bar = data?.bars.find((b) => b.id === selected) ?? null;
  const selection = useMemo(() => {
    const ids = new Set([...(selected !== null ? [selected] : []), ...marked]);
    return (data?.bars ?? []).filter((b) => ids.has(b.id));
  }, [data, selected, marked]);
  const siblings = useMemo(() => (bar ? (data?.bars ?? []).filter((b) => b.plan_id === bar.plan_id) : []), [data, bar]);

  const onSelect = (b: BoardBar | null, additive?: boolean) => {
    if (!b) { setSelected(null); setMarked([]); return; }
    if (!additive) { setSelected(b.id); setMarked([]); return; }
    // Ctrl/Shift+click toggles the bar in the selection; the last one clicked is the primary.
    const ids = new Set(selection.map((x) => x.id));
    if (ids.has(b.id)) {
      ids.delete(b.id);
      const rest = [...ids];
      setSelected(rest.length ? rest[rest.length - 1] : null);
      setMarked(rest.slice(0, -1));
    } else {
      setMarked([...ids]);
      setSelected(b.id);
    }
  };

  const toggleLock = (b: BoardBar | null = bar) => {
    if (b) void onCommand({ op: b.locked ? 'unlock' : 'lock', bar_id: b.id, version: b.version }, b);
  };
  const openMerge = (bars: BoardBar[]) => setDialog({ kind: 'merge', bars });
  const mergeTarget = selection.length >= 2 ? selection : siblings;

  const doSplit = async (b: BoardBar, qty: number, lineId?: number) =>
    onCommand({ op: 'split', bar_id: b.id, version: b.version, qty, ...(lineId ? { line_id: lineId } : {}) }, b);
  const doMerge = async (bars: BoardBar[]) => {
    const err = validateMerge(bars);
    if (err) { toast.warning(t(err.key)); return false; }
    const sorted = [...bars].sort((a, b) => a.start.localeCompare(b.start));
    const ok = await onCommand({ op: 'merge', bar_ids: sorted.map((b) => b.id), versions: sorted.map((b) => b.version) }, sorted);
    if (ok) { setMarked([]); setSelected(sorted[0].id); }
    return ok;
  };

  const runAuto = async (input: { name: string; from: string; to: string }) => {
    try {
      const s = await api.post<ScenarioSummary>(AUTO_URL, input, { quiet: true });
      toast.success(t('board.auto.done', { name: s.name }));
      await loadScenarios();
      openScenario(s.id);
      return true;
    } catch (e) {
      toast.error(e instanceof Error ? e.message : String(e));
      return false;
    }
  };

  const closeScenario = async (how: 'publish' | 'discard', cmp: ScenarioComparison, force = false): Promise<boolean> => {
    try {
      await api.post<ScenarioSummary>(`/api/scmapi/schedule/scenario/${how}`, { id: cmp.scenario.id, ...(force ? { force: true } : {}) }, { quiet: true });
      toast.success(t(how === 'publish' ? 'board.published' : 'board.discarded', { name: cmp.scenario.name }));
      await loadScenarios();
      openScenario(null);
      return true;
    } catch (e) {
      // The live schedule changed since the scenario was made: ask before overwriting those changes.
      if (e instanceof ApiError && (e.data as { reason?: string } | null)?.reason === 'scenario_stale') {
        setDialog({ kind: 'stale', cmp, message: e.message });
        return false;
      }
      toast.error(e instanceof Error ? e.message : String(e));
      return true;
    }
  };

  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadExport({ from: range.from, to: range.to, ...(scenario !== null ? { scenario: String(scenario) } : {}) });
    } catch (e) {
      toast.error(t('board.exportFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setExporting(false);
    }
  };

  const menuTarget = useMemo<PositioningVirtualElement | undefined>(() => (menu ? { getBoundingClientRect: () => new DOMRect(menu.x, menu.y, 0, 0) } : undefined), [menu]);
  const shownScenarios = scenarios.filter((s) => s.status === 'draft' || s.id === scenario);
  const scenarioLabel = (s: ScenarioSummary | null) => (s ? `${s.name}${s.status !== 'draft' ? ` (${t(`board.scenario.${s.status}`)})` : ''}` : t('board.scenario.live'));
  const canEdit = !readonly;

  return (
    <div data-testid="schedule-board" data-scenario={scenario ?? 'live'} style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 110px)', gap: 6, padding: 8, minWidth: 0, contain: 'inline-size' }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
        <h2 style={{ margin: 0, fontSize: 18, whiteSpace: 'nowrap' }}>{decl.title[i18n.language === 'en' ? 'en' : 'zh']}</h2>
        <Dropdown
          data-testid="scenario-picker"
          aria-label={t('board.scenario')}
          size="small"
          style={{ minWidth: 220 }}
          value={scenarioLabel(current)}
          selectedOptions={[scenario === null ? 'live' : String(scenario)]}
          onOpenChange={(_, d) => d.open && void loadScenarios()}
          onOptionSelect={(_, d) => d.optionValue && openScenario(d.optionValue === 'live' ? null : Number(d.optionValue))}
        >
          <Option value="live" text={t('board.scenario.live')}>{t('board.scenario.live')}</Option>
          {shownScenarios.map((s) => (
            <Option key={s.id} value={String(s.id)} text={scenarioLabel(s)}>
              <span style={{ display: 'flex', flexDirection: 'column' }}>
                <span>{scenarioLabel(s)}</span>
                <span style={{ fontSize: 11, color: '#888' }}>{s.created_by_name} · {localStamp(s.created_at)} · {t('board.compare.latePlans')} {s.metrics?.late_plans ?? '—'}</span>
              </span>
            </Option>
          ))}
        </Dropdown>
        <TabList selectedValue={zoom} onTabSelect={(_, d) => setZoom(d.value as CalendarZoom)} size="small">
          {decl.zooms.map((z) => <Tab key={z} value={z} data-testid={`board-zoom-${z}`}>{t(`board.zoom.${z}`)}</Tab>)}
        </TabList>
        <Toolbar size="small" style={{ flexWrap: 'wrap' }}>
          <Button appearance="subtle" icon={<ArrowUndoRegular />} disabled={!history.current.canUndo()} onClick={() => void undo()} title={t('board.undo')} aria-label={t('board.undo')} />
          <Button appearance="subtle" icon={<ArrowRedoRegular />} disabled={!history.current.canRedo()} onClick={() => void redo()} title={t('board.redo')} aria-label={t('board.redo')} />
          <ToolbarDivider />
          <Button appearance="subtle" data-testid="board-lock" icon={bar?.locked ? <LockOpenRegular /> : <LockClosedRegular />} disabled={!bar || !canEdit} onClick={() => toggleLock()}>
            {bar?.locked ? t('board.unlock') : t('board.lock')}
          </Button>
          <Button appearance="subtle" data-testid="board-split" icon={<SplitHorizontalRegular />} disabled={!bar || !canEdit || bar.locked} onClick={() => bar && setDialog({ kind: 'split', bar })}>{t('board.split')}</Button>
          <Button appearance="subtle" data-testid="board-merge" icon={<MergeRegular />} title={t('board.multiHint')} disabled={!canEdit || mergeTarget.length < 2} onClick={() => openMerge(mergeTarget)}>{t('board.merge')}</Button>
          <ToolbarDivider />
          <Button appearance="primary" size="small" data-testid="board-auto" icon={<FlashRegular />} onClick={() => setDialog({ kind: 'auto' })}>{t('board.auto')}</Button>
          {scenario !== null && !showCompare && (
            <Button appearance="subtle" data-testid="board-compare" icon={<DataBarVerticalRegular />} onClick={() => setShowCompare(true)}>{t('board.compare')}</Button>
          )}
          <Button appearance="subtle" data-testid="board-export" icon={exporting ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />} disabled={exporting} onClick={() => void exportExcel()}>
            {exporting ? t('board.exporting') : t('board.export')}
          </Button>
          <Button appearance="subtle" icon={<ArrowClockwiseRegular />} title={t('board.reload')} aria-label={t('board.reload')} onClick={() => void load()} />
        </Toolbar>
        {selection.length > 1 && <span data-testid="board-selection-count" style={{ fontSize: 12, color: '#4f6bed' }}>{t('board.selectedCount', { count: selection.length })}</span>}
      </div>
      {lineOnly !== null && (
        <MessageBar intent="info" data-testid="board-line-only">
          <MessageBarBody>
            {t('board.lineOnly', { line: data?.lines.find((l) => l.id === lineOnly)?.code ?? '', date: focusDate ?? '' })}{' '}
            <Button size="small" appearance="transparent" data-testid="board-line-only-clear" onClick={() => setParams({})}>{t('board.lineOnly.all')}</Button>
          </MessageBarBody>
        </MessageBar>
      )}
      {current && (
        <MessageBar intent={readonly ? 'warning' : 'info'} data-testid="scenario-banner">
          <MessageBarBody>
            {readonly
              ? t('board.readonlyScenario', { status: t(`board.scenario.${current.status}`) })
              : t('board.scenario.banner', { name: current.name, by: current.created_by_name, at: localStamp(current.created_at) })}
          </MessageBarBody>
        </MessageBar>
      )}
      <div style={{ display: 'flex', gap: 16, fontSize: 11, color: '#666', alignItems: 'center', flexWrap: 'wrap' }}>
        <Legend colour="#6bb36b" text={t('board.legend.load')} />
        <Legend colour="#d13438" text={t('board.legend.late')} />
        <Legend colour="#555" text={t('board.legend.locked')} />
        {scenario !== null && (
          <Checkbox data-testid="board-show-live" size="medium" checked={showLive} onChange={(_, d) => setShowLive(!!d.checked)}
            label={<span style={{ fontSize: 11 }}>{t('board.showLive', { count: moved?.size ?? 0 })}</span>} />
        )}
        <span title={t('board.multiHint')}>{t('board.keyboardHint')}</span>
      </div>
      <div style={{ display: 'flex', gap: 8, flex: 1, minHeight: 0 }}>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {error ? (
            <div role="alert" style={{ color: '#d13438' }}>{t('board.loadFailed', { message: error })}</div>
          ) : !data ? (
            <Spinner label={t('board.loading')} />
          ) : !data.lines.length ? (
            <div>{t('board.empty')}</div>
          ) : (
            <ScheduleBoard
              decl={decl}
              data={data}
              zoom={zoom}
              selectedId={selected}
              marked={marked}
              ghosts={ghosts}
              readonly={readonly}
              onSelect={onSelect}
              onContextMenu={(_, x, y) => setMenu({ x, y })}
              onCommand={(cmd, before) => void onCommand(cmd, before)}
              onRefused={(m) => toast.warning(m)}
            />
          )}
        </div>
        {scenario !== null && showCompare && data && (
          <ScenarioCompare
            scenarioId={scenario}
            lines={data.lines}
            readonly={readonly}
            reloadKey={compareKey}
            moved={moved?.size ?? null}
            onPublish={(cmp) => setDialog({ kind: 'publish', cmp })}
            onDiscard={(cmp) => setDialog({ kind: 'discard', cmp })}
            onClose={() => setShowCompare(false)}
          />
        )}
      </div>

      <Menu open={!!menu && !!bar} onOpenChange={(_, d) => !d.open && setMenu(null)} positioning={{ target: menuTarget, position: 'below', align: 'start' }}>
        <MenuPopover data-testid="board-bar-menu">
          <MenuList aria-label={t('board.menu')}>
            <MenuItem data-testid="menu-split" icon={<SplitHorizontalRegular />} disabled={!bar || !canEdit || bar.locked} onClick={() => { setMenu(null); if (bar) setDialog({ kind: 'split', bar }); }}>{t('board.split')}</MenuItem>
            <MenuItem data-testid="menu-merge" icon={<MergeRegular />} disabled={!canEdit || selection.length < 2} onClick={() => { setMenu(null); openMerge(selection); }}>{t('board.merge')}</MenuItem>
            <MenuItem data-testid="menu-merge-plan" icon={<MergeRegular />} disabled={!canEdit || siblings.length < 2} onClick={() => { setMenu(null); openMerge(siblings); }}>{t('board.mergePlan')}</MenuItem>
            <MenuDivider />
            <MenuItem data-testid="menu-lock" icon={bar?.locked ? <LockOpenRegular /> : <LockClosedRegular />} disabled={!bar || !canEdit} onClick={() => { setMenu(null); toggleLock(); }}>
              {bar?.locked ? t('board.unlock') : t('board.lock')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>

      {dialog?.kind === 'split' && data && (
        <BoardSplitDialog data={data} bar={dialog.bar} onSplit={(qty, lineId) => doSplit(dialog.bar, qty, lineId)} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'merge' && <BoardMergeDialog bars={dialog.bars} onMerge={() => doMerge(dialog.bars)} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'auto' && <BoardAutoDialog from={range.from} to={range.to} onRun={runAuto} onClose={() => setDialog(null)} />}
      {(dialog?.kind === 'publish' || dialog?.kind === 'discard') && (
        <BoardConfirm
          testid={`scenario-${dialog.kind}-confirm`}
          title={t(dialog.kind === 'publish' ? 'board.publish' : 'board.discard')}
          text={t(`board.${dialog.kind}.confirm`, { name: dialog.cmp.scenario.name })}
          ok={t(dialog.kind === 'publish' ? 'board.publish' : 'board.discard')}
          danger={dialog.kind === 'discard'}
          onOk={async () => {
            // A stale refusal replaces this dialog by the one that asks to overwrite; otherwise it closes.
            if (await closeScenario(dialog.kind as 'publish' | 'discard', dialog.cmp)) setDialog(null);
          }}
          onClose={() => setDialog(null)}
          closeAfterOk={false}
        />
      )}
      {dialog?.kind === 'stale' && (
        <BoardConfirm
          testid="scenario-stale-confirm"
          title={t('board.publish.staleTitle')}
          text={dialog.message}
          ok={t('board.publish.anyway')}
          danger
          onOk={async () => {
            await closeScenario('publish', dialog.cmp, true);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

function Legend({ colour, text }: { colour: string; text: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <span style={{ width: 10, height: 10, background: colour, borderRadius: 2, display: 'inline-block' }} />
      {text}
    </span>
  );
}
