import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ApiError } from '../../api/client';
import { toast } from '../../kernel/toast-bus';
import { access } from '../../session/access-state';
import { onSocketMessage } from '../../session/notification-socket';
import { chatApi, type ChatMember, type ChatMessage, type Conversation } from './chat-api';
import { canRemoveMember, orderMembers } from './group-members';
import { startRecording, type Recording } from './voice-recorder';

/**
 * One conversation's history: the newest page when it opens (read up to there when it had unread
 * messages), older pages on demand keeping the scroll position, and messages arriving over the
 * socket (read at once when the page is visible and the message is someone else's).
 */
export function useConversationHistory(c: Conversation, onChanged: () => void) {
  const me = useSnapshot(access).id;
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const box = useRef<HTMLDivElement>(null);
  const scrollDown = () => requestAnimationFrame(() => box.current && (box.current.scrollTop = box.current.scrollHeight));
  const markRead = useCallback((upTo?: number) => void chatApi.read(c.id, upTo).then(() => onChanged()), [c.id, onChanged]);
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
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the history is read once per conversation opened, not again when its unread count changes
  }, [c.id]);
  useEffect(() => onSocketMessage((raw) => {
    const m = raw as { type?: string; conversation_id?: number; message?: ChatMessage };
    if (m?.type !== 'chat' || m.conversation_id !== c.id || !m.message) return;
    const msg = m.message;
    setMessages((list) => (list.some((x) => x.id === msg.id) ? list : [...list, msg]));
    scrollDown();
    if (msg.sender_id !== me && document.visibilityState === 'visible') markRead(msg.id);
  }), [c.id, me, markRead]);
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
  /** A message the caller sent (the socket may bring it too: kept once). */
  const push = (m: ChatMessage) => {
    setMessages((list) => (list.some((x) => x.id === m.id) ? list : [...list, m]));
    scrollDown();
    onChanged();
  };
  return { me, messages, hasMore, loading, box, older, push };
}

/** The composer: text, an image or a file, and a voice message recorded in the browser. */
export function useComposer(c: Conversation, push: (m: ChatMessage) => void) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [recording, setRecording] = useState<Recording | null>(null);
  const [recSeconds, setRecSeconds] = useState(0);
  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => setRecSeconds(Math.floor(recording.seconds())), 250);
    return () => clearInterval(timer);
  }, [recording]);
  const busyWhile = async (fn: () => Promise<void>) => {
    setBusy(true);
    try {
      await fn();
    } finally {
      setBusy(false);
    }
  };
  const sendText = async () => {
    const body = text.trim();
    if (!body || busy) return;
    await busyWhile(async () => {
      push(await chatApi.send({ id: c.id, kind: 'text', body }));
      setText('');
    });
  };
  const sendFile = async (file: File | undefined, kind: 'image' | 'file') => {
    if (!file) return;
    await busyWhile(async () => {
      const up = await chatApi.upload(file, file.name);
      push(await chatApi.send({ id: c.id, kind, file_id: up.id }));
    });
  };
  const toggleVoice = async () => {
    if (recording) {
      setRecording(null);
      await busyWhile(async () => {
        const { wav, seconds } = await recording.stop();
        const up = await chatApi.upload(wav, 'voice.wav');
        push(await chatApi.send({ id: c.id, kind: 'voice', file_id: up.id, duration: Math.round(seconds * 10) / 10 }));
      });
      return;
    }
    try {
      setRecSeconds(0);
      setRecording(await startRecording());
    } catch {
      toast.error(t('chat.micRefused'));
    }
  };
  const cancelVoice = () => {
    recording?.cancel();
    setRecording(null);
  };
  return { text, setText, busy, recording, recSeconds, sendText, sendFile, toggleVoice, cancelVoice };
}

/**
 * A group's member panel: the members (read when the panel opens, and again after a removal), and
 * the owner's removal of one, told by a toast; the conversation list hears of the new count.
 */
export function useGroupMembers(c: Conversation, open: boolean, onChanged: () => void) {
  const { t } = useTranslation();
  const me = useSnapshot(access).id;
  const [members, setMembers] = useState<ChatMember[] | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setMembers(null);
    chatApi.withMembers(c.id).then((r) => live && setMembers(r.member_list), () => live && setMembers([]));
    return () => {
      live = false;
    };
  }, [c.id, open, tick]);
  const remove = async (member: ChatMember) => {
    setBusy(member.id);
    try {
      await chatApi.removeMember(c.id, member.id);
      toast.success(t('chat.memberRemoved', { member: member.fullname }));
      setTick((n) => n + 1);
      onChanged();
    } catch (e) {
      // The API reactions toast a refusal (not the owner, not a member any more); the list is read again.
      if (!(e instanceof ApiError)) throw e;
      setTick((n) => n + 1);
    } finally {
      setBusy(null);
    }
  };
  const listed = members ? orderMembers(members, c.owner_id, me) : null;
  return { me, members: listed, busy, remove, canRemove: (m: ChatMember) => canRemoveMember(c, me, m.id) };
}
