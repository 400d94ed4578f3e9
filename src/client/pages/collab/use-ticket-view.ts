import { useEffect, useState } from 'react';
import useSWR, { type KeyedMutator } from 'swr';
import { onSocketMessage } from '../../session/notification-socket';
import { fieldErrorsOf } from '../common/admin-kit';
import { ticketApi, type Attachment, type TicketView } from './ticket-api';

/**
 * One ticket with its people and comments, read again when a notice arrives (another person moved
 * or commented it), and `act`: a command that marks the page busy, then reads the ticket again.
 */
export function useTicketView(id: number) {
  const { data, error, mutate } = useSWR(Number.isSafeInteger(id) && id > 0 ? ['ticket', id] : null, () => ticketApi.view(id));
  const [busy, setBusy] = useState(false);
  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'notifyto2') void mutate();
  }), [mutate]);
  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      await mutate();
    } finally {
      setBusy(false);
    }
  };
  return { data, error, mutate, busy, act };
}

/** The comment box: text and uploaded files, sent together. */
export function useTicketComment(id: number, mutate: KeyedMutator<TicketView>) {
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [error, setError] = useState<string | undefined>();
  const send = async () => {
    setError(undefined);
    try {
      await ticketApi.comment(id, content, files.map((f) => f.id));
      setContent('');
      setFiles([]);
      await mutate();
    } catch (e) {
      const errs = fieldErrorsOf(e);
      setError(errs.content ?? errs.files);
    }
  };
  const attach = async (list: FileList | null) => {
    for (const f of Array.from(list ?? [])) {
      const up = await ticketApi.upload(f);
      setFiles((x) => [...x, up]);
    }
  };
  return { content, setContent, files, error, send, attach };
}
