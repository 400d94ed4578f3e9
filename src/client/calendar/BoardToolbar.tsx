/**
 * The board page's header: title, scenario picker, zoom tabs and the toolbar (undo, redo, lock,
 * split, merge, auto-schedule, compare, export, refresh); the notices under it (one line from a
 * report, a scenario shown); and the legend line with the keyboard hint.
 */
import {
  Button, Checkbox, Dropdown, MessageBar, MessageBarBody, Option, Spinner, Tab, TabList, ToggleButton, Toolbar, ToolbarDivider,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular, ArrowDownloadRegular, ArrowTrendingLinesRegular, ArrowRedoRegular, ArrowUndoRegular, DataBarVerticalRegular, FlashRegular, LockClosedRegular, LockOpenRegular, MergeRegular, SplitHorizontalRegular,
} from '@fluentui/react-icons';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarZoom } from '../../model/calendar';
import type { BoardBar, ScenarioSummary } from '../../model/schedule-board';
import { localStamp } from './board-model';
import type { BoardSource } from './useBoardSource';

/** What the toolbar reads of the board's source (not its bars: a window merged while scrolling does not draw it again). */
export type ToolbarSource = Pick<BoardSource, 'decl' | 'scenario' | 'scenarios' | 'current' | 'loadScenarios' | 'load'>;

export type BoardToolbarProps = {
  source: ToolbarSource;
  zoom: CalendarZoom;
  onZoom: (z: CalendarZoom) => void;
  onOpenScenario: (id: number | null) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  bar: BoardBar | null;
  canEdit: boolean;
  onLock: () => void;
  onSplit: () => void;
  canMerge: boolean;
  onMerge: () => void;
  onAuto: () => void;
  /** The compare panel is closed while a scenario is shown: a button reopens it. */
  onCompare?: () => void;
  exporting: boolean;
  onExport: () => void;
  selectionCount: number;
  /** Plan against actual shown (the 计划/实际 switch). */
  actual?: boolean;
  onActual?: (on: boolean) => void;
};

/** Drawn again only when a prop changes (memo): the page gives it stable commands (ScheduleBoardPage's useToolbarProps). */
export const BoardToolbar = memo(function BoardToolbar(p: BoardToolbarProps) {
  const { t, i18n } = useTranslation();
  const { decl, scenario, scenarios, current } = p.source;
  const shownScenarios = scenarios.filter((s) => s.status === 'draft' || s.id === scenario);
  const scenarioLabel = (s: ScenarioSummary | null) => (s ? `${s.name}${s.status !== 'draft' ? ` (${t(`board.scenario.${s.status}`)})` : ''}` : t('board.scenario.live'));
  const { bar, canEdit } = p;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap' }}>
      <h2 style={{ margin: 0, fontSize: 18, whiteSpace: 'nowrap' }}>{decl.title[i18n.language === 'en' ? 'en' : 'zh']}</h2>
      <Dropdown
        data-testid="scenario-picker"
        aria-label={t('board.scenario')}
        size="small"
        style={{ minWidth: 220 }}
        value={scenarioLabel(current)}
        selectedOptions={[scenario === null ? 'live' : String(scenario)]}
        onOpenChange={(_, d) => d.open && void p.source.loadScenarios()}
        onOptionSelect={(_, d) => d.optionValue && p.onOpenScenario(d.optionValue === 'live' ? null : Number(d.optionValue))}
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
      <ZoomTabs zooms={decl.zooms} zoom={p.zoom} onZoom={p.onZoom} />
      <Toolbar size="small" style={{ flexWrap: 'wrap' }}>
        <Button appearance="subtle" icon={<ArrowUndoRegular />} disabled={!p.canUndo} onClick={p.onUndo} title={t('board.undo')} aria-label={t('board.undo')} data-testid="board-undo" />
        <Button appearance="subtle" icon={<ArrowRedoRegular />} disabled={!p.canRedo} onClick={p.onRedo} title={t('board.redo')} aria-label={t('board.redo')} data-testid="board-redo" />
        <ToolbarDivider />
        <Button appearance="subtle" data-testid="board-lock" icon={bar?.locked ? <LockOpenRegular /> : <LockClosedRegular />} disabled={!bar || !canEdit} onClick={p.onLock}>
          {bar?.locked ? t('board.unlock') : t('board.lock')}
        </Button>
        <Button appearance="subtle" data-testid="board-split" icon={<SplitHorizontalRegular />} disabled={!bar || !canEdit || bar.locked} onClick={p.onSplit}>{t('board.split')}</Button>
        <Button appearance="subtle" data-testid="board-merge" icon={<MergeRegular />} title={t('board.multiHint')} disabled={!canEdit || !p.canMerge} onClick={p.onMerge}>{t('board.merge')}</Button>
        <ToolbarDivider />
        <Button appearance="primary" size="small" data-testid="board-auto" icon={<FlashRegular />} onClick={p.onAuto}>{t('board.auto')}</Button>
        {p.onActual && (
          <ToggleButton appearance="subtle" data-testid="board-actual-toggle" icon={<ArrowTrendingLinesRegular />} checked={!!p.actual} aria-pressed={!!p.actual}
            title={t('board.actual.toggleHint')} onClick={() => p.onActual?.(!p.actual)}>{t('board.actual.toggle')}</ToggleButton>
        )}
        {p.onCompare && <Button appearance="subtle" data-testid="board-compare" icon={<DataBarVerticalRegular />} onClick={p.onCompare}>{t('board.compare')}</Button>}
        <Button appearance="subtle" data-testid="board-export" icon={p.exporting ? <Spinner size="extra-tiny" /> : <ArrowDownloadRegular />} disabled={p.exporting} onClick={p.onExport}>
          {p.exporting ? t('board.exporting') : t('board.export')}
        </Button>
        <Button appearance="subtle" icon={<ArrowClockwiseRegular />} title={t('board.reload')} aria-label={t('board.reload')} onClick={() => void p.source.load()} />
      </Toolbar>
      {p.selectionCount > 1 && <span data-testid="board-selection-count" style={{ fontSize: 12, color: '#4f6bed' }}>{t('board.selectedCount', { count: p.selectionCount })}</span>}
    </div>
  );
});

