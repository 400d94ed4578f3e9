import { Dropdown, Field, Option, Textarea } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AdminEditDialog } from '../common/admin-kit';
import type { useTicketAddMember, useTicketFinish } from './use-ticket-view';
import { useTicketDicts } from './use-ticket-dicts';
import './collab-messages';

/** The solution asked for when an owner closes a ticket for good. */
export function FinishDialog(props: { finish: ReturnType<typeof useTicketFinish>; version: number }) {
  const { t } = useTranslation();
  const f = props.finish;
  return (
    <AdminEditDialog open={f.open} title={t('collab.ticket.finishTitle')} onClose={f.close} onSave={() => void f.finish(props.version)} saveTestId="ticket-finish-save" saveLabel={t('collab.ticket.finish')}>
      <Field label={t('collab.ticket.solution')} required validationMessage={f.error}>
        <Textarea rows={5} maxLength={4000} value={f.solution} onChange={(_, x) => f.setSolution(x.value)} data-testid="ticket-solution-input" />
      </Field>
    </AdminEditDialog>
  );
}

/** A person of either company and the role they get on the ticket. */
export function AddMemberDialog(props: { member: ReturnType<typeof useTicketAddMember> }) {
  const { t } = useTranslation();
  const d = useTicketDicts();
  const { adding, setAdding, people, save } = props.member;
  return (
    <AdminEditDialog open={adding !== null} title={t('collab.ticket.addMember')} onClose={() => setAdding(null)} saveTestId="ticket-add-member-save" saveDisabled={!adding?.user} onSave={save}>
      {adding ? (
        <div style={{ display: 'grid', gap: 12 }}>
          <Field label={t('collab.ticket.member')}>
            <Dropdown value={people.find((p) => String(p.id) === adding.user)?.fullname ?? ''} selectedOptions={adding.user ? [adding.user] : []} onOptionSelect={(_, o) => setAdding({ ...adding, user: String(o.optionValue) })}>
              {people.map((p) => <Option key={p.id} value={String(p.id)} text={p.fullname}>{`${p.fullname}（${p.company}）`}</Option>)}
            </Dropdown>
          </Field>
          <Field label={t('collab.ticket.memberRole')}>
            <Dropdown value={d.role(adding.role)} selectedOptions={[adding.role]} onOptionSelect={(_, o) => setAdding({ ...adding, role: String(o.optionValue) })}>
              {['owner', 'participant', 'guest'].map((r) => <Option key={r} value={r}>{d.role(r)}</Option>)}
            </Dropdown>
          </Field>
        </div>
      ) : null}
    </AdminEditDialog>
  );
}
