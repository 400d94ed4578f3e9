import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { fieldErrorsOf } from '../common/admin-kit';
import { ticketApi, type Ticket } from './ticket-api';
import type { TicketFieldValues } from './TicketParts';

export type RaiseDraft = TicketFieldValues & { doc_type: string; doc_id: number | null; doc_no: string; owner_ids: number[]; participant_ids: number[]; guest_ids: number[] };
export type RaiseInitial = { docType: string; docId: number; docNo: string } | null | undefined;
export type PeopleKey = 'owner_ids' | 'participant_ids' | 'guest_ids';

const blank = (initial: RaiseInitial): RaiseDraft => ({
  doc_type: initial?.docType ?? 'prorder', doc_id: initial?.docId ?? null, doc_no: initial?.docNo ?? '', category: 'quality', title: '', description: '', level: 'medium',
  tags: '', duration: '', deduct_amount: '', deduct_type: 'none', owner_ids: [], participant_ids: [], guest_ids: [],
});

/**
 * The raise dialog's state: the draft (fresh each time the dialog opens), the caller's documents
 * matching the typed number, the people of the picked document's companies, and the raise itself.
 */
export function useRaiseTicket(open: boolean, initial: RaiseInitial, onRaised: (t: Ticket) => void) {
  const [draft, setDraft] = useState<RaiseDraft>(() => blank(initial));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setDraft(blank(initial));
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new draft when the dialog opens, not each time the page rebuilds `initial` from its query
  }, [open]);
  const docs = useSWR(open ? ['ticket-docs', draft.doc_type, draft.doc_no] : null, () => ticketApi.docs(draft.doc_type, draft.doc_no));
  const people = useSWR(open && draft.doc_id ? ['ticket-people', draft.doc_type, draft.doc_id] : null, () => ticketApi.peopleOfDoc(draft.doc_type, draft.doc_id!));
  /** Another document kind or document: its people are others, so the picks are cleared. */
  const pickDocument = (patch: Pick<RaiseDraft, 'doc_type' | 'doc_id' | 'doc_no'>) => setDraft({ ...draft, ...patch, owner_ids: [], participant_ids: [], guest_ids: [] });
  const save = async () => {
    setBusy(true);
    try {
      const { doc_no: _n, ...rest } = draft;
      onRaised(await ticketApi.save({ ...rest, duration: draft.duration || null, deduct_amount: draft.deduct_amount || null, tags: draft.tags || null }));
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  return { draft, setDraft, errors, busy, docs: docs.data?.rows ?? [], people: people.data?.rows, pickDocument, save };
}
