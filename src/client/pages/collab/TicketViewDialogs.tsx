import { Dropdown, Field, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { AdminEditDialog, useLabel } from '../common/admin-kit';
import type { useTicketAddMember } from './use-ticket-view';
import { dictValueLabel } from '../../../model/dictionaries';
import './collab-messages';

/** A person of either company and the role they get on the ticket. */
export function AddMemberDialog(props: { member: ReturnType<typeof useTicketAddMember> }) {
  const { t } = useTranslation();
  const label = useLabel();
  const role = (r: string) => label(dictValueLabel('ticket_role', r));
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
            <Dropdown value={role(adding.role)} selectedOptions={[adding.role]} onOptionSelect={(_, o) => setAdding({ ...adding, role: String(o.optionValue) })}>
              {['owner', 'participant', 'guest'].map((r) => <Option key={r} value={r}>{role(r)}</Option>)}
            </Dropdown>
          </Field>
        </div>
      ) : null}
    </AdminEditDialog>
  );
}
