import { Combobox, Dropdown, Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AdminEditDialog } from '../common/admin-kit';
import type { Person, Ticket } from './ticket-api';
import { TicketFields } from './TicketParts';
import { useRaiseTicket, type PeopleKey, type RaiseDraft, type RaiseInitial } from './use-raise-ticket';
import './collab-messages';

const DOC_TYPES = ['prorder', 'customerorder'] as const;
const personText = (p: Person) => `${p.fullname}（${p.company}）`;

/** A multiple choice of people of the document's companies (owners, participants or guests). */
function PeoplePick(props: { draft: RaiseDraft; people: Person[] | undefined; field: PeopleKey; label: string; testId: string; error?: string; onPick: (ids: number[]) => void }) {
  const rows = props.people ?? [];
  const chosen = props.draft[props.field];
  return (
    <Field label={props.label} required={props.field === 'owner_ids'} validationMessage={props.error}>
      <Dropdown multiselect disabled={!props.people} data-testid={props.testId}
        value={rows.filter((p) => chosen.includes(p.id)).map(personText).join('、')}
        selectedOptions={chosen.map(String)} onOptionSelect={(_, o) => props.onPick(o.selectedOptions.map(Number))}>
        {rows.map((p) => <Option key={p.id} value={String(p.id)} text={personText(p)}>{personText(p)}</Option>)}
      </Dropdown>
    </Field>
  );
}

/**
 * Raising a ticket on one of the company's documents (a requirement order or a customer order): the
 * document is picked by its number, the people from the document's one or two companies.
 * Opened from the list, or by another page with `?raise=<doc type>&doc_id=<id>&doc_no=<no>`.
 */
export function RaiseTicketDialog(props: { open: boolean; initial?: RaiseInitial; onClose: () => void; onRaised: (t: Ticket) => void }) {
  const { t } = useTranslation();
  const { draft, setDraft, errors, busy, docs, people, pickDocument, save } = useRaiseTicket(props.open, props.initial, props.onRaised);
  const pick = (field: PeopleKey, label: string, testId: string) => (
    <PeoplePick draft={draft} people={people} field={field} label={label} testId={testId} error={errors[field]} onPick={(ids) => setDraft({ ...draft, [field]: ids })} />
  );
  const head = (
    <>
      <Field label={t('collab.ticket.docType')} validationMessage={errors.doc_type}>
        <Dropdown value={t(`collab.ticket.docType.${draft.doc_type}`)} selectedOptions={[draft.doc_type]}
          onOptionSelect={(_, o) => pickDocument({ doc_type: String(o.optionValue), doc_id: null, doc_no: '' })}>
          {DOC_TYPES.map((x) => <Option key={x} value={x}>{t(`collab.ticket.docType.${x}`)}</Option>)}
        </Dropdown>
      </Field>
      <Field label={t('collab.ticket.docPick')} required validationMessage={errors.doc_id}>
        <Combobox freeform placeholder={t('collab.ticket.docSearch')} value={draft.doc_no} data-testid="ticket-doc-picker"
          onChange={(e) => setDraft({ ...draft, doc_no: e.target.value, doc_id: null })}
          onOptionSelect={(_, o) => { const row = docs.find((r) => String(r.id) === o.optionValue); if (row) pickDocument({ doc_type: draft.doc_type, doc_id: row.id, doc_no: row.no ?? '' }); }}>
          {docs.map((r) => (
            <Option key={r.id} value={String(r.id)} text={r.no ?? String(r.id)}>{`${r.no ?? r.id}（${r.shared ? t('collab.ticket.docShared') : t('collab.ticket.docNotShared')}）`}</Option>
          ))}
        </Combobox>
      </Field>
    </>
  );
  return (
    <AdminEditDialog open={props.open} title={t('collab.tickets.raise')} onClose={props.onClose} onSave={() => void save()} busy={busy} saveTestId="ticket-raise-save" maxWidth={720}>
      <TicketFields draft={draft} onChange={setDraft} errors={errors} head={head}>
        {pick('owner_ids', t('collab.ticket.ownersPick'), 'ticket-owners')}
        {pick('participant_ids', t('collab.ticket.participantsPick'), 'ticket-participants')}
        {pick('guest_ids', t('collab.ticket.guestsPick'), 'ticket-guests')}
      </TicketFields>
    </AdminEditDialog>
  );
}
