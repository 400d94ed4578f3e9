import { makeStyles, tokens } from '@fluentui/react-components';

export const useSampleRoomStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: '8px', padding: '12px 20px', height: '100%', boxSizing: 'border-box' },
  body: { minHeight: 0, flex: 1 },
  list: { overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '6px', borderRight: `1px solid ${tokens.colorNeutralStroke2}`, paddingRight: '8px' },
  card: { display: 'grid', gridTemplateColumns: '48px 1fr', gap: '8px', padding: '6px', borderRadius: '6px', cursor: 'pointer', border: `1px solid ${tokens.colorNeutralStroke2}`, background: tokens.colorNeutralBackground1, textAlign: 'left' },
  chosen: { border: `2px solid ${tokens.colorBrandStroke1}`, background: tokens.colorBrandBackground2 },
  thumb: { width: '48px', height: '48px', objectFit: 'cover', borderRadius: '4px', background: tokens.colorNeutralBackground3 },
  small: { color: tokens.colorNeutralForeground3, fontSize: '12px' },
  detail: { overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '12px' },
  head: { display: 'grid', gridTemplateColumns: '120px 1fr', gap: '16px', alignItems: 'start' },
  headImg: { width: '120px', height: '120px', objectFit: 'cover', borderRadius: '6px', background: tokens.colorNeutralBackground3 },
  facts: { display: 'flex', flexWrap: 'wrap', gap: '6px 16px', alignItems: 'center' },
  actions: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'end' },
  round: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '8px' },
  comment: { padding: '8px 10px', borderRadius: '6px', margin: '6px 0', maxWidth: '720px' },
  out: { background: tokens.colorNeutralBackground3 },
  in: { background: tokens.colorPaletteGreenBackground1, marginLeft: '48px' },
  photos: { display: 'flex', gap: '8px', flexWrap: 'wrap', marginTop: '6px' },
  photo: { width: '120px', height: '120px', objectFit: 'cover', borderRadius: '4px', border: `1px solid ${tokens.colorNeutralStroke2}` },
  reject: { color: tokens.colorPaletteRedForeground1, fontWeight: 600 },
  composer: { display: 'flex', flexDirection: 'column', gap: '6px', borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: '8px' },
});

export const STATE_COLOR: Record<string, 'informative' | 'warning' | 'brand' | 'success' | 'danger' | 'subtle'> = {
  draft: 'informative', requested: 'warning', in_progress: 'brand', submitted: 'warning', approved: 'success', rejected: 'danger', cancelled: 'subtle',
};
