import { Link, Select, Spinner } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular, OpenRegular } from '@fluentui/react-icons';
import { useNavigate } from 'react-router-dom';
import { SCHEDULE_BOARD_PATH } from '../../../../../calendars/production-board.calendar';
import type { Label } from '../../../../model';
import { SCHEDULE_KPIS, type KpiRow } from '../../../../model/schedule-board';
import { WALL } from '../tower-texts';
import { useTowerScenarios } from './use-tower-scenarios';
import { groupedNumber } from '../../../../model/number-text';

const S = {
  title: { zh: '排产方案对比', en: 'Scheduling scenarios' },
  pick: { zh: '排产方案', en: 'Scenario' },
  liveOnly: { zh: '仅正式排产', en: 'Live plan only' },
  live: { zh: '正式排产', en: 'Live plan' },
  scenario: { zh: '方案', en: 'Scenario' },
  range: { zh: '比较区间', en: 'Compared over' },
  openBoard: { zh: '在排产板中打开', en: 'Open on the board' },
  noScenario: { zh: '暂无草稿方案', en: 'No draft scenario' },
  noScenarioHow: { zh: '暂无草稿方案：在排产板上"自动排产"即可生成方案。', en: 'No draft scenario: run auto-schedule on the board to make one.' },
  failed: { zh: '排产指标加载失败', en: 'The schedule figures could not be loaded' },
  answered: { zh: '用时', en: 'answered in' },
  pp: { zh: '个百分点', en: 'pts' },
  by: { zh: '创建人', en: 'by' },
} satisfies Record<string, Label>;

const format = (key: KpiRow['key'], v: number) => (SCHEDULE_KPIS.find((k) => k.key === key)!.format === 'percent' ? `${(v * 100).toFixed(1)}%` : groupedNumber(v, 3));
const TONE = { better: WALL.good, worse: WALL.bad, same: WALL.muted } as const;

const CARD = { background: WALL.card, border: `1px solid ${WALL.border}`, borderRadius: 10, padding: '10px 12px', display: 'flex', flexDirection: 'column', gap: 4, minWidth: 0 } as const;

/** A figure's card before the reply: its label, a dash where the figure goes, the same height as the card it becomes. */
function KpiWaiting({ label, failed }: { label: string; failed: boolean }) {
  return (
    <div data-testid="scenario-kpi-waiting" style={CARD}>
      <span style={{ color: WALL.muted, fontSize: 13 }}>{label}</span>
      <span style={{ fontSize: 24, fontWeight: 700, color: WALL.muted }}>{failed ? '—' : '…'}</span>
      <span style={{ fontSize: 12, color: WALL.muted }}>&nbsp;</span>
    </div>
  );
}

/** One figure: the live plan's, the scenario's beside it and the difference, green when better, red when worse. */
function KpiCard({ row, tr }: { row: KpiRow; tr: (l: Label) => string }) {
  const decl = SCHEDULE_KPIS.find((k) => k.key === row.key)!;
  const diff = row.diff === null ? '' : decl.format === 'percent' ? `${row.diff > 0 ? '+' : ''}${(row.diff * 100).toFixed(1)} ${tr(S.pp)}` : `${row.diff > 0 ? '+' : ''}${groupedNumber(row.diff, 3)}`;
  return (
    <div data-testid={`scenario-kpi-${row.key}`} data-live={row.live} data-scenario={row.scenario ?? ''} data-diff={row.diff ?? ''} data-tone={row.tone ?? ''}
      style={CARD}>
      <span style={{ color: WALL.muted, fontSize: 13 }}>{tr(decl.label)}</span>
      <span style={{ display: 'flex', alignItems: 'baseline', gap: 8, flexWrap: 'wrap' }}>
        <span title={tr(S.live)} style={{ fontSize: 24, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>{format(row.key, row.live)}</span>
        {row.scenario !== null ? (
          <span title={tr(S.scenario)} style={{ fontSize: 16, color: WALL.muted, fontVariantNumeric: 'tabular-nums' }}>
            → <span style={{ color: WALL.text }}>{format(row.key, row.scenario)}</span>
          </span>
        ) : null}
      </span>
      {row.tone ? (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 13, color: TONE[row.tone] }}>
          {row.diff! > 0 ? <ArrowUpRegular /> : row.diff! < 0 ? <ArrowDownRegular /> : null}
          {row.tone === 'same' ? '±0' : diff}
        </span>
      ) : (
        <span style={{ fontSize: 12, color: WALL.muted }}>{tr(S.live)}</span>
      )}
    </div>
  );
}

