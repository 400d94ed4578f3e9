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
import { useMemo, useRef } from 'react';
import type { CalendarZoom } from '../../model/calendar';
import { useTranslation } from 'react-i18next';
import { toast } from '../kernel/toast-bus';
import './board-messages';
import { BoardActualsPanel } from './BoardActualsPanel';
import { BoardBarMenu, BoardPageDialogs } from './BoardPageDialogs';
import { BoardLegend, BoardNotices, BoardToolbar, type BoardToolbarProps } from './BoardToolbar';
import { ScenarioCompare } from './ScenarioCompare';
import { LateReasonsPanel } from './LateReasonsPanel';
import { ScheduleBoard } from './ScheduleBoard';
import { useScheduleBoardPage, type ScheduleBoardPageState } from './useScheduleBoardPage';

export function ScheduleBoardPage() {
  const page = useScheduleBoardPage();
  const { source, sel, setDialog, canEdit, readonly } = page;
  const toolbar = useToolbarProps(page);
  const { scenario, moved } = source;
  const { bar, selection, siblings } = sel;

  return (
    <div data-testid="schedule-board" data-scenario={scenario ?? 'live'} style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 110px)', gap: 6, padding: 8, minWidth: 0, contain: 'inline-size' }}>
      <BoardToolbar {...toolbar} />
      <BoardNotices source={source} readonly={readonly} />
      <BoardLegend scenarioShown={scenario !== null} showLive={page.showLive} onShowLive={page.setShowLive} movedCount={moved?.size ?? 0} />
      {page.showActual && <BoardActualsPanel view={page.actuals.view} error={page.actuals.error} bar={bar} lines={source.data?.lines ?? []} />}
      <BoardBody page={page} />
      <BoardBarMenu
        at={page.menu}
        bar={bar}
        canEdit={canEdit}
        selection={selection}
        siblings={siblings}
        onClose={() => page.setMenu(null)}
        onSplit={(b) => setDialog({ kind: 'split', bar: b })}
        onMerge={(bars) => setDialog({ kind: 'merge', bars })}
        onLock={() => page.toggleLock()}
      />
      <BoardPageDialogs dialog={page.dialog} setDialog={setDialog} source={source} onCommand={page.onCommand} pushMove={page.pushMove} onMerged={sel.selectOnly} onOpenScenario={page.openScenario} />
    </div>
  );
}

/**
 * The toolbar's props, stable while only the board's bars change: its commands read the page as it is
 * when clicked, its source is what it shows of the schedule. So a window of bars merged while the
 * planner scrolls does not draw the toolbar again (about a third of a merge's work at 100,000 bars, B5).
 */
function useToolbarProps(page: ScheduleBoardPageState): BoardToolbarProps {
  const latest = useRef(page);
  latest.current = page;
  const commands = useMemo(() => {
    const p = () => latest.current;
    return {
      onZoom: (z: CalendarZoom) => p().setZoom(z),
      onOpenScenario: (id: number | null) => p().openScenario(id),
      onUndo: () => void p().undo(),
      onRedo: () => void p().redo(),
      onLock: () => p().toggleLock(),
      onSplit: () => { const bar = p().sel.bar; if (bar) p().setDialog({ kind: 'split', bar }); },
      onMerge: () => p().setDialog({ kind: 'merge', bars: p().mergeTarget }),
      onAuto: () => p().setDialog({ kind: 'auto' }),
      onShowCompare: () => p().setShowCompare(true),
      onExport: () => void p().exportExcel(),
      onActual: (on: boolean) => p().setShowActual(on),
    };
  }, []);
  const { decl, scenario, scenarios, current, loadScenarios, load } = page.source;
  const source = useMemo(() => ({ decl, scenario, scenarios, current, loadScenarios, load }), [decl, scenario, scenarios, current, loadScenarios, load]);
  const { onShowCompare, ...rest } = commands;
  return {
    ...rest,
    source,
    zoom: page.zoom,
    canUndo: page.history.canUndo(),
    canRedo: page.history.canRedo(),
    bar: page.sel.bar,
    canEdit: page.canEdit,
    canMerge: page.mergeTarget.length >= 2,
    onCompare: scenario !== null && !page.showCompare ? onShowCompare : undefined,
    exporting: page.exporting,
    selectionCount: page.sel.selection.length,
    actual: page.showActual,
  };
}

/** The board (or its loading, error or empty state) and, for a scenario, its comparison beside it. */
function BoardBody({ page }: { page: ScheduleBoardPageState }) {
  const { t } = useTranslation();
  const { source, sel, setDialog, readonly, onCommand } = page;
  const { data, scenario, moved, error } = source;
  return (
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
            decl={page.decl}
            data={data}
            zoom={page.zoom}
            selectedId={sel.selected}
            marked={sel.marked}
            ghosts={page.ghosts}
            readonly={readonly}
            onSelect={sel.onSelect}
            onContextMenu={(_, x, y) => page.setMenu({ x, y })}
            onCommand={(cmd, before) => void onCommand(cmd, before)}
            onOverload={(ask) => setDialog({ kind: 'overload', ask })}
            onRefused={(m) => toast.warning(m)}
            actuals={page.actuals.view}
            lateReasons={page.late.byBar}
            reveal={page.late.reveal}
            onViewSpan={source.onView}
            painter={source.painter}
            prelayout={source.prelayout}
            paintZoom={page.zoomPainter}
          />
        )}
        {data && sel.bar?.late && <LateReasonsPanel bar={sel.bar} reasons={page.late.of(sel.bar.id)} loading={page.late.loading} onOpen={page.late.open} onClose={() => sel.selectOnly(null)} />}
      </div>
      {scenario !== null && page.showCompare && data && (
        <ScenarioCompare
          scenarioId={scenario}
          lines={data.lines}
          readonly={readonly}
          reloadKey={source.compareKey}
          moved={moved?.size ?? null}
          onPublish={(cmp) => setDialog({ kind: 'publish', cmp })}
          onDiscard={(cmp) => setDialog({ kind: 'discard', cmp })}
          onClose={() => page.setShowCompare(false)}
        />
      )}
    </div>
  );
}
