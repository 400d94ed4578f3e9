import { Button, mergeClasses, Subtitle2, Tooltip } from '@fluentui/react-components';
import { ArrowDown16Regular, ArrowUp16Regular, DataBarVertical20Regular, EyeOff16Regular, ReOrderDotsVertical16Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { isTowerKey } from '../../../model/workspace';
import { useBoardStyles } from './board-styles';
import { useTr } from './board-block-kit';
import { T } from './board-texts';
import type { Offer } from './use-personal-board';

/** One card of a board: its title, its actions or (arranging) the move and hide buttons, dragged to a new place. */
export function BoardCard(props: {
  offer: Offer;
  arranging: boolean;
  first: boolean;
  last: boolean;
  dropping: boolean;
  onMove: (delta: -1 | 1) => void;
  onHide: () => void;
  onDragStart: () => void;
  onDragOver: () => void;
  onDrop: () => void;
  onDragEnd: () => void;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const s = useBoardStyles();
  const tr = useTr();
  const { offer, arranging } = props;
  const title = tr(offer.title);
  return (
    <section
      className={mergeClasses(s.card, s[`span${offer.span}`], arranging && s.arranging, props.dropping && s.dropTarget)}
      data-testid={`board-item-${offer.key}`}
      aria-label={title}
      draggable={arranging}
      onDragStart={(e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData('text/plain', offer.key);
        props.onDragStart();
      }}
      onDragOver={(e) => {
        if (!arranging) return;
        e.preventDefault();
        props.onDragOver();
      }}
      onDrop={(e) => {
        e.preventDefault();
        props.onDrop();
      }}
      onDragEnd={props.onDragEnd}
    >
      <div className={s.head}>
        {arranging ? <ReOrderDotsVertical16Regular aria-hidden /> : null}
        {isTowerKey(offer.key) ? <span className={s.headIcon}><DataBarVertical20Regular /></span> : null}
        <Subtitle2 as="h2" className={s.title} title={title}>
          {title}
        </Subtitle2>
        {arranging ? (
          <div className={s.tools}>
            <Tooltip content={tr(T.moveUp)} relationship="label">
              <Button size="small" appearance="subtle" icon={<ArrowUp16Regular />} disabled={props.first} onClick={() => props.onMove(-1)} data-testid={`move-up-${offer.key}`} />
            </Tooltip>
            <Tooltip content={tr(T.moveDown)} relationship="label">
              <Button size="small" appearance="subtle" icon={<ArrowDown16Regular />} disabled={props.last} onClick={() => props.onMove(1)} data-testid={`move-down-${offer.key}`} />
            </Tooltip>
            <Tooltip content={tr(T.hide)} relationship="label">
              <Button size="small" appearance="subtle" icon={<EyeOff16Regular />} onClick={props.onHide} data-testid={`hide-${offer.key}`} />
            </Tooltip>
          </div>
        ) : (
          props.actions
        )}
      </div>
      <div className={s.body}>{props.children}</div>
    </section>
  );
}
