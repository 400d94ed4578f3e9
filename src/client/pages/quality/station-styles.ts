import { makeStyles, tokens } from '@fluentui/react-components';

/** The inspection station's look: large targets for a workstation used by keyboard. */
export const useStationStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '14px', padding: '16px 24px', maxWidth: '1200px' },
  row: { display: 'flex', gap: '16px', alignItems: 'flex-end', flexWrap: 'wrap' },
  big: { fontSize: '22px', height: '48px', minWidth: '120px' },
  code: { fontSize: '28px', height: '56px', minWidth: '360px' },
  plan: { fontSize: '24px', fontWeight: 600, padding: '10px 16px', borderRadius: '8px', backgroundColor: tokens.colorNeutralBackground3 },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: '20px', '& td, & th': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: '6px 10px', textAlign: 'left' } },
  selected: { backgroundColor: tokens.colorBrandBackground2 },
  qty: { fontSize: '28px', fontWeight: 700, minWidth: '56px', display: 'inline-block', textAlign: 'center' },
  step: { minWidth: '56px', height: '48px', fontSize: '24px' },
  verdict: { borderRadius: '8px', padding: '20px 28px', display: 'flex', flexDirection: 'column', gap: '6px' },
  pass: { backgroundColor: '#107c10', color: '#fff' },
  fail: { backgroundColor: '#c50f1f', color: '#fff' },
  idle: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground1 },
  verdictText: { fontSize: '52px', fontWeight: 800, lineHeight: '60px' },
  verdictLine: { fontSize: '22px', lineHeight: '30px' },
  actions: { display: 'flex', gap: '12px', flexWrap: 'wrap' },
  action: { height: '52px', fontSize: '20px', minWidth: '200px' },
  severity: { fontWeight: 600 },
  link: { color: '#fff', fontSize: '20px', textDecoration: 'underline' },
});
