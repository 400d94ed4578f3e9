/**
 * The what-if panel beside the board: a scenario's figures against the live schedule's over the
 * scenario's range (GET /api/scmapi/schedule/compare): late orders, pieces late, changeovers,
 * utilisation overall and per line, each with its change coloured better / worse, and the plans the
 * scenario cannot place on time with their reasons; Publish and Discard after a confirmation.
 */
import { Badge, Button, Spinner } from '@fluentui/react-components';
import { CheckmarkCircleRegular, DeleteRegular, DismissRegular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardLine, ScenarioComparison, ScheduleMetrics } from '../../model/schedule-board';
import { localStamp } from './board-model';
import { BAD, CompareIssues, CompareLines, Delta, fmt, td, th } from './ScenarioCompareParts';
import { useScenarioComparison } from './useScenarioComparison';

type Row = { key: string; label: string; live: number; scen: number; lowerIsBetter: boolean; pct?: boolean };

export function ScenarioCompare({ scenarioId, lines, readonly, reloadKey, moved, onPublish, onDiscard, onClose }: {
  /** Plans the scenario places differently from live (null while the live bars load). */
  moved: number | null;
  scenarioId: number;
  lines: BoardLine[];
  readonly: boolean;
  /** Changes when the scenario's bars change, so the figures are computed again. */
  reloadKey: number;
  onPublish: (c: ScenarioComparison) => void;
  onDiscard: (c: ScenarioComparison) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { cmp, error } = useScenarioComparison(scenarioId, reloadKey);
  if (error) return <CompareShell onClose={onClose}><div role="alert" style={{ color: BAD }}>{error}</div></CompareShell>;
  if (!cmp || cmp.scenario.id !== scenarioId) return <CompareShell onClose={onClose}><Spinner size="small" label={t('board.compare.loading')} /></CompareShell>;

  return (
    <CompareShell onClose={onClose}>
      <CompareHeading cmp={cmp} moved={moved} />
      <CompareMetrics cmp={cmp} />

      <CompareLines cmp={cmp} lines={lines} />
      <CompareIssues cmp={cmp} />

      {!readonly && (
        <div style={{ display: 'flex', gap: 8, position: 'sticky', bottom: -12, margin: '0 -12px -12px', padding: '8px 12px 12px', background: '#fff', borderTop: '1px solid #eee' }}>
          <Button appearance="primary" icon={<CheckmarkCircleRegular />} data-testid="scenario-publish" onClick={() => onPublish(cmp)}>{t('board.publish')}</Button>
          <Button appearance="secondary" icon={<DeleteRegular />} data-testid="scenario-discard" onClick={() => onDiscard(cmp)}>{t('board.discard')}</Button>
        </div>
      )}
    </CompareShell>
  );
}

/** The panel with its title and close button. */
function CompareShell({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <aside data-testid="scenario-compare" style={{ width: 400, flex: '0 0 400px', overflow: 'auto', border: '1px solid #e0e0e0', background: '#fff', padding: 12, display: 'flex', flexDirection: 'column', gap: 12, fontSize: 13 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <strong style={{ fontSize: 15, flex: 1 }}>{t('board.compare.title')}</strong>
        <Button appearance="subtle" size="small" icon={<DismissRegular />} aria-label={t('board.close')} onClick={onClose} />
      </div>
      {children}
    </aside>
  );
}

/** The scenario's name, state, author and time; whether live changed since; how many plans it moves. */
function CompareHeading({ cmp, moved }: { cmp: ScenarioComparison; moved: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
        <span style={{ fontWeight: 600 }}>{cmp.scenario.name}</span>
        <Badge appearance="tint" color={cmp.scenario.status === 'draft' ? 'informative' : cmp.scenario.status === 'published' ? 'success' : 'subtle'}>{t(`board.scenario.${cmp.scenario.status}`)}</Badge>
        <span style={{ color: '#888', fontSize: 12 }}>{cmp.scenario.created_by_name} · {localStamp(cmp.scenario.created_at)}</span>
      </div>
      {cmp.stale && cmp.scenario.status === 'draft' && (
        <div data-testid="compare-stale" role="alert" style={{ fontSize: 12, color: '#8a3b00', background: '#fff4ce', border: '1px solid #f7d17a', borderRadius: 4, padding: '6px 8px' }}>
          {cmp.stale.changes > 0
            ? t('board.compare.stale', { count: cmp.stale.changes, by: cmp.stale.by ?? '', at: cmp.stale.at ? localStamp(cmp.stale.at) : '' })
            : t('board.compare.staleRemoved')}
        </div>
      )}
      {moved !== null && <div data-testid="compare-moved" data-moved={moved} style={{ fontSize: 12, color: '#444' }}>{t('board.compare.moved', { count: moved })}</div>}
    </>
  );
}

/** The schedule's figures, live against the scenario, each with its change coloured better / worse. */
function CompareMetrics({ cmp }: { cmp: ScenarioComparison }) {
  const { t } = useTranslation();
  const s: ScheduleMetrics = cmp.scenario.metrics;
  const l: ScheduleMetrics = cmp.live;
  const rows: Row[] = [
    { key: 'latePlans', label: t('board.compare.latePlans'), live: l.late_plans, scen: s.late_plans, lowerIsBetter: true },
    { key: 'latePieces', label: t('board.compare.latePieces'), live: l.late_pieces, scen: s.late_pieces, lowerIsBetter: true },
    { key: 'changeovers', label: t('board.compare.changeovers'), live: l.changeovers, scen: s.changeovers, lowerIsBetter: true },
    { key: 'utilisation', label: t('board.compare.utilisation'), live: l.utilisation, scen: s.utilisation, lowerIsBetter: false, pct: true },
    { key: 'placed', label: t('board.compare.placed'), live: l.placed, scen: s.placed, lowerIsBetter: false },
    { key: 'plans', label: t('board.compare.plans'), live: l.plans, scen: s.plans, lowerIsBetter: false },
  ];
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%' }} data-testid="compare-metrics">
      <thead>
        <tr>
          <th style={{ ...th, textAlign: 'left' }}>{t('board.compare.metric')}</th>
          <th style={th}>{t('board.compare.live')}</th>
          <th style={th}>{t('board.compare.scenario')}</th>
          <th style={th}>{t('board.compare.delta')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.key} data-testid={`compare-${r.key}`} data-live={r.live} data-scenario={r.scen}>
            <td style={{ ...td, textAlign: 'left' }}>{r.label}</td>
            <td style={td}>{fmt(r.live, r.pct)}</td>
            <td style={{ ...td, fontWeight: 600 }}>{fmt(r.scen, r.pct)}</td>
            <td style={td}><Delta live={r.live} scen={r.scen} lowerIsBetter={r.lowerIsBetter} pct={r.pct} testid={`compare-${r.key}-delta`} /></td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
