import { Button, Caption1, mergeClasses, Spinner, Subtitle2, Text, Tooltip } from '@fluentui/react-components';
import { DataBarVertical20Regular, LayoutCellFour20Regular, Open16Regular, ReOrderDotsVertical16Regular } from '@fluentui/react-icons';
import { lazy, Suspense, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DashboardDef } from '../../../model';
import type { MenuTiles } from '../../../model/dashboard-board';
import type { TileRow } from '../../../model/calls/tiles';
import { isTowerKey, withSettings } from '../../../model/widget-settings';
import { A } from './arrange-texts';
import { ArrangeBar, ArrangeTools, CatalogueDialog, EmptyBoard, type CatalogueOffer, type CatalogueTab } from './ArrangedBoard';
import { useComposedStyles } from './composed-styles';
import { ListBlock } from './ListBlock';
import { useTr, type ArrangedBoard } from './use-arranged-board';
import { useComposedBoard, type ComposedOffer } from './use-composed-board';
import { PERIOD_LABELS, WidgetSettingsMenu } from './WidgetSettingsMenu';

const BorrowedWidget = lazy(() => import('./BorrowedWidget').then((m) => ({ default: m.BorrowedWidget })));

/**
 * What a page gives a composed dashboard that the engine does not draw itself: the body (and card
 * actions) of a block of menu tiles and of a designed tile, the market's further tabs, a row's time.
 */
export type ComposedParts = {
  menuTiles: (def: MenuTiles, board: ArrangedBoard, canArrange: boolean) => { body: ReactNode; actions?: ReactNode };
  tile: (tile: TileRow) => ReactNode;
  tabs?: readonly CatalogueTab[];
  /** A list row's time as the shell says it (spec 9: relative under 30 days). */
  since: (at: string) => string;
};

/**
 * A dashboard its user composes (src/model/dashboard-board.ts: the personal boards), as the user
 * arranged it: the tool bar (`header` at its left), a card per shown widget (a list block, menu
 * tiles, a borrowed widget with its settings, a designed tile), the market. Saved by the dashboards'
 * layout call; a user without a company sees the default board and cannot arrange it.
 */
export function ComposedDashboard({ def, header, parts, testId }: { def: DashboardDef; header?: ReactNode; parts: ComposedParts; testId: string }) {
  const s = useComposedStyles();
  const tr = useTr();
  const composed = def.composed!;
  const { board, offers, menus, canArrange } = useComposedBoard(def);
  const { items } = board;
  const shown = board.shown.map((k) => offers.find((o) => o.key === k)).filter((o): o is ComposedOffer => !!o);
  const body = useCardBody(def, board, parts, canArrange, Boolean(composed.borrow?.open && menus.has(composed.borrow.open.menu)));
  const kindOf = (o: ComposedOffer) => (o.tile ? (o.tile.scope === 'personal' ? A.personalTile : A.designedTile) : isTowerKey(o.key) ? composed.borrow!.label : composed.blocksLabel);
  const catalogue = offers.map((o): CatalogueOffer => ({ key: o.key, title: o.title, sub: kindOf(o), icon: o.widget || o.tile ? <DataBarVertical20Regular /> : <LayoutCellFour20Regular /> }));

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid={testId}>
      <ArrangeBar board={board} header={header} canArrange={canArrange} />
      {board.failed ? <Text className={s.hint}>{tr(A.loadFailed)}</Text> : null}
      {!items && !board.failed ? <Spinner size="small" /> : null}
      {items && !shown.length ? <EmptyBoard board={board} className={s.card} /> : null}
      <div className={s.grid} data-testid="board-grid">
        {shown.map((o) => {
          const { content, actions } = body(o);
          const frame = board.frame(o.key);
          return (
            <section key={o.key} {...frame} className={mergeClasses(s.card, s[`span${o.span}`], frame.className)} data-testid={`board-item-${o.key}`} aria-label={tr(o.title)}>
              <div className={s.head}>
                {board.arranging ? <ReOrderDotsVertical16Regular aria-hidden /> : null}
                {o.widget ? <span className={s.headIcon}><DataBarVertical20Regular /></span> : null}
                <Subtitle2 as="h2" className={s.title} title={tr(o.title)}>{tr(o.title)}</Subtitle2>
                {board.arranging ? <ArrangeTools board={board} k={o.key} /> : actions}
              </div>
              <div className={s.body}>{content}</div>
            </section>
          );
        })}
      </div>
      {items ? <CatalogueDialog board={board} offers={catalogue} tabs={parts.tabs} /> : null}
    </div>
  );
}

/** What one card shows: a borrowed widget (its chart, period, settings and the way to its dashboard), a designed tile, a list block or menu tiles, with the block's "all" link. */
function useCardBody(def: DashboardDef, board: ArrangedBoard, parts: ComposedParts, canArrange: boolean, openPage: boolean) {
  const s = useComposedStyles();
  const tr = useTr();
  const navigate = useNavigate();
  const { items } = board;
  const borrow = def.composed!.borrow;
  return (o: ComposedOffer): { content: ReactNode; actions?: ReactNode } => {
    if (o.widget && borrow) {
      const w = o.widget;
      const settings = items?.find((i) => i.key === o.key)?.settings;
      const content = (
        <Suspense fallback={<Spinner size="small" />}>
          <BorrowedWidget widget={w} settings={settings} height={w.kind === 'heatmap' ? 300 : 240} backLabel={tr(def.title)} range={borrow.range} />
        </Suspense>
      );
      const open = borrow.open;
      return {
        content,
        actions: (
          <>
            {settings?.period ? <Caption1 className={s.hint} data-testid={`widget-period-label-${w.key}`}>{tr(PERIOD_LABELS[settings.period])}</Caption1> : null}
            {canArrange && items ? <WidgetSettingsMenu widgetKey={w.key} settings={settings} onChange={(x) => void board.save(withSettings(items, o.key, x))} /> : null}
            {open && openPage ? (
              <Tooltip content={tr(open.label)} relationship="label">
                <Button size="small" appearance="subtle" icon={<Open16Regular />} onClick={() => navigate(open.to)} />
              </Tooltip>
            ) : null}
          </>
        ),
      };
    }
    if (o.tile) return { content: parts.tile(o.tile), actions: <Caption1 className={s.hint}>{tr(o.tile.scope === 'personal' ? A.personalTile : A.designedTile)}</Caption1> };
    const b = o.block;
    const more = b?.more ? <Button size="small" appearance="transparent" onClick={() => navigate(b.more!)}>{tr(A.more)}</Button> : undefined;
    if (b?.list) return { content: <ListBlock def={b.list} testId={`board-${b.key}`} since={parts.since} />, actions: more };
    if (!b?.tiles) return { content: null, actions: more };
    const tiles = parts.menuTiles(b.tiles, board, canArrange);
    return { content: tiles.body, actions: tiles.actions ?? more };
  };
}
