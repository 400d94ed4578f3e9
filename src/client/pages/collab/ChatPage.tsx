import { Avatar, Badge, Button, Caption1, Checkbox, Field, Input, makeStyles, mergeClasses, Spinner, Text, Textarea, tokens, Tooltip } from '@fluentui/react-components';
import { Add20Regular, PersonAdd20Regular, Attach20Regular, Chat20Regular, Dismiss20Regular, Image20Regular, Mic20Regular, PeopleAdd20Regular, Send20Regular, SignOut20Regular, Stop20Regular } from '@fluentui/react-icons';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import useSWR from 'swr';
import { currentLanguage } from '../../kernel/i18n';
import { access } from '../../session/access-state';
import { onSocketMessage } from '../../session/notification-socket';
import { noticeTimeLabel } from '../../shell/notice-time';
import { toast } from '../../kernel/toast-bus';
import { AdminEditDialog, AdminPage, useConfirm } from '../common/admin-kit';
import { StoredAudio, StoredImg, StoredLink } from '../../api/StoredFile';
import { chatApi, chatFileUrl, type ChatMessage, type Contact, type Conversation } from './chat-api';
import { SplitPane } from '../../shell/SplitPane';
import './chat-messages';
import { startRecording, type Recording } from './voice-recorder';

const useStyles = makeStyles({
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

function preview(c: Conversation, t: (k: string, o?: Record<string, unknown>) => string): string {
  if (!c.last_kind) return '';
  const who = c.kind === 'group' && c.last_sender ? `${c.last_sender}: ` : '';
  if (c.last_kind === 'voice') return `${who}[${t('chat.voice')}]`;
  if (c.last_kind === 'image') return `${who}${t('chat.imageMessage')}`;
  if (c.last_kind === 'file') return `${who}${t('chat.fileMessage', { name: c.last_body ?? '' })}`;
  return `${who}${c.last_body ?? ''}`;
}

/** Picks contacts: one (a new chat) or several (a group, new members). */
function ContactPicker(props: { multiple: boolean; selected: number[]; onSelect: (ids: number[]) => void; exclude?: number[] }) {
  const { t } = useTranslation();
  const s = useStyles();
  const [q, setQ] = useState('');
  const { data, isLoading } = useSWR('chat-contacts', () => chatApi.contacts());
  const rows = (data?.rows ?? []).filter((c) => !props.exclude?.includes(c.id) && `${c.fullname} ${c.username} ${c.company}`.toLowerCase().includes(q.trim().toLowerCase()));
  const toggle = (c: Contact) => props.onSelect(props.multiple ? (props.selected.includes(c.id) ? props.selected.filter((x) => x !== c.id) : [...props.selected, c.id]) : [c.id]);
  return (
    <div>
      <Input value={q} onChange={(_, d) => setQ(d.value)} placeholder={t('chat.searchContacts')} style={{ width: '100%' }} data-testid="chat-contact-search" />
      <div className={s.pickList} role="listbox" aria-multiselectable={props.multiple}>
        {isLoading ? <Spinner size="tiny" /> : null}
        {!isLoading && !rows.length ? <Caption1>{t('chat.noContacts')}</Caption1> : null}
        {rows.map((c) => (
          <div key={c.id} className={s.pickRow} role="option" aria-selected={props.selected.includes(c.id)} onClick={() => toggle(c)} data-testid={`chat-contact-${c.username}`}>
            {props.multiple ? <Checkbox checked={props.selected.includes(c.id)} onChange={() => toggle(c)} onClick={(e) => e.stopPropagation()} /> : null}
            <Avatar name={c.fullname} size={24} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text weight={props.selected.includes(c.id) ? 'semibold' : 'regular'}>{c.fullname}</Text> <Caption1>{c.company}</Caption1>
            </div>
            <Badge appearance="tint" color={c.relation === 'colleague' ? 'informative' : c.relation === 'friend' ? 'success' : 'brand'}>{t(`chat.relation.${c.relation}`)}</Badge>
          </div>
        ))}
      </div>
    </div>
  );
}

function MessageBody({ m }: { m: ChatMessage }) {
  const s = useStyles();
  const { t } = useTranslation();
  const a = m.attachment;
  if (m.kind === 'image' && a) return <StoredLink href={chatFileUrl(a)} target="_blank" rel="noreferrer"><StoredImg className={s.image} src={chatFileUrl(a)} alt={a.name} data-testid="chat-image" /></StoredLink>;
  if (m.kind === 'voice' && a)
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
        <Mic20Regular />
        <StoredAudio controls preload="metadata" src={chatFileUrl(a)} data-testid="chat-voice" style={{ height: 32, width: 220 }} />
        <Caption1>{t('chat.voiceMessage', { s: a.duration ?? '?' })}</Caption1>
      </div>
    );
  if (m.kind === 'file' && a)
    return (
      <div>
        <StoredLink href={chatFileUrl(a)} data-testid="chat-file"><Attach20Regular style={{ verticalAlign: 'middle' }} /> {a.name}</StoredLink> <Caption1>({Math.max(1, Math.round(a.size / 1024))} KB)</Caption1>
        {m.body ? <div>{m.body}</div> : null}
      </div>
    );
  return <>{m.body}</>;
}

/** One conversation: paged history (older on demand), live messages, the composer with images, files and voice. */
function ConversationView(props: { conversation: Conversation; onChanged: () => void; onLeft: () => void }) {
  const { t } = useTranslation();
  const s = useStyles();
  const me = useSnapshot(access).id;
  const c = props.conversation;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [recSeconds, setRecSeconds] = useState(0);
  const [adding, setAdding] = useState<number[] | null>(null);
  const [confirmNode, confirm] = useConfirm();
  const box = useRef<HTMLDivElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { onChanged } = props;

  const scrollDown = () => requestAnimationFrame(() => box.current && (box.current.scrollTop = box.current.scrollHeight));
  const markRead = useCallback(
    (upTo?: number) => {
      void chatApi.read(c.id, upTo).then(() => onChanged());
    },
    [c.id, onChanged],
  );

  useEffect(() => {
    let live = true;
    setLoading(true);
    setMessages([]);
    void chatApi.messages(c.id, null).then((page) => {
      if (!live) return;
      setMessages(page.rows);
      setHasMore(page.has_more);
      setLoading(false);
      scrollDown();
      if (c.unread) markRead();
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [c.id]);

  useEffect(
    () =>
      onSocketMessage((raw) => {
        const m = raw as { type?: string; conversation_id?: number; message?: ChatMessage };
        if (m?.type !== 'chat' || m.conversation_id !== c.id || !m.message) return;
        const msg = m.message;
        setMessages((list) => (list.some((x) => x.id === msg.id) ? list : [...list, msg]));
        scrollDown();
        if (msg.sender_id !== me && document.visibilityState === 'visible') markRead(msg.id);
      }),
    [c.id, me, markRead],
  );

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setRecSeconds(Math.floor(recording.seconds())), 250);
    return () => clearInterval(timer);
  }, [recording]);

  const older = async () => {
    const first = messages[0];
    if (!first) return;
    const el = box.current;
    const height = el?.scrollHeight ?? 0;
    const page = await chatApi.messages(c.id, first.id);
    setMessages((list) => [...page.rows, ...list]);
    setHasMore(page.has_more);
    requestAnimationFrame(() => el && (el.scrollTop = el.scrollHeight - height));
  };

  const push = (m: ChatMessage) => {
    setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
    scrollDown();
    onChanged();
  };
  const sendText = async () => {
    const body = text.trim();
    if (!body || busy) return;
    setBusy(true);
    try {
      push(await chatApi.send({ id: c.id, kind: 'text', body }));
      setText('');
    } finally {
      setBusy(false);
    }
  };
  const sendFile = async (file: File | undefined, kind: 'image' | 'file') => {
    if (!file) return;
    setBusy(true);
    try {
      const up = await chatApi.upload(file, file.name);
      push(await chatApi.send({ id: c.id, kind, file_id: up.id }));
    } finally {
      setBusy(false);
    }
  };
  const toggleVoice = async () => {
    if (recording) {
      setRecording(null);
      setBusy(true);
      try {
        const { wav, seconds } = await recording.stop();
        const up = await chatApi.upload(wav, 'voice.wav');
        push(await chatApi.send({ id: c.id, kind: 'voice', file_id: up.id, duration: Math.round(seconds * 10) / 10 }));
      } finally {
        setBusy(false);
      }
      return;
    }
    try {
      setRecSeconds(0);
      setRecording(await startRecording());
    } catch {
      toast.error(t('chat.micRefused'));
    }
  };
  const leave = async () => {
    if (!(await confirm(t('chat.leaveConfirm', { name: c.name })))) return;
    await chatApi.leave(c.id);
    props.onLeft();
  };
  const lang = currentLanguage();

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
            <Button size="small" icon={<PeopleAdd20Regular />} onClick={() => setAdding([])} data-testid="chat-add-members">{t('chat.addMembers')}</Button>
            <Button size="small" icon={<SignOut20Regular />} onClick={() => void leave()} data-testid="chat-leave">{t('chat.leave')}</Button>
          </>
        ) : null}
      </div>
      <div className={s.messages} ref={box} data-testid="chat-messages">
        {hasMore ? <Button appearance="subtle" size="small" style={{ alignSelf: 'center' }} onClick={() => void older()} data-testid="chat-older">{t('chat.older')}</Button> : null}
        {!hasMore && messages.length > 0 ? <Caption1 style={{ alignSelf: 'center' }}>{t('chat.noMore')}</Caption1> : null}
        {loading ? <Spinner size="small" /> : null}
        {!loading && !messages.length ? <div className={s.empty}>{t('chat.empty')}</div> : null}
        {messages.map((m) => {
          const mine = m.sender_id === me;
          return (
            <div key={m.id} className={mergeClasses(s.row, mine && s.mine)} data-testid="chat-message" data-kind={m.kind}>
              <span className={s.meta}>{mine ? '' : `${m.sender_name} · `}{noticeTimeLabel(m.created_at, Date.now(), t, lang)}</span>
              <div className={mergeClasses(s.bubble, mine && s.bubbleMine)}><MessageBody m={m} /></div>
            </div>
          );
        })}
      </div>
      <div className={s.composer}>
        <div className={s.tools}>
          <Tooltip content={t('chat.image')} relationship="label"><Button appearance="subtle" icon={<Image20Regular />} disabled={busy || !!recording} onClick={() => imageInput.current?.click()} data-testid="chat-image-button" /></Tooltip>
          <Tooltip content={t('chat.file')} relationship="label"><Button appearance="subtle" icon={<Attach20Regular />} disabled={busy || !!recording} onClick={() => fileInput.current?.click()} data-testid="chat-file-button" /></Tooltip>
          <Button appearance={recording ? 'primary' : 'subtle'} icon={recording ? <Stop20Regular /> : <Mic20Regular />} disabled={busy} onClick={() => void toggleVoice()} data-testid="chat-voice-button">
            {recording ? t('chat.recording', { s: recSeconds }) : t('chat.voice')}
          </Button>
          {recording ? <Button appearance="subtle" icon={<Dismiss20Regular />} onClick={() => { recording.cancel(); setRecording(null); }} data-testid="chat-voice-cancel">{t('chat.cancelRecord')}</Button> : null}
          <input ref={imageInput} type="file" accept="image/png,image/jpeg,image/gif,image/webp" hidden onChange={(e) => { void sendFile(e.target.files?.[0], 'image'); e.target.value = ''; }} data-testid="chat-image-input" />
          <input ref={fileInput} type="file" hidden onChange={(e) => { void sendFile(e.target.files?.[0], 'file'); e.target.value = ''; }} data-testid="chat-file-input" />
        </div>
        <div style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}>
          <Textarea
            value={text}
            onChange={(_, d) => setText(d.value)}
            placeholder={t('chat.placeholder')}
            resize="vertical"
            style={{ flex: 1 }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void sendText();
              }
            }}
            data-testid="chat-input"
          />
          <Button appearance="primary" icon={<Send20Regular />} disabled={busy || !text.trim()} onClick={() => void sendText()} data-testid="chat-send">{t('chat.send')}</Button>
        </div>
      </div>
      <AdminEditDialog open={adding !== null} title={t('chat.addMembers')} onClose={() => setAdding(null)} saveLabel={t('chat.add')} saveDisabled={!adding?.length} saveTestId="chat-add-save"
        onSave={() => void chatApi.addMembers(c.id, adding ?? []).then(() => { setAdding(null); onChanged(); })}>
        <ContactPicker multiple selected={adding ?? []} onSelect={setAdding} />
      </AdminEditDialog>
      {confirmNode}
    </section>
  );
}

