import { Button, Caption1, Spinner, Tooltip } from '@fluentui/react-components';
import { Open16Regular } from '@fluentui/react-icons';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { withSettings, type BoardItem } from '../../../model/workspace';
import { ListBlock } from '../../engine/report/ListBlock';
import { currentLanguage } from '../../kernel/i18n';
import { noticeTimeLabel } from '../../shell/notice-time';
import { MenuTilesBlock } from './board-blocks-apps';
import { useTr } from './board-block-kit';
import { useBoardStyles } from './board-styles';
import { T } from './board-texts';
import type { ComposedOffer as Offer } from '../../engine/report/use-composed-board';
import { PERIOD_LABELS, WidgetSettingsMenu } from '../../engine/report/WidgetSettingsMenu';

const TowerWidgetBlock = lazy(() => import('./TowerWidgetBlock').then((m) => ({ default: m.TowerWidgetBlock })));
const TileBlock = lazy(() => import('./TileBlock').then((m) => ({ default: m.TileBlock })));

/**
 * What one card of a board shows: a tower widget (its chart, period, settings menu and the way to the
 * tower), a designed tile (run as the viewer, drilling down as on the tower) or a personal block (to-do, to read, announcements, apps, favourites, quick links) with its
 * "more" link.
 */
export function useBlockBody({ items, towerPage, canArrange, save, onMarket }: {
  items: BoardItem[] | null;
  towerPage: boolean;
  canArrange: boolean;
  save: (next: BoardItem[]) => Promise<void>;
  onMarket: () => void;
}) {
  const s = useBoardStyles();
  const { t } = useTranslation();
  const since = (at: string) => noticeTimeLabel(at, Date.now(), t, currentLanguage());
  const tr = useTr();
  const navigate = useNavigate();
  return (o: Offer): { body: ReactNode; actions?: ReactNode } => {
    if (o.widget) {
      const w = o.widget;
      const settings = items?.find((i) => i.key === o.key)?.settings;
      return {
        body: (
          <Suspense fallback={<Spinner size="small" />}>
            <TowerWidgetBlock widget={w} settings={settings} height={w.key === 'capacity' ? 300 : 240} />
          </Suspense>
        ),
        actions: (
          <>
            {settings?.period ? <Caption1 className={s.hint} data-testid={`widget-period-label-${w.key}`}>{tr(PERIOD_LABELS[settings.period])}</Caption1> : null}
            {canArrange && items ? <WidgetSettingsMenu widgetKey={w.key} settings={settings} onChange={(x) => void save(withSettings(items, o.key, x))} /> : null}
            {!towerPage ? null : (
              <Tooltip content={tr(T.tower)} relationship="label">
                <Button size="small" appearance="subtle" icon={<Open16Regular />} onClick={() => navigate('/visual/control-tower')} />
              </Tooltip>
            )}
          </>
        ),
      };
    }
    if (o.tile) {
      const tile = o.tile;
      return {
        body: (
          <Suspense fallback={<Spinner size="small" />}>
            <TileBlock tile={tile} height={tile.chart === 'number' ? 120 : 240} />
          </Suspense>
        ),
        actions: tile.scope === 'personal' ? <Caption1 className={s.hint}>{tr(T.personalTile)}</Caption1> : <Caption1 className={s.hint}>{tr(T.designedTile)}</Caption1>,
      };
    }
    const b = o.block;
    const more = b?.more ? (
      <Button size="small" appearance="transparent" onClick={() => navigate(b.more!)}>
        {tr(T.more)}
      </Button>
    ) : undefined;
    if (b?.list) return { body: <ListBlock def={b.list} testId={`board-${b.key}`} since={since} />, actions: more };
    const market = b?.tiles?.of === 'apps' && canArrange ? <Button size="small" appearance="transparent" onClick={onMarket} data-testid="apps-market">{tr(T.appMarket)}</Button> : undefined;
    return { body: b?.tiles ? <MenuTilesBlock def={b.tiles} onMarket={onMarket} /> : null, actions: market ?? more };
  };
}
