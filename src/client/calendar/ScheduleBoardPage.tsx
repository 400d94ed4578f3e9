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
import { useTranslation } from 'react-i18next';
import { toast } from '../kernel/toast-bus';
import './board-messages';
import { BoardActualsPanel } from './BoardActualsPanel';
import { BoardBarMenu, BoardPageDialogs } from './BoardPageDialogs';
import { BoardLegend, BoardNotices, BoardToolbar } from './BoardToolbar';
import { ScenarioCompare } from './ScenarioCompare';
import { LateReasonsPanel } from './LateReasonsPanel';
import { ScheduleBoard } from './ScheduleBoard';
import { useScheduleBoardPage, type ScheduleBoardPageState } from './useScheduleBoardPage';

export function ScheduleBoardPage() {
  const page = useScheduleBoardPage();
  const { source, sel, history, setDialog, mergeTarget, canEdit, readonly } = page;
  const { scenario, moved } = source;
  const { bar, selection, siblings } = sel;

  return (
    <div data-testid="schedule-board" data-scenario={scenario ?? 'live'} style={{ display: 'flex', flexDirection: 'column', height: 'calc(100vh - 110px)', gap: 6, padding: 8, minWidth: 0, contain: 'inline-size' }}>
      <BoardToolbar
        source={source}
        zoom={page.zoom}
        onZoom={page.setZoom}
        onOpenScenario={page.openScenario}
        canUndo={history.canUndo()}
        canRedo={history.canRedo()}
        onUndo={() => void page.undo()}
        onRedo={() => void page.redo()}
        bar={bar}
        canEdit={canEdit}
        onLock={() => page.toggleLock()}
        onSplit={() => bar && setDialog({ kind: 'split', bar })}
        canMerge={mergeTarget.length >= 2}
        onMerge={() => setDialog({ kind: 'merge', bars: mergeTarget })}
        onAuto={() => setDialog({ kind: 'auto' })}
        onCompare={scenario !== null && !page.showCompare ? () => page.setShowCompare(true) : undefined}
        exporting={page.exporting}
        onExport={() => void page.exportExcel()}
        selectionCount={selection.length}
        actual={page.showActual}
        onActual={page.setShowActual}
      />
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
