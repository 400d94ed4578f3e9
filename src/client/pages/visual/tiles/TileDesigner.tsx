import { Dropdown, Option } from '@fluentui/react-components';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { REPORT_THEMES } from '../../../../../reports/charts';
import { dictValueLabel } from '../../../../model/dictionaries';
import { TILE_CHARTS, type TileChart } from '../../../../model/tiles';
import type { WidgetProps } from '../../../form/widgets';
import { useReportTheme } from '../../../engine/report/report-theme';
import { useTr } from '../report-fields';
import { TileView, type TileLook } from './TileView';
import { specOfDraft, useTilePreview, useTileDraft } from './use-tile-designer';

/**
 * `chart`: the chart type, and below it the live preview (the tile as the designer reads it now,
 * drawn as it will be on the dashboard; a click opens its rows).
 */
export function ChartField(p: WidgetProps) {
  const tr = useTr();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { draft: d, change } = useTileDraft(p);
  const { theme } = useReportTheme();
  const look: TileLook = useMemo(() => ({ theme: theme ?? REPORT_THEMES.default.theme, text: '#242424', muted: '#616161', border: '#e0e0e0' }), [theme]);
  const spec = specOfDraft(d);
  const preview = useTilePreview(spec);
  return (
    <div style={{ display: 'grid', gap: 8 }}>
      <Dropdown id={p.id} data-testid="tile-chart" disabled={p.disabled} value={tr(dictValueLabel('rpt_tile_chart', d.chart))} selectedOptions={[d.chart]} onOptionSelect={(_, x) => change({ chart: x.optionValue as TileChart })}>
        {TILE_CHARTS.map((c) => <Option key={c} value={c}>{tr(dictValueLabel('rpt_tile_chart', c))}</Option>)}
      </Dropdown>
      <span style={{ fontWeight: 600 }}>{t('tile.ui.preview')}</span>
      <div data-testid="tile-preview" data-loading={preview.loading ? '1' : '0'} data-value={preview.run?.value ?? ''} style={{ border: '1px solid #e0e0e0', borderRadius: 8, padding: 12, minHeight: 280, display: 'flex', flexDirection: 'column', background: '#fff' }}>
        <span style={{ fontWeight: 600, marginBottom: 8 }}>{d.name || t('tile.ui.add')}</span>
        {!d.report || !d.measure ? (
          <span style={{ color: '#616161' }}>{t('tile.ui.previewHint')}</span>
        ) : (
          <TileView testId="tile-preview-view" spec={spec} run={preview.run} loading={preview.loading} error={preview.error ? t('tile.ui.previewError', { error: preview.error }) : null} look={look} tr={tr} height={260} onDrill={(url) => navigate(url)} />
        )}
      </div>
    </div>
  );
}
