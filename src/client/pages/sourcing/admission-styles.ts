import { makeStyles, tokens } from '@fluentui/react-components';

export const useAdmissionStyles = makeStyles({
  panel: { marginTop: '16px', display: 'flex', flexDirection: 'column', gap: '10px' },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold },
  td: { padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  expired: { color: tokens.colorPaletteRedForeground1 },
  side: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: '16px', alignItems: 'start' },
  dl: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '12px', rowGap: '6px', margin: 0 },
  dt: { color: tokens.colorNeutralForeground3 },
  dd: { margin: 0, fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-all' },
  permit: { maxWidth: '100%', maxHeight: '320px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  empty: { padding: '24px', border: `1px dashed ${tokens.colorNeutralStroke1}`, color: tokens.colorNeutralForeground3, textAlign: 'center' },
  addRow: { display: 'grid', gridTemplateColumns: '1.3fr 1.5fr 1fr 1fr', gap: '8px', alignItems: 'end' },
});

export const reviewColor: Record<string, 'informative' | 'warning' | 'success' | 'danger'> = { to_fill: 'informative', pending: 'warning', passed: 'success', failed: 'danger' };
