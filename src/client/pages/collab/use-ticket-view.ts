import { useEffect, useState } from 'react';
import type { KeyedMutator } from 'swr';
import { callApi, useCall } from '../../api/calls';
import { ticketCalls, type TicketAttachment, type TicketView } from '../../../model/calls/tickets';
import { onSocketMessage } from '../../session/notification-socket';
import { fieldErrorsOf } from '../common/admin-kit';

/**
 * One ticket with its people and comments, read again when a notice arrives (another person moved
 * or commented it), and `act`: a command that marks the page busy, then reads the ticket again.
 */
export function useTicketView(id: number) {
  const { data, error, mutate } = useCall(ticketCalls.view, Number.isSafeInteger(id) && id > 0 ? { id } : null);
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
  const [files, setFiles] = useState<TicketAttachment[]>([]);
  const [error, setError] = useState<string | undefined>();
  const send = async () => {
    setError(undefined);
    try {
      await callApi(ticketCalls.comment, { id, content, files: files.map((f) => f.id) });
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
      const up = await callApi(ticketCalls.upload, { file: f }, { failure: 'upload' });
      setFiles((x) => [...x, up]);
    }
  };
  return { content, setContent, files, error, send, attach };
}
