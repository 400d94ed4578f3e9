import { Avatar, Button, Caption1, mergeClasses, Spinner, Text, Textarea, Tooltip } from '@fluentui/react-components';
import { Attach20Regular, Dismiss20Regular, Image20Regular, Mic20Regular, People20Regular, PeopleAdd20Regular, Send20Regular, SignOut20Regular, Stop20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../kernel/i18n';
import { noticeTimeLabel } from '../../shell/notice-time';
import { AdminEditDialog, useConfirm } from '../common/admin-kit';
import { chatApi, type Conversation } from './chat-api';
import { MessageBody, ContactPicker } from './ChatParts';
import { ChatMembersPanel } from './ChatMembersPanel';
import { useChatStyles } from './chat-styles';
import { useComposer, useConversationHistory } from './use-conversation';
import './chat-messages';

/** The composer: image, file and voice buttons, the text box (Enter sends, Shift+Enter a new line) and send. */
function Composer({ composer: k }: { composer: ReturnType<typeof useComposer> }) {
  const { t } = useTranslation();
  const s = useChatStyles();
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <div className={s.composer}>
      <div className={s.tools}>
        <Tooltip content={t('chat.image')} relationship="label"><Button appearance="subtle" icon={<Image20Regular />} disabled={k.busy || !!k.recording} onClick={() => imageInput.current?.click()} data-testid="chat-image-button" /></Tooltip>
        <Tooltip content={t('chat.file')} relationship="label"><Button appearance="subtle" icon={<Attach20Regular />} disabled={k.busy || !!k.recording} onClick={() => fileInput.current?.click()} data-testid="chat-file-button" /></Tooltip>
        <Button appearance={k.recording ? 'primary' : 'subtle'} icon={k.recording ? <Stop20Regular /> : <Mic20Regular />} disabled={k.busy} onClick={() => void k.toggleVoice()} data-testid="chat-voice-button">
          {k.recording ? t('chat.recording', { s: k.recSeconds }) : t('chat.voice')}
        </Button>
        {k.recording ? <Button appearance="subtle" icon={<Dismiss20Regular />} onClick={k.cancelVoice} data-testid="chat-voice-cancel">{t('chat.cancelRecord')}</Button> : null}
        <input ref={imageInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={(e) => { void k.sendFile(e.target.files?.[0], 'image'); e.target.value = ''; }} data-testid="chat-image-input" />
        <input ref={fileInput} type="file" hidden onChange={(e) => { void k.sendFile(e.target.files?.[0], 'file'); e.target.value = ''; }} data-testid="chat-file-input" />
      </div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
        <Textarea
          value={k.text}
          onChange={(_, d) => k.setText(d.value)}
          placeholder={t('chat.placeholder')}
          resize="vertical"
          style={{ flex: 1 }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void k.sendText();
            }
          }}
          data-testid="chat-input"
        />
        <Button appearance="primary" icon={<Send20Regular />} disabled={k.busy || !k.text.trim()} onClick={() => void k.sendText()} data-testid="chat-send">{t('chat.send')}</Button>
      </div>
    </div>
  );
}

/** The messages, oldest first, with "older" while there is more history. */
function MessageList({ history: h }: { history: ReturnType<typeof useConversationHistory> }) {
  const { t } = useTranslation();
  const s = useChatStyles();
  const lang = currentLanguage();
  return (
    <div className={s.messages} ref={h.box} data-testid="chat-messages">
      {h.hasMore ? <Button appearance="subtle" size="small" style={{ alignSelf: 'center' }} onClick={() => void h.older()} data-testid="chat-older">{t('chat.older')}</Button> : null}
      {!h.hasMore && h.messages.length > 0 ? <Caption1 style={{ alignSelf: 'center' }}>{t('chat.noMore')}</Caption1> : null}
      {h.loading ? <Spinner size="small" /> : null}
      {!h.loading && !h.messages.length ? <div className={s.empty}>{t('chat.empty')}</div> : null}
      {h.messages.map((m) => {
        const mine = m.sender_id === h.me;
        return (
          <div key={m.id} className={mergeClasses(s.row, mine && s.mine)} data-testid="chat-message" data-kind={m.kind}>
            <span className={s.meta}>{mine ? '' : `${m.sender_name} · `}{noticeTimeLabel(m.created_at, Date.now(), t, lang)}</span>
            <div className={mergeClasses(s.bubble, mine && s.bubbleMine)}><MessageBody m={m} /></div>
          </div>
        );
      })}
    </div>
  );
}

/** One conversation: paged history (older on demand), live messages, the composer with images, files and voice. */
export function ConversationView(props: { conversation: Conversation; onChanged: () => void; onLeft: () => void }) {
  const { t } = useTranslation();
  const s = useChatStyles();
  const c = props.conversation;
  const { onChanged } = props;
  const history = useConversationHistory(c, onChanged);
  const composer = useComposer(c, history.push);
  const [adding, setAdding] = useState<number[] | null>(null);
  const [showMembers, setShowMembers] = useState(false);
  const [confirmNode, confirm] = useConfirm();
  const leave = async () => {
    if (!(await confirm(t('chat.leaveConfirm', { name: c.name })))) return;
    await chatApi.leave(c.id);
    props.onLeft();
  };
  return (
    <section className={s.main} data-testid="chat-conversation" aria-label={c.name}>
      <div className={s.mainHead}>
        <Avatar name={c.name} size={28} color={c.kind === 'group' ? 'brand' : 'colorful'} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text weight="semibold" className={s.ellipsis} data-testid="chat-title">{c.name}</Text>
          {c.kind === 'group' ? <Caption1 block>{t('chat.members', { n: c.members })}</Caption1> : null}
        </div>
        {c.kind === 'group' ? (
          <>
            <Button size="small" icon={<People20Regular />} onClick={() => setShowMembers(true)} data-testid="chat-members">{t('chat.memberPanel')}</Button>
            <Button size="small" icon={<PeopleAdd20Regular />} onClick={() => setAdding([])} data-testid="chat-add-members">{t('chat.addMembers')}</Button>
            <Button size="small" icon={<SignOut20Regular />} onClick={() => void leave()} data-testid="chat-leave">{t('chat.leave')}</Button>
          </>
        ) : null}
      </div>
      <MessageList history={history} />
      <Composer composer={composer} />
      <AdminEditDialog open={adding !== null} title={t('chat.addMembers')} onClose={() => setAdding(null)} saveLabel={t('chat.add')} saveDisabled={!adding?.length} saveTestId="chat-add-save"
        onSave={() => void chatApi.addMembers(c.id, adding ?? []).then(() => { setAdding(null); onChanged(); })}>
        <ContactPicker multiple selected={adding ?? []} onSelect={setAdding} />
      </AdminEditDialog>
      {c.kind === 'group' ? <ChatMembersPanel conversation={c} open={showMembers} onClose={() => setShowMembers(false)} onChanged={onChanged} /> : null}
      {confirmNode}
    </section>
  );
}
