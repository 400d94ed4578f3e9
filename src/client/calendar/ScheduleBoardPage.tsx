/**
 * The scheduling board's page (route of calendars/production-board.calendar.ts): reads the board
 * from the planning service (src/model/schedule-board.ts), sends commands, keeps undo/redo, shows a
 * stale version's message and reloads, and refreshes when another planner's change arrives over the
 * company socket (`schedule.changed`).
 */
import { Button, Spinner, Tab, TabList, Toolbar, ToolbarDivider } from '@fluentui/react-components';
import { ArrowClockwiseRegular, ArrowRedoRegular, ArrowUndoRegular, LockClosedRegular, LockOpenRegular } from '@fluentui/react-icons';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productionBoard } from '../../../calendars/production-board.calendar';
import type { CalendarZoom } from '../../model/calendar';
import type { BoardBar, BoardCommand, BoardCommandResult, BoardData } from '../../model/schedule-board';
import { api, ApiError } from '../api/client';
import { onSocketMessage } from '../shell/notification-socket';
import { toast } from '../shell/toast-bus';
import { addDays, applyResult, CommandHistory, inverseOf, withVersion } from './board-model';
import './board-messages';
import { ScheduleBoard } from './ScheduleBoard';

const STALE_CODE = 11409;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function ScheduleBoardPage() {
  const { t, i18n } = useTranslation();
  const decl = productionBoard;
  const [zoom, setZoom] = useState<CalendarZoom>(decl.defaultZoom);
  const [range] = useState(() => ({ from: addDays(today(), -7), to: addDays(today(), 120) }));
  const [data, setData] = useState<BoardData | null>(null);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const history = useRef(new CommandHistory());
  const [, bump] = useState(0);
  const dataRef = useRef<BoardData | null>(null);
  dataRef.current = data;

  const load = useCallback(async () => {
    try {
      setError('');
      setData(await api.get<BoardData>(decl.source.read, range, { quiet: true }));
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [decl, range]);

  useEffect(() => { void load(); }, [load]);

  // Other planners' changes: refresh the board (the reply holds the affected bars' new state).
  useEffect(() => onSocketMessage((m) => {
    const msg = m as { type?: string; scenario_id?: number | null; user_id?: number };
    if (msg?.type !== decl.source.socketType) return;
    const current = dataRef.current;
    if (current && (msg.scenario_id ?? null) === current.scenario_id) void load();
  }), [decl, load]);

  const send = useCallback(async (cmd: BoardCommand): Promise<boolean> => {
    try {
      const result = await api.post<BoardCommandResult>(decl.source.command!, cmd, { quiet: true });
      setData((d) => (d ? applyResult(d, result) : d));
      return true;
    } catch (e) {
      if (e instanceof ApiError && (e.code === STALE_CODE || e.status === 409)) {
        toast.warning(e.message || t('board.stale'));
        history.current.clear();
        void load();
      } else {
        toast.error(e instanceof Error ? e.message : String(e));
      }
      return false;
    }
  }, [decl, load, t]);

  const versionOf = (id: number) => dataRef.current?.bars.find((b) => b.id === id)?.version;

  const onCommand = useCallback(async (cmd: BoardCommand, before: BoardBar) => {
    if (await send(cmd)) {
      const undo = inverseOf(cmd, before);
      if (undo) history.current.push({ do: cmd, undo });
      bump((n) => n + 1);
    }
  }, [send]);

  const undo = useCallback(async () => {
    const e = history.current.peekUndo();
    if (e && (await send(withVersion(e.undo, versionOf)))) { history.current.confirmUndo(); bump((n) => n + 1); }
  }, [send]);
  const redo = useCallback(async () => {
    const e = history.current.peekRedo();
    if (e && (await send(withVersion(e.do, versionOf)))) { history.current.confirmRedo(); bump((n) => n + 1); }
  }, [send]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === 'z' && !e.shiftKey) { e.preventDefault(); void undo(); }
      else if (k === 'y' || (k === 'z' && e.shiftKey)) { e.preventDefault(); void redo(); }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  const bar = data?.bars.find((b) => b.id === selected) ?? null;
  const toggleLock = () => {
    if (bar) void onCommand({ op: bar.locked ? 'unlock' : 'lock', bar_id: bar.id, version: bar.version }, bar);
  };

  return (
    <div data-testid="schedule-board" style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 110px)', gap: 8, padding: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>{decl.title[i18n.language === 'en' ? 'en' : 'zh']}</h2>
        <TabList selectedValue={zoom} onTabSelect={(_, d) => setZoom(d.value as CalendarZoom)} size="small">
          {decl.zooms.map((z) => <Tab key={z} value={z}>{t(`board.zoom.${z}`)}</Tab>)}
        </TabList>
        <Toolbar size="small">
          <Button appearance="subtle" icon={<ArrowUndoRegular />} disabled={!history.current.canUndo()} onClick={() => void undo()} title={t('board.undo')} aria-label={t('board.undo')} />
          <Button appearance="subtle" icon={<ArrowRedoRegular />} disabled={!history.current.canRedo()} onClick={() => void redo()} title={t('board.redo')} aria-label={t('board.redo')} />
          <ToolbarDivider />
          <Button appearance="subtle" icon={bar?.locked ? <LockOpenRegular /> : <LockClosedRegular />} disabled={!bar} onClick={toggleLock}>
            {bar?.locked ? t('board.unlock') : t('board.lock')}
          </Button>
          <Button appearance="subtle" icon={<ArrowClockwiseRegular />} onClick={() => void load()}>{t('board.reload')}</Button>
        </Toolbar>
        <span style={{ color: '#666', fontSize: 12 }}>{t('board.keyboardHint')}</span>
      </div>
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
          onSelect={(b) => setSelected(b?.id ?? null)}
          onCommand={(cmd, before) => void onCommand(cmd, before)}
          onRefused={(m) => toast.warning(m)}
        />
      )}
    </div>
  );
}
