import { Button } from '@fluentui/react-components';
import { GaugeRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import '../../../../../reports';
import { resolvedPageOf } from '../../../api/resolved-page';
import { ListPage } from '../../../engine/ListPage';
import { MissingPage } from '../../../engine/PageStates';
import { ChartField } from './TileDesigner';
import { AggregationField, ColorField, DatasetField, FiltersField, GroupByField, MeasureField, PeriodDateField, PeriodField, ThresholdsField } from './TileForm';

const WIDGETS = {
  report: DatasetField, measure: MeasureField, aggregation: AggregationField, group_by: GroupByField, filters: FiltersField, period: PeriodField, period_field: PeriodDateField,
  chart: ChartField, thresholds: ThresholdsField, color: ColorField,
};

/**
 * The tile designer (`/rpt/page/tiles`, issue 34): the engine's list and drawer of `rpttile`
 * (grids/reports/tiles.grid.ts) — the company's tiles and the caller's own personal ones, as the
 * server reads them — with the dataset's fields, the chart and its live preview drawn by this
 * page's widgets; saved and removed through the document writer and the tile's save hook.
 */
export function TilesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resolved = resolvedPageOf('tiles');
  if (!resolved) return <MissingPage opt="tiles" />;
  return (
    <ListPage
      resolved={resolved}
      slots={{
        testId: 'tiles-page',
        drawer: () => ({ testIdPrefix: 'tile', widgets: WIDGETS }),
        tools: () => (
          <Button appearance="subtle" icon={<GaugeRegular />} onClick={() => navigate('/visual/control-tower')} data-testid="tiles-tower">
            {t('tile.ui.backToTower')}
          </Button>
        ),
      }}
    />
  );
}
