import { Button } from '@fluentui/react-components';
import { GaugeRegular } from '@fluentui/react-icons';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import '../../../../../reports';
import { resolvedPageOf } from '../../../api/resolved-page';
import { ListPage } from '../../../engine/ListPage';
import { MissingPage } from '../../../engine/PageStates';
import type { ListController } from '../../../engine/use-list-controller';
import { askNewAlert, DatasetField, FiltersField, MeasureField, TileField } from './AlertFigureFields';
import { ThresholdField } from './AlertPreview';

const WIDGETS = { tile_id: TileField, report: DatasetField, measure: MeasureField, filters: FiltersField, threshold: ThresholdField };

/**
 * The tower's bell on a chart (`?new=1&report=&measure=&f.*=`) or on a designed tile (`&tile=<id>`):
 * a new alert's drawer with that figure. Once per request: the address is cleared as it opens.
 */
function NewFromAddress({ list }: { list: ListController }) {
  const [search, setSearch] = useSearchParams();
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (search.get('new') !== '1') return void (opened.current = null);
    if (opened.current === search.toString()) return;
    opened.current = search.toString();
    const filters = Object.fromEntries([...search.entries()].filter(([k]) => k.startsWith('f.')));
    askNewAlert({ report: search.get('report') ?? '', measure: search.get('measure') ?? '', filters, tile: search.get('tile') ? Number(search.get('tile')) : null });
    list.openDrawer({ action: 'add', id: null });
    setSearch(new URLSearchParams(), { replace: true });
  }, [search, setSearch, list]);
  return null;
}

/**
 * The company's figure alerts (`/rpt/page/alerts`, issue 34): the engine's list and drawer of
 * `rptalert` (grids/reports/alerts.grid.ts), the figure's fields and the figure now drawn by this
 * page's widgets (the recipients are the engine's searched picker of colleagues); saved and removed through the document writer.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const resolved = resolvedPageOf('alerts');
  if (!resolved) return <MissingPage opt="alerts" />;
  return (
    <ListPage
      resolved={resolved}
      slots={{
        testId: 'alerts-page',
        drawer: () => ({ testIdPrefix: 'alert', widgets: WIDGETS }),
        tools: () => (
          <Button appearance="subtle" icon={<GaugeRegular />} onClick={() => navigate('/visual/control-tower')} data-testid="alerts-tower">
            {t('alert.ui.backToTower')}
          </Button>
        ),
        extras: (list) => <NewFromAddress list={list} />,
      }}
    />
  );
}
