import { makeStyles, tokens } from '@fluentui/react-components';

/** The user's own pages' styles (profile, security, settings). */
export const useUserStyles = makeStyles({
  page: { display: 'grid', gap: '20px', maxWidth: '880px' },
  card: { padding: '20px 24px', display: 'grid', gap: '16px' },
  head: { display: 'flex', gap: '16px', alignItems: 'center' },
  grid: { display: 'grid', gridTemplateColumns: '160px 1fr', rowGap: '14px', columnGap: '16px', alignItems: 'baseline' },
  label: { color: tokens.colorNeutralForeground3 },
  roles: { display: 'flex', flexWrap: 'wrap', gap: '6px' },
  form: { maxWidth: '420px' },
  editForm: { display: 'grid', gap: '14px', maxWidth: '560px' },
  pair: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '12px', alignItems: 'start' },
  wideForm: { display: 'grid', gap: '14px', maxWidth: '720px' },
  actions: { display: 'flex', gap: '8px' },
  headText: { flex: 1 },
});
