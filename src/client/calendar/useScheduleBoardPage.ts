/**
 * The scheduling board page's state and commands: the board's source, zoom, selection, undo/redo,
 * the open menu and dialog, the scenario comparison's visibility, lock/unlock and the Excel export.
 *
 * Example: `const page = useScheduleBoardPage(); page.openScenario(null); page.toggleLock();`
 */
import { startTransition, useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productionBoard } from '../../../calendars/production-board.calendar';
import type { CalendarZoom } from '../../model/calendar';
import { scheduleCalls } from '../../model/calls/schedule';
import type { BoardBar } from '../../model/schedule-board';
import { downloadFile } from '../engine/upload-api';
import { toast } from '../kernel/toast-bus';
import type { BoardDialog } from './BoardPageDialogs';
import { useBoardActuals } from './useBoardActuals';
import { useBoardCommands, type MaterialAsk } from './useBoardCommands';
import { useBoardSelection } from './useBoardSelection';
import { useBoardSource } from './useBoardSource';
import { useLateReasons } from './useLateReasons';

export function useScheduleBoardPage() {
  const { t } = useTranslation();
  const decl = productionBoard;
  const [zoom, setZoomState] = useState<CalendarZoom>(decl.defaultZoom);
  // A zoom tab clicked: the board draws itself at the new zoom at once (its painter), and the page
  // (toolbar, lists, overlays) renders the new zoom as a transition, so the click's frame is the canvas's.
  const zoomPainter = useRef<((z: CalendarZoom) => void) | null>(null);
  const setZoom = useCallback((z: CalendarZoom) => {
    zoomPainter.current?.(z);
    startTransition(() => setZoomState(z));
  }, []);
  const source = useBoardSource(decl);
  const { data, scenario, current, moved, liveBars, horizon } = source;
  const [showCompare, setShowCompare] = useState(true);
  const [showLive, setShowLive] = useState(true);
  const [menu, setMenu] = useState<{ x: number; y: number } | null>(null);
  const [dialog, setDialog] = useState<BoardDialog>(null);
  const [exporting, setExporting] = useState(false);
  const sel = useBoardSelection(data);
  // Plan against actual (issue 31): read while the toolbar's 计划/实际 switch is on.
  const [showActual, setShowActual] = useState(false);
  const actuals = useBoardActuals(source, showActual);
  // Why the late bars are late (issue 31): the tooltip and the reason strip under the board.
  const late = useLateReasons(source.reasonSpan, source.revision, sel.selectOnly, source.edit, sel.bar?.line_id ?? null);
  // A move before its plan's material is in: the server answers the gate, the page asks the planner.
  const onMaterial = useCallback((ask: MaterialAsk) => setDialog({ kind: 'material', ask }), []);
  const { history, onCommand, pushMove, undo, redo } = useBoardCommands(source, !!dialog, onMaterial);
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
      await downloadFile(scheduleCalls.export.path, { from: horizon.from, to: horizon.to, scenario: scenario ?? undefined }, `schedule_${horizon.from}_${horizon.to}.xlsx`, { quiet: true });
    } catch (e) {
      toast.error(t('board.exportFailed', { message: e instanceof Error ? e.message : String(e) }));
    } finally {
      setExporting(false);
    }
  };

  return {
    decl, zoom, setZoom, zoomPainter, source, showCompare, setShowCompare, showLive, setShowLive, menu, setMenu, dialog, setDialog, exporting,
    sel, showActual, setShowActual, actuals, late, history, onCommand, pushMove, undo, redo, ghosts, readonly, canEdit, mergeTarget, openScenario, toggleLock, exportExcel,
  };
}

export type ScheduleBoardPageState = ReturnType<typeof useScheduleBoardPage>;
