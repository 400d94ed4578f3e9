import { makeStyles, tokens } from '@fluentui/react-components';

/** The sign-up wizard's styles. */
export const useSignupStyles = makeStyles({
  steps: { display: 'grid', gridAutoFlow: 'column', gridAutoColumns: '1fr', gap: '6px' },
  step: { display: 'grid', gap: '6px', fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  bar: { height: '4px', borderRadius: '2px', background: tokens.colorNeutralStroke2 },
  barOn: { background: tokens.colorBrandBackground },
  current: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  kinds: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px' },
  kind: {
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusLarge,
    padding: '16px',
    display: 'grid',
    gap: '6px',
    cursor: 'pointer',
    background: tokens.colorNeutralBackground1,
    textAlign: 'left',
    ':hover': { border: `1px solid ${tokens.colorBrandStroke1}` },
  },
  kindOn: { border: `2px solid ${tokens.colorBrandStroke1}`, background: tokens.colorBrandBackground2, padding: '15px' },
  two: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px', alignItems: 'start' },
  actions: { display: 'flex', justifyContent: 'space-between', gap: '8px', marginTop: '4px' },
});
