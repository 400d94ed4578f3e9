import { mergeClasses, Subtitle2 } from '@fluentui/react-components';
import { DataBarVertical20Regular, ReOrderDotsVertical16Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { isTowerKey } from '../../../model/workspace';
import { ArrangeTools } from '../../engine/report/ArrangedBoard';
import type { ArrangedBoard } from '../../engine/report/use-arranged-board';
import { useBoardStyles } from './board-styles';
import { useTr } from './board-block-kit';
import type { ComposedOffer as Offer } from '../../engine/report/use-composed-board';

/** One card of a personal board: its title, its actions or (arranging) the engine's arranging tools, dragged to a new place. */
export function BoardCard({ offer, board, actions, children }: { offer: Offer; board: ArrangedBoard; actions?: ReactNode; children: ReactNode }) {
  const s = useBoardStyles();
  const tr = useTr();
  const title = tr(offer.title);
  const frame = board.frame(offer.key);
  return (
    <section {...frame} className={mergeClasses(s.card, s[`span${offer.span}`], frame.className)} data-testid={`board-item-${offer.key}`} aria-label={title}>
      <div className={s.head}>
        {board.arranging ? <ReOrderDotsVertical16Regular aria-hidden /> : null}
        {isTowerKey(offer.key) ? <span className={s.headIcon}><DataBarVertical20Regular /></span> : null}
        <Subtitle2 as="h2" className={s.title} title={title}>
          {title}
        </Subtitle2>
        {board.arranging ? <ArrangeTools board={board} k={offer.key} /> : actions}
      </div>
      <div className={s.body}>{children}</div>
    </section>
  );
}