/** /collab/chat: conversations on the left, the open one on the right (issue 15). `?c=` opens one. */
export function ChatPage() {
  const { t } = useTranslation();
  const s = useStyles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get('c')) || null;
  const { data, mutate } = useSWR('chat-conversations', () => chatApi.conversations());
  const [starting, setStarting] = useState<number[] | null>(null);
  const [group, setGroup] = useState<{ name: string; members: number[] } | null>(null);
  const lang = currentLanguage();
  const refresh = useCallback(() => void mutate(), [mutate]);

  useEffect(
    () =>
      onSocketMessage((raw) => {
        const type = (raw as { type?: string })?.type;
        if (type === 'chat' || type === 'chat.conversation') void mutate();
      }),
    [mutate],
  );

  const rows = useMemo(() => data?.rows ?? [], [data]);
  const current = rows.find((c) => c.id === openId) ?? null;
  const select = (id: number) => setParams({ c: String(id) });

  return (
    <AdminPage testId="collab-chat" title={t('chat.title')} explain={t('chat.explain')}
      actions={<Button icon={<PersonAdd20Regular />} onClick={() => navigate('/discovery/index?tab=friends')} data-testid="chat-discovery">{t('chat.friends')}</Button>}>
      <SplitPane id="chat-list" sized="start" defaultSize={300} min={220} maxShare={0.5} otherMin={360} label={t('chat.listWidth')} className={s.shell}>
        <aside className={s.side}>
          <div className={s.sideHead}>
            <Button size="small" appearance="primary" icon={<Chat20Regular />} onClick={() => setStarting([])} data-testid="chat-start">{t('chat.start')}</Button>
            <Button size="small" icon={<Add20Regular />} onClick={() => setGroup({ name: '', members: [] })} data-testid="chat-new-group">{t('chat.newGroup')}</Button>
          </div>
          <ul className={s.list} aria-label={t('chat.conversations')} data-testid="chat-list">
            {data && !rows.length ? <li className={s.empty}>{t('chat.noConversations')}</li> : null}
            {rows.map((c) => (
              <li key={c.id} className={mergeClasses(s.item, c.id === openId && s.itemActive)} onClick={() => select(c.id)} data-testid="chat-item" data-name={c.name}>
                <Avatar name={c.name} size={32} color={c.kind === 'group' ? 'brand' : 'colorful'} />
                <div className={s.itemText}>
                  <Text weight={c.unread ? 'semibold' : 'regular'} className={s.ellipsis}>{c.name}</Text>
                  <Caption1 className={s.ellipsis}>{preview(c, t)}</Caption1>
                </div>
                <div style={{ display: 'grid', justifyItems: 'end', gap: 2 }}>
                  {c.last_at ? <Caption1>{noticeTimeLabel(c.last_at, Date.now(), t, lang)}</Caption1> : null}
                  {c.unread ? <Badge size="small" color="danger" data-testid="chat-unread">{c.unread}</Badge> : null}
                </div>
              </li>
            ))}
          </ul>
        </aside>
        {current ? (
          <ConversationView key={current.id} conversation={current} onChanged={refresh} onLeft={() => { setParams({}); refresh(); }} />
        ) : (
          <section className={s.main}><div className={s.empty}>{t('chat.pick')}</div></section>
        )}
      </SplitPane>
      <AdminEditDialog open={starting !== null} title={t('chat.start')} onClose={() => setStarting(null)} saveLabel={t('chat.start')} saveDisabled={!starting?.length} saveTestId="chat-start-save"
        onSave={() => void chatApi.open(starting![0]).then((c) => { setStarting(null); refresh(); select(c.id); })}>
        <ContactPicker multiple={false} selected={starting ?? []} onSelect={setStarting} />
      </AdminEditDialog>
      <AdminEditDialog open={group !== null} title={t('chat.newGroup')} onClose={() => setGroup(null)} saveLabel={t('chat.create')} saveDisabled={!group?.name.trim() || !group.members.length} saveTestId="chat-group-save"
        onSave={() => void chatApi.createGroup(group!.name, group!.members).then((c) => { setGroup(null); refresh(); select(c.id); })}>
        {group ? (
          <div style={{ display: 'grid', gap: 8 }}>
            <Field label={t('chat.groupName')} required>
              <Input value={group.name} onChange={(_, d) => setGroup({ ...group, name: d.value })} data-testid="chat-group-name" />
            </Field>
            <Field label={t('chat.groupMembers')} required>
              <ContactPicker multiple selected={group.members} onSelect={(members) => setGroup({ ...group, members })} />
            </Field>
          </div>
        ) : null}
      </AdminEditDialog>
    </AdminPage>
  );
}