/**
 * The board's what-if scenarios on the control tower (issue 34): pick a draft scenario and its figures
 * (late orders, late plans, pieces late, utilisation, changeovers, plans placed) stand beside the live
 * plan's with the differences; both are measured by the planning service's one function. Shown to users
 * with the scheduling board; it opens the board on the picked scenario. `towerDrawn`: the tower's first
 * reply is drawn (the figures are asked after it: use-tower-scenarios.ts).
 */
export function TowerScenarios({ tr, full, towerDrawn }: { tr: (l: Label) => string; full: boolean; towerDrawn: boolean }) {
  const s = useTowerScenarios(towerDrawn);
  const navigate = useNavigate();
  if (!s.shown) return null;
  const { reply } = s;
  const picked = reply?.scenario?.summary ?? null;
  const none = !!reply && !reply.scenarios.length && s.scenario === null;
  // Short in the heading's line; the whole sentence (how to make a scenario) in its tooltip.
  const hint = s.failed && !reply ? tr(S.failed) : none ? tr(S.noScenario) : null;
  return (
    <section data-testid="tower-scenarios" data-scenario={s.scenario ?? 'live'} data-loaded={s.settled ? '1' : '0'} data-took={reply?.took_ms ?? ''} style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
        <span style={{ fontSize: 16, fontWeight: 600 }}>{tr(S.title)}</span>
        <Select data-testid="tower-scenario-pick" aria-label={tr(S.pick)} value={s.scenario === null ? '' : String(s.scenario)} onChange={(_, d) => s.pick(d.value ? Number(d.value) : null)} style={{ width: 260 }}>
          <option value="">{tr(S.liveOnly)}</option>
          {picked && !reply!.scenarios.some((x) => x.id === picked.id) ? <option value={String(picked.id)}>{picked.name}</option> : null}
          {(reply?.scenarios ?? []).map((x) => (
            <option key={x.id} value={String(x.id)}>{`${x.name}（${x.created_by_name}）`}</option>
          ))}
        </Select>
        {reply ? <span style={{ color: WALL.muted, fontSize: 13 }}>{`${tr(S.range)} ${reply.range.from} ~ ${reply.range.to}`}</span> : null}
        {s.loading ? <Spinner size="extra-tiny" /> : null}
        {s.tookMs !== null && !s.loading ? <span data-testid="tower-scenarios-took" style={{ color: WALL.muted, fontSize: 12 }}>{`${tr(S.answered)} ${s.tookMs} ms`}</span> : null}
        {/* In the heading's own line, cut short rather than wrapped to a second line (a wrap would push the tower down). */}
        <span data-testid={none ? 'tower-scenarios-none' : undefined} title={none ? tr(S.noScenarioHow) : (hint ?? undefined)} style={{ flex: '1 1 0', minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', color: WALL.muted, fontSize: 13 }}>
          {hint}
        </span>
        {!full ? (
          <Link data-testid="tower-scenario-board" onClick={() => navigate(`${SCHEDULE_BOARD_PATH}${s.scenario === null ? '' : `?scenario=${s.scenario}`}`)} style={{ color: WALL.muted, display: 'inline-flex', alignItems: 'center', gap: 4 }}>
            <OpenRegular /> {tr(S.openBoard)}
          </Link>
        ) : null}
      </div>
      {/* The figures' row is drawn from the first render (dashes until the reply), so nothing under it moves when they arrive. */}
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(6, minmax(0, 1fr))', gap: 12 }}>
        {reply ? s.rows.map((row) => <KpiCard key={row.key} row={row} tr={tr} />) : SCHEDULE_KPIS.map((k) => <KpiWaiting key={k.key} label={tr(k.label)} failed={s.failed} />)}
      </div>
    </section>
  );
}
