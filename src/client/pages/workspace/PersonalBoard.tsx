import { Button, Spinner } from '@fluentui/react-components';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { homeBoard, myDashboard } from '../../../../reports/dashboards/personal.board';
import type { BoardKind } from '../../../model/workspace';
import { ComposedDashboard, type ComposedParts } from '../../engine/report/ComposedDashboard';
import { currentLanguage } from '../../kernel/i18n';
import { noticeTimeLabel } from '../../shell/notice-time';
import { MarketApps } from './BoardMarket';
import { MenuTilesBlock } from './board-blocks-apps';
import { useTr } from '../../engine/report/use-arranged-board';
import { T } from './board-texts';

const TileBlock = lazy(() => import('./TileBlock').then((m) => ({ default: m.TileBlock })));

/**
 * A personal board (`/mydash` or the workspace home): the declared dashboard its user composes
 * (reports/dashboards/personal.board.ts) drawn by the engine (ComposedDashboard); this page gives it
 * the home's menu tiles (the apps with the app market, favourites, quick links), the designed tiles'
 * view and the market's tab of app modules. `header` is drawn at the left of the board's tool bar.
 */
export function PersonalBoard({ kind, header }: { kind: BoardKind; header?: ReactNode }) {
  const tr = useTr();
  const { t } = useTranslation();
  const parts: ComposedParts = {
    menuTiles: (def, board, canArrange) => {
      const onMarket = () => board.setCatalogue('apps');
      const market = def.of === 'apps' && canArrange ? <Button size="small" appearance="transparent" onClick={onMarket} data-testid="apps-market">{tr(T.appMarket)}</Button> : undefined;
      return { body: <MenuTilesBlock def={def} onMarket={onMarket} />, actions: market };
    },
    tile: (tile) => (
      <Suspense fallback={<Spinner size="small" />}>
        <TileBlock tile={tile} height={tile.chart === 'number' ? 120 : 240} />
      </Suspense>
    ),
    tabs: [{ value: 'apps', label: T.apps, body: (open) => <MarketApps open={open} /> }],
    since: (at) => noticeTimeLabel(at, Date.now(), t, currentLanguage()),
  };
  return <ComposedDashboard def={kind === 'mydash' ? myDashboard : homeBoard} header={header} parts={parts} testId={`board-${kind}`} />;
}
