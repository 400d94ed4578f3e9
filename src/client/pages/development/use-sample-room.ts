import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { developmentCalls, type SampleComment, type SampleRequestView, type SampleSide } from '../../../model/calls/development';
import { getDictionary } from '../../../model/dictionaries';
import { sampleRequest } from '../../../model/entities/samplerequest.entity';
import { callApi, useCall } from '../../api/calls';
import { entityApiOf } from '../../api/entity-api';
import { onSocketMessage } from '../../session/notification-socket';

/**
 * The sample room's data and commands (SampleRoomPage is its view): the list and the request chosen
 * (`?id=`), refreshed on the server's `sample.changed` event; an action of the request (some ask for a
 * reason, a new due date or a note first); a comment with photos.
 */
const REQUESTS = entityApiOf(`/api/${sampleRequest.prefix}/${sampleRequest.name}`);

/** What each side may do in each state (the server refuses anything else with its own message). */
const ACTIONS: Record<SampleSide, Record<string, string[]>> = {
  out: { draft: ['send', 'cancel'], requested: ['cancel'], in_progress: ['cancel'], submitted: ['approve', 'reject', 'cancel'], rejected: ['resample', 'cancel'] },
  in: { requested: ['accept', 'submit'], in_progress: ['submit'] },
};
/** The actions that ask for something before they run. */
export const ASKING = ['reject', 'resample', 'submit', 'approve'];

/** Labels of the sample's dictionaries, states and actions in the browser's language. */
export function useSampleLabels() {
  const { i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  const dict = (code: string, v: string | null | undefined) => {
    const item = getDictionary(code)?.items.find((x) => x.value === v);
    return item ? (en ? item.label.en : item.label.zh) : (v ?? '');
  };
  const stateLabel = (code: string) => {
    const st = sampleRequest.states!.states.find((x) => x.code === code);
    return st ? (en ? st.label.en : st.label.zh) : code;
  };
  const actionLabel = (action: string) => {
    const tr = sampleRequest.states!.transitions.find((x) => x.action === action);
    return tr ? (en ? tr.label.en : tr.label.zh) : action;
  };
  return { dict, stateLabel, actionLabel };
}

/** The action waiting for its reason, due date or note, and running an action. */
function useSampleActions(id: string | null, req: SampleRequestView | null, refresh: () => Promise<unknown>) {
  const [pending, setPending] = useState<string | null>(null);
  // Another request chosen: nothing waits.
  useEffect(() => setPending(null), [id]);
  const [reason, setReason] = useState('');
  const [due, setDue] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (action: string, body: Record<string, unknown> = {}) => {
    if (!req) return;
    setBusy(true);
    try {
      await REQUESTS.action(action, [req.id], body);
      setPending(null);
      setReason('');
      setNote('');
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  const confirm = () => {
    if (!pending) return;
    void run(pending, pending === 'reject' ? { reject_reason: reason } : pending === 'resample' ? { due_date: due } : { comment: note });
  };
  const canConfirm = !busy && !(pending === 'reject' && !reason.trim()) && !(pending === 'resample' && !/^\d{4}-\d{2}-\d{2}$/.test(due));
  const allowed = req ? (ACTIONS[req.direction][req.status] ?? []) : [];
  const choose = (a: string) => (ASKING.includes(a) ? setPending(a) : void run(a));
  return { pending, setPending, reason, setReason, due, setDue, note, setNote, busy, setBusy, allowed, choose, confirm, canConfirm };
}

/** The comment being written and its photos (uploaded at once, sent with the comment). */
function useComposer(id: string | null, req: SampleRequestView | null, refresh: () => Promise<unknown>, setBusy: (b: boolean) => void) {
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<{ id: number; url: string }[]>([]);
  // Another request chosen: an empty composer.
  useEffect(() => {
    setText('');
    setPhotos([]);
  }, [id]);
  const addPhotos = async (files: FileList) => {
    for (const file of Array.from(files)) {
      const r = await callApi(developmentCalls.photo, { file });
      setPhotos((p) => [...p, r]);
    }
  };
  const sendComment = async () => {
    if (!req) return;
    setBusy(true);
    try {
      await callApi(developmentCalls.comment, { id: req.id, body: text, photos: photos.map((p) => p.id) });
      setText('');
      setPhotos([]);
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return { text, setText, photos, addPhotos, sendComment };
}

export function useSampleRoom() {
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const { data, mutate } = useCall(developmentCalls.room, id ? { id } : {});
  const refresh = () => mutate();
  const req = data?.request ?? null;
  const actions = useSampleActions(id, req, refresh);
  const composer = useComposer(id, req, refresh, actions.setBusy);
  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'sample.changed') void mutate();
  }), [mutate]);
  const rounds = new Map<number, SampleComment[]>();
  for (const c of data?.comments ?? []) rounds.set(c.round, [...(rounds.get(c.round) ?? []), c]);
  if (req && !rounds.has(req.round)) rounds.set(req.round, []);
  return { id, choose: (rid: number) => setParams({ id: String(rid) }), data, req, rounds, actions, composer };
}
