import { useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR, { useSWRConfig } from 'swr';
import type { StateDef } from '../../model/entity';
import type { ResolvedPage } from '../../model/page-resolve';
import { entityApi, type EntityApi, type Row } from '../api/entity-api';
import type { EntityFormHandle } from './EntityForm';
import type { RouteAction } from './form-logic';
import { stateNoticeOf, type NoticeView } from './state-notice';

/** Every visit of a record (a drawer opened, a page mounted) gets its own number: see `useRecord`. */
let visits = 0;

/** A number that changes whenever `value` is a different object (React's "state from the previous render"). */
function useChangeCount(value: unknown): number {
  const [seen, setSeen] = useState({ value, n: 0 });
  if (seen.value !== value) {
    const next = { value, n: seen.n + 1 };
    setSeen(next);
    return next.n;
  }
  return seen.n;
}

type RecordKey = readonly ['record', string, number, number];

export type RecordState = {
  id: number | null;
  record: Row | null;
  failed: boolean;
  loading: boolean;
  /** Reads the record again (the other company moved it); the form shows the new values. */
  reload: () => void;
  /** Shows `row` as the record, without a request (a save's or an action's reply), switching to its id. */
  show: (row: Row) => void;
  /** Changes whenever another copy of the record is shown: the form is keyed by it. */
  revision: string;
};

/**
 * One record of a page's entity, read through swr. Each visit reads afresh (the key carries the
 * visit's number), so a form never opens on a cached copy that someone has since changed; within a
 * visit, `reload` revalidates and `show` puts a reply in place.
 *
 * Example: `const { record, failed } = useRecord(resolved, idFromUrl, idFromUrl)`.
 */
export function useRecord(resolved: Pick<ResolvedPage, 'apiBase'>, id: number | null, visitToken: unknown, options: { onError?: () => void } = {}): RecordState {
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const { mutate: mutateKey } = useSWRConfig();
  const [visit, setVisit] = useState(() => ({ token: visitToken, n: ++visits, id }));
  let current = visit;
  if (visit.token !== visitToken) {
    current = { token: visitToken, n: ++visits, id };
    setVisit(current);
  }
  const onError = useRef(options.onError);
  onError.current = options.onError;
  const key: RecordKey | null = current.id === null ? null : ['record', resolved.apiBase, current.id, current.n];
  const { data, error, isLoading, mutate } = useSWR(key, ([, , recordId]: RecordKey) => api.view(recordId), {
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
    onError: () => onError.current?.(),
  });
  const changes = useChangeCount(data);
  const show = (row: Row) => {
    const next = { token: visitToken, n: ++visits, id: Number(row.id) };
    void mutateKey(['record', resolved.apiBase, next.id, next.n], row, { revalidate: false }).then(() => setVisit(next));
  };
  return {
    id: current.id,
    record: data ?? null,
    failed: Boolean(error),
    loading: isLoading,
    reload: () => void mutate(),
    show,
    revision: `${current.n}:${changes}`,
  };
}

export type RecordFormOptions = {
  /** The record to open (null: a new one) and how (add, edit, view, copy). A new object per opening. */
  open: { id: number | null; action: RouteAction } | null;
  /** The record can be looked at but not edited (a locked state, a copy another company owns). */
  readOnly?: (record: Row) => boolean;
  onError?: () => void;
  /** The record as already read by a declared call: shown as the stored record, without the generic read. */
  record?: Row | null;
};

export type RecordForm = RecordState & {
  api: EntityApi;
  /** The form's action: a stored record opened for edit becomes a view when it is read-only. */
  action: RouteAction;
  stored: boolean;
  ready: boolean;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  formRef: RefObject<EntityFormHandle | null>;
  /** The record's state as declared by its entity (label, colour, notice). */
  state: StateDef | null;
  /** The notice bar of the record's state, from the entity's declaration. */
  notice: NoticeView | null;
};

/**
 * The record logic of a form drawer: loading, the action the form opens with, busy, the form's
 * handle and the state's badge and notice. Drawers render; this decides.
 *
 * Example: `const rf = useRecordForm(resolved, { open: drawer, readOnly: (r) => r.status === 'sent' })`.
 */
export function useRecordForm(resolved: ResolvedPage, options: RecordFormOptions): RecordForm {
  const { t } = useTranslation();
  const api = useMemo(() => entityApi(resolved), [resolved]);
  const { open } = options;
  const given = options.record ?? null;
  const read = useRecord(resolved, given ? null : (open?.id ?? null), open, { onError: options.onError });
  const rec = given ? { ...read, id: Number(given.id), record: given } : read;
  const [busy, setBusy] = useState(false);
  const formRef = useRef<EntityFormHandle | null>(null);
  const record = rec.record;
  const stored = rec.id !== null;
  // A new record or a copy becomes the saved record once saved (the drawer stays open on it): an edit.
  const requested: RouteAction = rec.id !== (open?.id ?? null) ? 'edit' : (open?.action ?? 'add');
  const action: RouteAction = !stored ? (requested === 'copy' ? 'copy' : 'add') : record && requested !== 'copy' && options.readOnly?.(record) ? 'view' : requested;
  const machine = resolved.entity.states;
  const state = (record && machine?.states.find((s) => s.code === String(record[machine.field] ?? ''))) || null;
  return {
    ...rec,
    api,
    action,
    stored,
    ready: open !== null && (!stored || record !== null),
    busy,
    setBusy,
    formRef,
    state,
    notice: stateNoticeOf(resolved.entity, record, (k, p) => t(k, p ?? {})),
  };
}
