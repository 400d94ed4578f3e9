/** The what-if panel's parts: a change coloured better / worse, the per-line table and the plans the scenario cannot place on time. */
import type React from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardLine, ScenarioComparison } from '../../model/schedule-board';
import { delta } from './board-model';
import { groupedNumber } from '../../model/number-text';

export const GOOD = '#107c10';
export const BAD = '#c50f1f';
export const th: React.CSSProperties = { textAlign: 'right', fontWeight: 600, color: '#555', padding: '4px 6px', borderBottom: '1px solid #e3e3e6', whiteSpace: 'nowrap' };
export const td: React.CSSProperties = { textAlign: 'right', padding: '4px 6px', borderBottom: '1px solid #f0f0f2', whiteSpace: 'nowrap' };

export function fmt(n: number, pct?: boolean): string {
  return pct ? `${(n * 100).toFixed(1)}%` : groupedNumber(Math.round(n));
}

export function Delta({ live, scen, lowerIsBetter, pct, testid, neutral }: { live: number; scen: number; lowerIsBetter: boolean; pct?: boolean; testid?: string; neutral?: boolean }) {
  const { t } = useTranslation();
  const d = delta(live, scen, lowerIsBetter);
  if (d.tone === 'same') return <span data-testid={testid} data-tone="same" style={{ color: '#888' }}>—</span>;
  const sign = d.diff > 0 ? '+' : '−';
  const text = pct ? `${sign}${Math.abs(d.diff * 100).toFixed(1)} pt` : `${sign}${groupedNumber(Math.abs(Math.round(d.diff)))}`;
  return (
    <span data-testid={testid} data-tone={neutral ? 'changed' : d.tone} title={neutral ? undefined : t(`board.compare.${d.tone}`)} style={{ color: neutral ? '#555' : d.tone === 'better' ? GOOD : BAD, fontWeight: 600 }}>
      {d.diff > 0 ? '▲' : '▼'} {text}
    </span>
  );
}

/** Two thin bars per line: live above, scenario below, with 100 % marked. */
function UtilBars({ live, scen }: { live: number; scen: number }) {
  const w = (r: number) => `${Math.min(100, r * 100 / 1.2)}%`;
  const bar = (r: number, colour: string) => <div style={{ height: 5, width: w(r), background: r > 1 ? BAD : colour, borderRadius: 2 }} />;
  return (
    <div style={{ position: 'relative', width: 90, display: 'flex', flexDirection: 'column', gap: 2 }}>
      {bar(live, '#9aa3b5')}
      {bar(scen, '#4f6bed')}
      <div style={{ position: 'absolute', left: `${100 / 1.2}%`, top: -1, bottom: -1, borderLeft: '1px dashed #999' }} />
    </div>
  );
}

/** Per line: utilisation and changeovers, live against the scenario. */
export function CompareLines({ cmp, lines }: { cmp: ScenarioComparison; lines: BoardLine[] }) {
  const { t } = useTranslation();
  const liveLine = new Map(cmp.live.per_line.map((x) => [x.line_id, x]));
  const scenLine = new Map(cmp.scenario.metrics.per_line.map((x) => [x.line_id, x]));
  const lineIds = [...new Set([...lines.map((x) => x.id), ...scenLine.keys()])].filter((id) => liveLine.has(id) || scenLine.has(id));
  const lineOf = new Map(lines.map((x) => [x.id, x]));
  return (
  <section>
    <div style={{ fontWeight: 600, marginBottom: 4 }}>{t('board.compare.perLine')}</div>
    <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 12 }} data-testid="compare-lines">
      <thead>
        <tr>
          <th style={{ ...th, textAlign: 'left' }}>{t('board.compare.line')}</th>
          <th style={th}>{t('board.compare.utilisation')}</th>
          <th style={th} />
          <th style={th}>{t('board.compare.changeovers')}</th>
        </tr>
      </thead>
      <tbody>
        {lineIds.map((id) => {
          const a = liveLine.get(id) ?? { utilisation: 0, changeovers: 0 };
          const b = scenLine.get(id) ?? { utilisation: 0, changeovers: 0 };
          const line = lineOf.get(id);
          return (
            <tr key={id} data-testid={`compare-line-${line?.code ?? id}`}>
              <td style={{ ...td, textAlign: 'left' }} title={line?.name}>{line?.code ?? id}</td>
              <td style={td}>
                <span style={{ color: '#888' }}>{fmt(a.utilisation, true)}</span> → <strong>{fmt(b.utilisation, true)}</strong>{' '}
                <Delta live={a.utilisation} scen={b.utilisation} lowerIsBetter={false} pct neutral />
              </td>
              <td style={td}><UtilBars live={a.utilisation} scen={b.utilisation} /></td>
              <td style={td}>{a.changeovers} → <strong>{b.changeovers}</strong> <Delta live={a.changeovers} scen={b.changeovers} lowerIsBetter /></td>
            </tr>
          );
        })}
      </tbody>
    </table>
  </section>
  );
}

/** The plans the scenario places late or not at all, with the reason. */
export function CompareIssues({ cmp }: { cmp: ScenarioComparison }) {
  const { t } = useTranslation();
  return (
  <section>
    <div style={{ fontWeight: 600, marginBottom: 4 }}>{t('board.compare.issues', { count: cmp.issues.length })}</div>
    {!cmp.issues.length ? (
      <div style={{ color: GOOD }}>{t('board.compare.noIssues')}</div>
    ) : (
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 12 }} data-testid="compare-issues">
        <thead>
          <tr>
            <th style={{ ...th, textAlign: 'left' }}>{t('board.compare.plan')}</th>
            <th style={{ ...th, textAlign: 'left' }}>{t('board.compare.reason')}</th>
            <th style={th}>{t('board.compare.delivery')}</th>
            <th style={th}>{t('board.compare.plannedEnd')}</th>
          </tr>
        </thead>
        <tbody>
          {cmp.issues.map((i) => (
            <tr key={i.plan_id} data-testid="compare-issue" data-reason={i.reason}>
              <td style={{ ...td, textAlign: 'left' }}>{i.plan_no}</td>
              <td style={{ ...td, textAlign: 'left', color: BAD }}>{t(`board.reason.${i.reason}`, { defaultValue: i.reason })}</td>
              <td style={td}>{i.delivery_date ?? '—'}</td>
              <td style={td}>{i.planned_end ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    )}
  </section>
  );
}
