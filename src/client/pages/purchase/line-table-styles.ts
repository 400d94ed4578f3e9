import { makeStyles, tokens } from '@fluentui/react-components';

/** The styles of a shipment's or a receipt's lines (the line table and the colour x size matrices). */
export const useLineTableStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: '6px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, whiteSpace: 'nowrap', background: tokens.colorNeutralBackground3 },
  num: { textAlign: 'right', padding: '6px 8px', whiteSpace: 'nowrap', verticalAlign: 'top', fontVariantNumeric: 'tabular-nums' },
  td: { padding: '6px 8px', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  input: { width: '120px' },
  inputCell: { padding: '4px 8px', verticalAlign: 'top', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, width: '140px' },
  err: { display: 'block', color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200, marginTop: '2px', maxWidth: '220px' },
  formErr: { color: tokens.colorPaletteRedForeground1 },
  scroll: { maxHeight: '50vh', overflow: 'auto', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  // The colour x size matrix of goods lines.
  matrices: { display: 'flex', flexDirection: 'column', gap: '12px', maxHeight: '50vh', overflow: 'auto' },
  caption: { textAlign: 'left', fontWeight: tokens.fontWeightSemibold, padding: '4px 0' },
  mth: { textAlign: 'center', fontWeight: tokens.fontWeightSemibold, padding: '4px 8px', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground3, whiteSpace: 'nowrap' },
  mtd: { padding: '4px 6px', border: `1px solid ${tokens.colorNeutralStroke2}`, verticalAlign: 'top' },
  mcolour: { padding: '4px 8px', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground2, whiteSpace: 'nowrap', fontWeight: tokens.fontWeightSemibold },
  mtotal: { padding: '4px 8px', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground2, textAlign: 'right', fontWeight: tokens.fontWeightSemibold, fontVariantNumeric: 'tabular-nums' },
  minput: { width: '84px' },
  figures: { display: 'flex', flexDirection: 'column', marginTop: '2px', fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
});
