import { makeStyles, tokens } from '@fluentui/react-components';

/** The batch image upload page's styles. */
export const useImageUploadStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '12px', padding: '12px 16px', maxWidth: '1200px' },
  head: { display: 'flex', alignItems: 'center', gap: '12px', flexWrap: 'wrap' },
  grow: { flex: 1 },
  card: { padding: '14px 16px', gap: '10px' },
  row: { display: 'flex', gap: '12px', alignItems: 'end', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  // spec: thumbnails are the stored file scaled by the browser (object-fit), no second copy.
  thumb: { width: '48px', height: '48px', objectFit: 'cover', borderRadius: tokens.borderRadiusSmall, border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground3, display: 'block' },
  actions: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  warn: { color: tokens.colorPaletteDarkOrangeForeground1 },
  bad: { color: tokens.colorPaletteRedForeground1 },
});
