import { makeStyles, tokens } from '@fluentui/react-components';

/** A composed dashboard's styles (the personal boards): the grid of cards and a card (the tool bar, arranging and the market are the arranged board's). */
export const useComposedStyles = makeStyles({
  hint: { color: tokens.colorNeutralForeground3 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '16px',
    alignItems: 'stretch',
    '@media (max-width: 1100px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
  },
  span1: { gridColumn: 'span 1' },
  span2: { gridColumn: 'span 2' },
  span3: { gridColumn: 'span 3', '@media (max-width: 1100px)': { gridColumn: 'span 2' } },
  card: {
    background: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    minWidth: 0,
    transitionProperty: 'box-shadow, outline-color',
    transitionDuration: '120ms',
  },
  head: { display: 'flex', alignItems: 'center', gap: '6px', padding: '12px 14px 8px 16px', minHeight: '32px' },
  headIcon: { color: tokens.colorBrandForeground1, display: 'grid', placeItems: 'center' },
  title: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  body: { padding: '0 16px 14px', minWidth: 0 },
});