/** The notices under the toolbar: one line opened from a report; the scenario shown, or that it is read-only. */
export function BoardNotices({ source, readonly }: { source: BoardSource; readonly: boolean }) {
  const { t } = useTranslation();
  const { lineOnly, focusDate, data, current } = source;
  return (
    <>
      {lineOnly !== null && (
        <MessageBar intent="info" data-testid="board-line-only">
          <MessageBarBody>
            {t('board.lineOnly', { line: data?.lines.find((l) => l.id === lineOnly)?.code ?? '', date: focusDate ?? '' })}{' '}
            <Button size="small" appearance="transparent" data-testid="board-line-only-clear" onClick={source.clearLineOnly}>{t('board.lineOnly.all')}</Button>
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
    </>
  );
}

/** The legend line: load strip colours, late tail, locked, rest day; the live-positions switch under a scenario; the keyboard hint. */
export const BoardLegend = memo(function BoardLegend({ scenarioShown, showLive, onShowLive, movedCount }: { scenarioShown: boolean; showLive: boolean; onShowLive: (on: boolean) => void; movedCount: number }) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', gap: 16, fontSize: 11, color: '#666', alignItems: 'center', flexWrap: 'wrap' }}>
      <Legend colour="#6bb36b" text={t('board.legend.load')} />
      <Legend colour="#d13438" text={t('board.legend.late')} />
      <Legend colour="#555" text={t('board.legend.locked')} />
      <Legend colour="#e9e9ee" text={t('board.legend.rest')} />
      {scenarioShown && (
        <Checkbox data-testid="board-show-live" size="medium" checked={showLive} onChange={(_, d) => onShowLive(!!d.checked)}
          label={<span style={{ fontSize: 11 }}>{t('board.showLive', { count: movedCount })}</span>} />
      )}
      <span title={t('board.multiHint')}>{t('board.keyboardHint')}</span>
    </div>
  );
});

function Legend({ colour, text }: { colour: string; text: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
      <span style={{ width: 10, height: 10, background: colour, borderRadius: 2, display: 'inline-block', border: '1px solid #ccc' }} />
      {text}
    </span>
  );
}

/**
 * The zoom tabs: the clicked tab shows at once (their own state), while the page takes the new zoom
 * as a transition (useScheduleBoardPage `setZoom`).
 */
function ZoomTabs({ zooms, zoom, onZoom }: { zooms: readonly CalendarZoom[]; zoom: CalendarZoom; onZoom: (z: CalendarZoom) => void }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(zoom);
  useEffect(() => setShown(zoom), [zoom]);
  return (
    <TabList selectedValue={shown} onTabSelect={(_, d) => { setShown(d.value as CalendarZoom); onZoom(d.value as CalendarZoom); }} size="small">
      {zooms.map((z) => <Tab key={z} value={z} data-testid={`board-zoom-${z}`}>{t(`board.zoom.${z}`)}</Tab>)}
    </TabList>
  );
}
