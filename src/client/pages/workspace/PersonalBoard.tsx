import { Spinner, Text } from '@fluentui/react-components';
import { DataBarVertical20Regular, LayoutCellFour20Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { isTowerKey, type BoardKind } from '../../../model/workspace';
import { homeBoard, myDashboard } from '../../../../reports/dashboards/personal.board';
import { useComposedBoard, type ComposedOffer as Offer } from '../../engine/report/use-composed-board';
import { ArrangeBar, CatalogueDialog, EmptyBoard, type CatalogueOffer } from '../../engine/report/ArrangedBoard';
import { BoardCard } from './BoardCard';
import { MarketApps } from './BoardMarket';
import { useBlockBody } from './board-block-body';
import { useBoardStyles } from './board-styles';
import { useTr } from './board-block-kit';
import { T } from './board-texts';

/** What the market says a widget is: a designed tile (the company's or the user's own), a tower figure, or the personal area's. */
const kindOf = (o: Offer) => (o.tile ? (o.tile.scope === 'personal' ? T.personalTile : T.designedTile) : isTowerKey(o.key) ? T.fromTower : T.personal);

/**
 * A personal board (`/mydash` or the workspace home): the declared dashboard its user composes
 * (reports/dashboards/personal.board.ts) on the engine's arranged board: the widgets the user keeps
 * shown, in the user's order, saved by the dashboards' layout call; the market adds widgets (and, its second tab, subscribes
 * apps); "arrange" moves (drag, or up and down) and hides widgets. `header` is drawn at the left of
 * the board's tool bar.
 */
export function PersonalBoard({ kind, header }: { kind: BoardKind; header?: ReactNode }) {
  const s = useBoardStyles();
  const tr = useTr();
  const { board, offers, menus, canArrange } = useComposedBoard(kind === 'mydash' ? myDashboard : homeBoard);
  // The tower's own page opens from its widgets only for those with its menu entry.
  const towerPage = menus.has('rpt.control-tower');
  const { items } = board;
  const shown = board.shown.map((k) => offers.find((o) => o.key === k)).filter((o): o is Offer => !!o);
  const blockBody = useBlockBody({ items, towerPage, canArrange, save: board.save, onMarket: () => board.setCatalogue('apps') });
  const catalogue = offers.map((o): CatalogueOffer => ({ key: o.key, title: o.title, sub: kindOf(o), icon: o.widget || o.tile ? <DataBarVertical20Regular /> : <LayoutCellFour20Regular /> }));

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid={`board-${kind}`}>
      <ArrangeBar board={board} header={header} canArrange={canArrange} />
      {board.failed ? <Text className={s.hint}>{tr(T.loadFailed)}</Text> : null}
      {!items && !board.failed ? <Spinner size="small" /> : null}
      {items && !shown.length ? <EmptyBoard board={board} className={s.card} /> : null}
      <div className={s.grid} data-testid="board-grid">
        {shown.map((o) => {
          const { body, actions } = blockBody(o);
          return (
            <BoardCard key={o.key} offer={o} board={board} actions={actions}>
              {body}
            </BoardCard>
          );
        })}
      </div>
      {items ? <CatalogueDialog board={board} offers={catalogue} tabs={[{ value: 'apps', label: T.apps, body: (open) => <MarketApps open={open} /> }]} /> : null}
    </div>
  );
}
