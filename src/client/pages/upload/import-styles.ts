import { makeStyles, tokens } from '@fluentui/react-components';

/** The import page's styles, shared by its steps. */
export const useImportStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', maxWidth: '1200px' },
  /** The mapping step shows a sheet's columns side by side: the page takes the width of a large screen. */
  wide: { maxWidth: '1720px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  card: { padding: '14px 16px', gap: '10px' },
  row: { display: 'flex', alignItems: 'end', gap: '12px', flexWrap: 'wrap' },
  options: { display: 'flex', gap: '16px', flexWrap: 'wrap', alignItems: 'center' },
  counts: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: '8px', flexWrap: 'wrap', alignItems: 'center' },
});
