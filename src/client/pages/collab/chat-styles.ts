import { makeStyles, tokens } from '@fluentui/react-components';
import type { Conversation } from './chat-api';

/** The chat page's styles, shared by its list, conversation and pickers. */
export const useChatStyles = makeStyles({
  shell: { height: 'calc(100vh - 190px)', minHeight: '420px' },
  side: { flex: 1, display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground1, minHeight: 0 },
  sideHead: { display: 'flex', gap: '6px', padding: '8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  list: { overflowY: 'auto', flex: 1, margin: 0, padding: 0, listStyle: 'none' },
  item: { display: 'grid', gridTemplateColumns: '36px 1fr auto', gap: '8px', alignItems: 'center', padding: '8px 10px', cursor: 'pointer', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, ':hover': { background: tokens.colorNeutralBackground1Hover } },
  itemActive: { background: tokens.colorBrandBackground2, ':hover': { background: tokens.colorBrandBackground2 } },
  itemText: { minWidth: 0, display: 'grid' },
  ellipsis: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  main: { flex: 1, display: 'flex', flexDirection: 'column', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground1, minHeight: 0 },
  mainHead: { display: 'flex', alignItems: 'center', gap: '8px', padding: '8px 12px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  messages: { flex: 1, overflowY: 'auto', padding: '12px 16px', display: 'flex', flexDirection: 'column', gap: '10px', background: tokens.colorNeutralBackground2 },
  row: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', maxWidth: '70%' },
  mine: { alignSelf: 'flex-end', alignItems: 'flex-end' },
  bubble: { padding: '8px 12px', borderRadius: '10px', background: tokens.colorNeutralBackground1, border: `1px solid ${tokens.colorNeutralStroke2}`, whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  bubbleMine: { background: tokens.colorBrandBackground2, border: `1px solid ${tokens.colorBrandStroke2}` },
  meta: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase100, marginBottom: '2px' },
  image: { maxWidth: '240px', maxHeight: '200px', borderRadius: '6px', display: 'block' },
  composer: { borderTop: `1px solid ${tokens.colorNeutralStroke2}`, padding: '8px 12px', display: 'grid', gap: '6px' },
  tools: { display: 'flex', gap: '4px', alignItems: 'center' },
  empty: { margin: 'auto', color: tokens.colorNeutralForeground3, textAlign: 'center', padding: '24px' },
  pickList: { maxHeight: '320px', overflowY: 'auto', display: 'grid', gap: '2px', marginTop: '8px' },
  pickRow: { display: 'flex', alignItems: 'center', gap: '8px', padding: '4px 6px', borderRadius: '4px', cursor: 'pointer', ':hover': { background: tokens.colorNeutralBackground1Hover } },
});

/** A conversation's last message in one line (the sender named in a group). */
export function conversationPreview(c: Conversation, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (!c.last_kind) return '';
  const who = c.kind === 'group' && c.last_sender ? `${c.last_sender}: ` : '';
  if (c.last_kind === 'voice') return `${who}[${t('chat.voice')}]`;
  if (c.last_kind === 'image') return `${who}${t('chat.imageMessage')}`;
  if (c.last_kind === 'file') return `${who}${t('chat.fileMessage', { name: c.last_body ?? '' })}`;
  return `${who}${c.last_body ?? ''}`;
}
