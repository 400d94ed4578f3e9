import { fmtValue } from '../../../../reports/charts';
import type { DashboardHeadline, Label } from '../../../model';
import { headlineFigures } from './dashboard.logic';
import { LOOKS, type DashboardLook } from './dashboard-texts';
import type { ReportResult } from './report-view';

/**
 * A dashboard's headline figures (its declaration's `headlines`), one card each for the widgets the
 * user gets, coloured good / warning / bad. Before the first reply a card stands for every widget the
 * user may read (a dash for its figure), so the row has its height from the first render and nothing
 * under it moves when the figures come.
 */
export function DashboardHeadlines(props: {
  headlines: readonly DashboardHeadline[];
  widgets: ReadonlyArray<{ key: string }>;
  loaded: Record<string, { result: ReportResult | null }>;
  today: string;
  look: DashboardLook;
  large: boolean;
  tr: (l: Label | string) => string;
  testId: string;
}) {
  const { headlines, widgets, loaded, today, look, large, tr, testId } = props;
  const L = LOOKS[look];
  const asked = new Set(Object.keys(loaded).length ? Object.keys(loaded) : widgets.map((w) => w.key));
  const rows = Object.fromEntries(Object.entries(loaded).map(([k, v]) => [k, v.result?.rows ?? []]));
  const shown = headlineFigures(
    headlines.filter((h) => asked.has(h.widget)),
    Object.fromEntries(widgets.filter((w) => rows[w.key]).map((w) => [w.key, rows[w.key]])),
    today,
  );
  const colour = { good: L.good, warn: L.warn, bad: L.bad, plain: L.text };
  return (
    <section data-testid={testId} style={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, shown.length)}, minmax(0, 1fr))`, gap: 12 }}>
      {shown.map((f) => (
        <div key={f.key} data-testid={`kpi-${f.key}`} style={{ background: L.card, border: `1px solid ${L.border}`, borderRadius: 10, padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: 2 }}>
          <span style={{ color: L.muted, fontSize: 13 }}>{tr(f.label)}</span>
          <span style={{ color: colour[f.tone], fontSize: large ? 36 : 30, fontWeight: 700, fontVariantNumeric: 'tabular-nums', lineHeight: 1.15 }}>{f.value === null ? '—' : f.percent ? fmtValue(f.value, true) : String(f.value)}</span>
          <span style={{ color: L.muted, fontSize: 12, minHeight: 16 }}>{f.sub ? `${tr(f.sub.label)} ${f.sub.value}` : ''}</span>
        </div>
      ))}
    </section>
  );
}
