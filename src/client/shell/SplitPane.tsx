import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId, type ReactNode } from 'react';
import { useSplitPane } from './use-split-pane';

const useStyles = makeStyles({
  split: { display: 'flex', flexDirection: 'row', alignItems: 'stretch', minWidth: 0, minHeight: 0 },
  flex: { flex: 1, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' },
  sized: { flexShrink: 0, minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column' },
  bar: {
    flexShrink: 0,
    width: '12px',
    cursor: 'col-resize',
    position: 'relative',
    touchAction: 'none',
    outlineStyle: 'none',
    '::after': { content: '""', position: 'absolute', top: '8px', bottom: '8px', left: '5px', width: '2px', borderRadius: '1px', background: tokens.colorNeutralStroke2 },
    ':hover::after': { background: tokens.colorBrandStroke1 },
    ':focus-visible::after': { background: tokens.colorBrandStroke1, left: '4px', width: '4px' },
  },
  dragging: { '::after': { background: tokens.colorBrandStroke1 } },
});

export type SplitPaneProps = {
  /** Names the pane where its size is kept (per user, in local storage): `alloc-heatmap`. */
  id: string;
  /** Which pane the user sizes; the other takes the rest. */
  sized: 'start' | 'end';
  /** Width of the sized pane until the user moves the splitter (and after a double click on it). */
  defaultSize: number;
  min?: number;
  /** Largest share of the room the sized pane may take. */
  maxShare?: number;
  /** Room the other pane keeps at least. */
  otherMin?: number;
  /** The splitter's accessible name ("heatmap width"). */
  label: string;
  className?: string;
  children: [ReactNode, ReactNode];
};

/**
 * Two panes side by side with a splitter between them (issue 21, "resizable panes"): drag it, or
 * focus it and use the arrows (Shift for larger steps), Home and End; a double click restores the
 * default. The size is kept per user and pane in local storage and clamped to the room there is.
 * The splitter is a focusable `role="separator"` with its value (WAI-ARIA window splitter).
 *
 * Example: `<SplitPane id="chat-list" sized="start" defaultSize={300} label={listWidthLabel}>{list}{talk}</SplitPane>`
 */
export function SplitPane(props: SplitPaneProps) {
  const { id, sized, defaultSize, label, className, children } = props;
  const s = useStyles();
  const { box, shown, limits, dragging, keep, onPointerDown, onPointerMove, onPointerUp, onKeyDown } = useSplitPane(props);
  const paneId = useId();

  const sizedPane = (
    <div id={paneId} className={s.sized} style={{ width: shown }} data-testid={`split-${id}-pane`}>
      {sized === 'start' ? children[0] : children[1]}
    </div>
  );
  const flexPane = <div className={s.flex}>{sized === 'start' ? children[1] : children[0]}</div>;
  const bar = (
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-controls={paneId}
      aria-valuenow={shown}
      aria-valuemin={limits.min}
      aria-valuemax={Math.round(Math.max(limits.min, Math.min(limits.max, 100000)))}
      tabIndex={0}
      title={label}
      className={mergeClasses(s.bar, dragging && s.dragging)}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => keep(defaultSize)}
      data-testid={`split-${id}`}
    />
  );
  return (
    <div ref={box} className={mergeClasses(s.split, className)}>
      {sized === 'start' ? sizedPane : flexPane}
      {bar}
      {sized === 'start' ? flexPane : sizedPane}
    </div>
  );
}
