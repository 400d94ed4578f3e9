import { Button, Caption1, Spinner, Text, ToggleButton } from '@fluentui/react-components';
import { AppsAddIn20Regular, ArrowReset20Regular, LayoutCellFour20Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { moveBefore, moveBy, withShown, type BoardKind } from '../../../model/workspace';
import { toast } from '../../kernel/toast-bus';
import { BoardCard } from './BoardCard';
import { MarketDialog } from './BoardMarket';
import { useBlockBody } from './board-block-body';
import { useBoardStyles } from './board-styles';
import { useTr } from './board-block-kit';
import { T } from './board-texts';
import { useBoard, type Offer } from './use-personal-board';

/**
 * A personal board (`/mydash` or the workspace home): the widgets the user keeps shown, in the
 * user's order; the market adds widgets and subscribes apps; "arrange" moves (drag, or up and down)
 * and hides widgets. `header` is drawn at the left of the board's tool bar.
 */
export function PersonalBoard({ kind, header }: { kind: BoardKind; header?: ReactNode }) {
  const s = useBoardStyles();
  const tr = useTr();
  const { items, offers, towerPage, error, save, canArrange, reset } = useBoard(kind);
  const [arranging, setArranging] = useState(false);
  const [market, setMarket] = useState<null | 'widgets' | 'apps'>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const shown = (items ?? []).filter((i) => !i.hidden).map((i) => offers.find((o) => o.key === i.key)).filter((o): o is Offer => !!o);

  const add = (key: string) => {
    if (!items) return;
    void save(withShown(items, key, true));
    toast.success(tr(T.widgetAdded));
  };
  const blockBody = useBlockBody({ items, towerPage, canArrange, save, onMarket: () => setMarket('apps') });

  return (
    <div style={{ display: 'grid', gap: 16 }} data-testid={`board-${kind}`}>
      <PersonalBoardBar header={header} arranging={arranging} onArranging={setArranging} canArrange={canArrange} onReset={() => void reset()} onMarket={() => setMarket('widgets')} />
      {error ? <Text className={s.hint}>{tr(T.loadFailed)}</Text> : null}
      {!items && !error ? <Spinner size="small" /> : null}
      {items && !shown.length ? (
        <div className={s.card} style={{ padding: 32, alignItems: 'center', gap: 12 }} data-testid="board-empty">
          <Text>{tr(T.emptyBoard)}</Text>
          <Button appearance="primary" icon={<AppsAddIn20Regular />} onClick={() => setMarket('widgets')}>{tr(T.market)}</Button>
        </div>
      ) : null}
      <div className={s.grid} data-testid="board-grid">
        {shown.map((o, n) => {
          const { body, actions } = blockBody(o);
          return (
            <BoardCard
              key={o.key}
              offer={o}
              arranging={arranging}
              first={n === 0}
              last={n === shown.length - 1}
              dropping={arranging && over === o.key && dragging !== o.key}
              onMove={(d) => items && void save(moveBy(items, o.key, d))}
              onHide={() => items && void save(withShown(items, o.key, false))}
              onDragStart={() => setDragging(o.key)}
              onDragOver={() => setOver(o.key)}
              onDrop={() => {
                if (items && dragging && dragging !== o.key) void save(moveBefore(items, dragging, o.key));
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              actions={actions}
            >
              {body}
            </BoardCard>
          );
        })}
      </div>
      {items ? <MarketDialog open={market !== null} tab={market ?? 'widgets'} onTab={setMarket} onClose={() => setMarket(null)} items={items} offers={offers} onAdd={add} /> : null}
    </div>
  );
}

/** The board's tool bar: the page's header, then arranging (its hint and reset) and the market. */
function PersonalBoardBar({ header, arranging, onArranging, canArrange, onReset, onMarket }: {
  header?: ReactNode;
  arranging: boolean;
  onArranging: (on: boolean) => void;
  canArrange: boolean;
  onReset: () => void;
  onMarket: () => void;
}) {
  const s = useBoardStyles();
  const tr = useTr();
  return (
    <div className={s.bar}>
      {header}
      <div className={s.grow} />
      {arranging ? <Caption1 className={s.hint}>{tr(T.arrangeHint)}</Caption1> : null}
      {arranging ? (
        <Button appearance="subtle" icon={<ArrowReset20Regular />} onClick={onReset} data-testid="board-reset">
          {tr(T.reset)}
        </Button>
      ) : null}
      {canArrange ? (
        <ToggleButton checked={arranging} appearance={arranging ? 'primary' : 'secondary'} icon={<LayoutCellFour20Regular />} onClick={() => onArranging(!arranging)} data-testid="board-arrange">
          {tr(arranging ? T.done : T.arrange)}
        </ToggleButton>
      ) : null}
      {canArrange ? (
        <Button appearance="primary" icon={<AppsAddIn20Regular />} onClick={onMarket} data-testid="board-market-open">
          {tr(T.market)}
        </Button>
      ) : null}
    </div>
  );
}
