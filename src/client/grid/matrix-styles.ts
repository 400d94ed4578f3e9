import { makeStyles, tokens } from '@fluentui/react-components';

/** The styles of the colour x size entry, shared by its blocks and their tools. */
export const useMatrixStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: '12px', margin: '12px 0 18px' },
  head: { display: 'flex', alignItems: 'center', gap: '10px', paddingBottom: '4px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  block: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, padding: '10px 12px', display: 'flex', flexDirection: 'column', gap: '8px', background: tokens.colorNeutralBackground1 },
  fields: { display: 'grid', gridTemplateColumns: '1fr 1.4fr 0.8fr auto', gap: '10px', alignItems: 'end' },
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  small: { width: '110px' },
  ratio: { width: '120px' },
  paste: { minWidth: '260px', flex: 1 },
  foot: { display: 'flex', gap: '18px', color: tokens.colorNeutralForeground2, fontSize: tokens.fontSizeBase300 },
  strong: { fontWeight: 600, color: tokens.colorNeutralForeground1 },
  errors: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, margin: 0, paddingLeft: '18px' },
});
