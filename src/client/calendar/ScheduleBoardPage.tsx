/**
 * The scheduling board's page (route of calendars/production-board.calendar.ts): reads the board
 * from the planning service (src/model/schedule-board.ts, useBoardSource.ts), sends commands (move,
 * resize, split, merge, lock, unlock; a drop that would overload a line is asked about first, and may
 * push the following plans later), keeps undo/redo, shows a stale version's message and reloads
 * (useBoardCommands.ts), and refreshes when another planner's change arrives over the company socket.
 * A scenario picker switches between the live schedule and the auto-scheduler's what-if scenarios; a
 * scenario opens with its comparison against the live schedule beside the board, to publish or discard.
 */
import { Spinner } from '@fluentui/react-components';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productionBoard } from '../../../calendars/production-board.calendar';
import type { CalendarZoom } from '../../model/calendar';
import type { BoardBar } from '../../model/schedule-board';
import { toast } from '../kernel/toast-bus';
import './board-messages';
import { downloadExport } from './board-export';
import { BoardBarMenu, BoardPageDialogs, type BoardDialog } from './BoardPageDialogs';
import { BoardLegend, BoardNotices, BoardToolbar } from './BoardToolbar';
import { ScenarioCompare } from './ScenarioCompare';
import { ScheduleBoard } from './ScheduleBoard';
import { useBoardCommands } from './useBoardCommands';
import { useBoardSelection } from './useBoardSelection';
import { useBoardSource } from './useBoardSource';

export function ScheduleBoardPage() {
  const { t } = useTranslation();
  const decl = productionBoard;
  const [zoom, setZoom] = useState<CalendarZoom>(decl.defaultZoom);
  const source = useBoardSource(decl);
  const { data, scenario, current, moved, liveBars, range, error } = source;
  const [showCompare, setShowCompare] = useState(true);
  const [showLive, setShowLive] = useState(true);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const [exporting, setExporting] = useState(false);
  const sel = useBoardSelection(data);
  const { history, onCommand, pushMove, undo, redo } = useBoardCommands(source, !!dialog);
  const ghosts = useMemo(() => (moved && showLive ? (liveBars ?? []).filter((b) => moved.has(b.plan_id)) : undefined), [moved, showLive, liveBars]);
  const readonly = !!current && current.status !== 'draft';
  const canEdit = !readonly;
  const { bar, selection, siblings } = sel;
  const mergeTarget = selection.length >= 2 ? selection : siblings;

  const openScenario = useCallback((id: number | null) => {
    history.clear();
    sel.selectOnly(null);
    source.showScenario(id);
    setShowCompare(true);
  }, [history, sel, source]);

  const toggleLock = (b: BoardBar | null = bar) => {
    if (b) void onCommand({ op: b.locked ? 'unlock' : 'lock', bar_id: b.id, version: b.version }, b);
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

  return (
    <div data-testid="schedule-board" data-scenario={scenario ?? 'live'} style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 110px)', gap: 6, padding: 8, minWidth: 0, contain: 'inline-size' }}>
      <BoardToolbar
        source={source}
        zoom={zoom}
        onZoom={setZoom}
        onOpenScenario={openScenario}
        canUndo={history.canUndo()}
        canRedo={history.canRedo()}
        onUndo={() => void undo()}
        onRedo={() => void redo()}
        bar={bar}
        canEdit={canEdit}
        onLock={() => toggleLock()}
        onSplit={() => bar && setDialog({ kind: 'split', bar })}
        canMerge={mergeTarget.length >= 2}
        onMerge={() => setDialog({ kind: 'merge', bars: mergeTarget })}
        onAuto={() => setDialog({ kind: 'auto' })}
        onCompare={scenario !== null && !showCompare ? () => setShowCompare(true) : undefined}
        exporting={exporting}
        onExport={() => void exportExcel()}
        selectionCount={selection.length}
      />
      <BoardNotices source={source} readonly={readonly} />
      <BoardLegend scenarioShown={scenario !== null} showLive={showLive} onShowLive={setShowLive} movedCount={moved?.size ?? 0} />
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
              selectedId={sel.selected}
              marked={sel.marked}
              ghosts={ghosts}
              readonly={readonly}
              onSelect={sel.onSelect}
              onContextMenu={(_, x, y) => setMenu({ x, y })}
              onCommand={(cmd, before) => void onCommand(cmd, before)}
              onOverload={(ask) => setDialog({ kind: 'overload', ask })}
              onRefused={(m) => toast.warning(m)}
            />
          )}
        </div>
        {scenario !== null && showCompare && data && (
          <ScenarioCompare
            scenarioId={scenario}
            lines={data.lines}
            readonly={readonly}
            reloadKey={source.compareKey}
            moved={moved?.size ?? null}
            onPublish={(cmp) => setDialog({ kind: 'publish', cmp })}
            onDiscard={(cmp) => setDialog({ kind: 'discard', cmp })}
            onClose={() => setShowCompare(false)}
          />
        )}
      </div>
      <BoardBarMenu
        at={menu}
        bar={bar}
        canEdit={canEdit}
        selection={selection}
        siblings={siblings}
        onClose={() => setMenu(null)}
        onSplit={(b) => setDialog({ kind: 'split', bar: b })}
        onMerge={(bars) => setDialog({ kind: 'merge', bars })}
        onLock={() => toggleLock()}
      />
      <BoardPageDialogs dialog={dialog} setDialog={setDialog} source={source} onCommand={onCommand} pushMove={pushMove} onMerged={sel.selectOnly} onOpenScenario={openScenario} />
    </div>
  );
}
