import { makeStyles, tokens } from '@fluentui/react-components';

/** What the personal boards' blocks share: the tile blocks' styles (apps, favourites, quick links) and the text of a label. */
export const useBlockStyles = makeStyles({
  empty: { padding: '18px 4px', color: tokens.colorNeutralForeground3 },
  tiles: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '10px' },
  tile: {
    display: 'grid',
    gridTemplateColumns: '36px 1fr',
    gap: '10px',
    alignItems: 'center',
    padding: '12px',
    cursor: 'pointer',
    ':hover': { boxShadow: tokens.shadow8 },
  },
  favTile: { gridTemplateColumns: '36px 1fr 24px' },
  tileIcon: { width: '36px', height: '36px', borderRadius: '10px', display: 'grid', placeItems: 'center', background: tokens.colorNeutralBackground3, color: tokens.colorBrandForeground1 },
  appIcon: { background: tokens.colorBrandBackground2 },
});

// A label's text in the interface language: the arranged board's (src/client/engine/report/use-arranged-board.ts).
export { useTr } from '../../engine/report/use-arranged-board';
