import { Spinner } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowUpRegular } from '@fluentui/react-icons';
import { useMemo } from 'react';
import { drillOf, fmtValue, type ChartData, type ChartTheme } from '../../../../../reports/charts';
import { tileChartOption } from '../../../../../reports/charts/tile.chart';
import { getReport, type Label } from '../../../../model';
import type { TileResult } from '../../../../model/calls/tiles';
import { thresholdColor, tileDrillUrl, type TileSpec } from '../../../../model/tiles';
import { ReportChart } from '../../../engine/report/ReportChart';
import { reportChartData, shownMeasure, shownValue } from '../../../engine/report/report-view';
import { TT } from './tile-texts';

export type TileLook = { theme: ChartTheme; text: string; muted: string; border: string };
type Props = { spec: TileSpec; run: TileResult | null; loading?: boolean; error?: string | null; look: TileLook; tr: (l: Label) => string; height: number; onDrill: (url: string) => void; testId: string; lazy?: boolean };

const today = () => new Date().toISOString().slice(0, 10);

/** A number tile: the figure coloured by its thresholds, the change against the period before, a click opens its rows. */
function NumberTile({ spec, run, look, tr, onDrill, testId }: Props & { run: TileResult }) {
  const report = getReport(spec.report)!;
  const percent = report.measures.find((m) => m.key === spec.measure)?.format === 'percent';
  const color = thresholdColor(spec.thresholds, run.value, spec.color ?? look.text);
  const delta = run.previous !== null && run.value !== null ? run.value - run.previous : null;
  return (
    <button type="button" data-testid={`${testId}-number`} data-value={run.value ?? ''} onClick={() => onDrill(run.link)} title={tr(TT.drill)}
      style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'flex-start', justifyContent: 'center', gap: 6, background: 'transparent', border: 'none', cursor: 'pointer', padding: '4px 8px', color: look.text, textAlign: 'left' }}>
      <span style={{ fontSize: 44, fontWeight: 700, color, fontVariantNumeric: 'tabular-nums', lineHeight: 1.1 }}>{percent ? fmtValue(run.value, true) : shownMeasure(report, spec.measure, run.value)}</span>
      {delta !== null ? (
        <span data-testid={`${testId}-trend`} style={{ display: 'inline-flex', alignItems: 'center', gap: 4, fontSize: 13, color: look.muted }}>
          {delta > 0 ? <ArrowUpRegular /> : delta < 0 ? <ArrowDownRegular /> : null}
          {`${tr(TT.vsPrevious)} ${delta > 0 ? '+' : ''}${percent ? fmtValue(delta, true) : shownMeasure(report, spec.measure, delta)}`}
          {run.previous ? ` (${delta >= 0 ? '+' : ''}${((delta / Math.abs(run.previous)) * 100).toFixed(1)}%)` : ''}
        </span>
      ) : null}
      <span style={{ fontSize: 12, color: look.muted }}>
        {tr(report.measures.find((m) => m.key === spec.measure)?.label ?? { zh: spec.measure, en: spec.measure })}
        {run.range ? ` · ${run.range.from} ~ ${run.range.to}` : ''}
      </span>
    </button>
  );
}

/** A table tile: a row per group (a click opens its rows) and the total. */
function TableTile({ spec, run, look, tr, onDrill, testId, height }: Props & { run: TileResult }) {
  const report = getReport(spec.report)!;
  const rows = run.result.rows.filter((r) => r._level === 0);
  const dims = spec.group_by.map((k) => report.dimensions.find((d) => d.key === k)!).filter(Boolean);
  const measure = report.measures.find((m) => m.key === spec.measure)!;
  const cell = { padding: '4px 8px', borderBottom: `1px solid ${look.border}`, textAlign: 'left' as const };
  return (
    <div style={{ maxHeight: height, overflow: 'auto' }} data-testid={`${testId}-table`}>
      <table style={{ width: '100%', borderCollapse: 'collapse', fontSize: 13, color: look.text }}>
        <thead>
          <tr>
            {dims.map((d) => <th key={d.key} style={cell}>{tr(d.label)}</th>)}
            <th style={{ ...cell, textAlign: 'right' }}>{tr(measure.label)}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} data-testid={`${testId}-row`} style={{ cursor: 'pointer' }} onClick={() => onDrill(tileDrillUrl(report, spec, today(), Object.fromEntries(dims.map((d) => [d.key, r[d.key] === null ? null : String(r[d.key])]))))}>
              {dims.map((d) => <td key={d.key} style={cell}>{shownValue(run.result, d.key, r[d.key])}</td>)}
              <td style={{ ...cell, textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: thresholdColor(spec.thresholds, r[spec.measure] as number | null, look.text) }}>{shownMeasure(report, spec.measure, r[spec.measure])}</td>
            </tr>
          ))}
          <tr style={{ fontWeight: 600, cursor: 'pointer' }} onClick={() => onDrill(run.link)}>
            <td style={cell} colSpan={Math.max(1, dims.length)}>{tr(TT.total)}</td>
            <td style={{ ...cell, textAlign: 'right' }}>{shownMeasure(report, spec.measure, run.value)}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/**
 * A designed tile's figures (issue 34): a number with its trend, a table, or the chart of its kind with
 * its colour and thresholds; every element drills down to the grid of its rows with exactly the tile's
 * filters and period (`tileDrillUrl`, the reports' drill-down).
 */
export function TileView(props: Props) {
  const { spec, run, loading, error, look, tr, height, onDrill, testId, lazy } = props;
  const report = getReport(spec.report);
  const data = useMemo(
    () => (run && report && spec.group_by.length && spec.chart !== 'number' && spec.chart !== 'table' ? reportChartData(report, { ...run.result, rows: run.result.rows.filter((r) => r._level === 0) }, spec.group_by, [spec.measure], tr) : null),
    [run, report, spec.group_by, spec.chart, spec.measure, tr],
  );
  const build = useMemo(() => (spec.chart === 'number' || spec.chart === 'table' ? undefined : (d: ChartData, theme: ChartTheme) => tileChartOption(spec.chart, d, theme, { color: spec.color, thresholds: spec.thresholds })), [spec.chart, spec.color, spec.thresholds]);
  if (error) return <div data-testid={`${testId}-error`} style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: look.muted, minHeight: 120, textAlign: 'center', padding: 8 }}>{error}</div>;
  if (!run || !report) return <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: 120 }}>{loading ? <Spinner size="small" /> : null}</div>;
  if (spec.chart === 'number') return <NumberTile {...props} run={run} />;
  if (spec.chart === 'table') return <TableTile {...props} run={run} />;
  if (!data || !data.categories.length) return <div style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', color: look.muted, minHeight: 120 }}>{tr(TT.noData)}</div>;
  return (
    <ReportChart
      lazy={lazy}
      testId={`${testId}-chart`}
      kind={spec.chart === 'stacked' ? 'stackedBar' : spec.chart}
      data={data}
      theme={look.theme}
      height={height}
      build={build}
      onPoint={(p) => {
        const element = drillOf(data, p.ci, p.si);
        delete element._measure;
        onDrill(tileDrillUrl(report, spec, today(), element));
      }}
    />
  );
}
