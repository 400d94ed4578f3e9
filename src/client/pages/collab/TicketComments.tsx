import { Badge, Button, Caption1, Field, Text, Textarea, tokens } from '@fluentui/react-components';
import { Attach20Regular, Delete20Regular, Send20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { AdminCard, formatTime } from '../common/admin-kit';
import type { TicketView } from '../../../model/calls/tickets';
import { AttachmentView } from './TicketParts';
import type { useTicketComment } from './use-ticket-view';
import './collab-messages';

/**
 * A ticket's comments, each removable by its author within the configured days, and the comment box
 * (text, images and files) for owners, participants and the initiator while the ticket is open.
 */
export function TicketComments(props: { view: TicketView; comment: ReturnType<typeof useTicketComment>; onRemove: (commentId: number) => void }) {
  const { t } = useTranslation();
  const { view: v, comment: c } = props;
  const tk = v.ticket;
  return (
    <AdminCard>
      <Text weight="semibold">{t('collab.ticket.comments')}</Text>
      <Caption1>{t('collab.ticket.commentDays', { days: v.commentDeleteDays })}</Caption1>
      <div style={{ display: 'grid', gap: 10, marginTop: 8 }} data-testid="ticket-comments">
        {v.comments.length === 0 ? <Caption1>{t('collab.ticket.noComments')}</Caption1> : null}
        {v.comments.map((x) => (
          <div key={x.id} data-testid="ticket-comment" style={{ padding: 8, borderRadius: 6, background: tokens.colorNeutralBackground2 }}>
            <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
              <Caption1>{`${x.user_name}（${x.company}） · ${formatTime(x.created_at)}`}</Caption1>
              {x.removable ? <Button size="small" appearance="subtle" icon={<Delete20Regular />} onClick={() => props.onRemove(x.id)}>{t('collab.ticket.removeComment')}</Button> : null}
            </div>
            {x.content ? <div style={{ whiteSpace: 'pre-wrap' }} data-testid="ticket-comment-text">{x.content}</div> : null}
            {x.attachments.length ? <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>{x.attachments.map((a) => <AttachmentView key={a.id} a={a} />)}</div> : null}
          </div>
        ))}
      </div>
      {v.can.comment ? (
        <div style={{ display: 'grid', gap: 8, marginTop: 12 }}>
          <Field validationMessage={c.error}>
            <Textarea value={c.content} maxLength={4000} onChange={(_, x) => c.setContent(x.value)} placeholder={t('collab.ticket.commentPlaceholder')} data-testid="ticket-comment-input" />
          </Field>
          {c.files.length ? <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{c.files.map((f) => <Badge key={f.id} appearance="tint">{f.name}</Badge>)}</div> : null}
          <div style={{ display: 'flex', gap: 8 }}>
            <Button icon={<Attach20Regular />} onClick={() => document.getElementById('ticket-file-input')?.click()}>{t('collab.ticket.attach')}</Button>
            <input id="ticket-file-input" type="file" multiple hidden data-testid="ticket-file-input" onChange={(e) => void c.attach(e.target.files)} />
            <Button appearance="primary" icon={<Send20Regular />} onClick={() => void c.send()} data-testid="ticket-comment-send">{t('collab.ticket.send')}</Button>
          </div>
        </div>
      ) : tk.my_roles.includes('guest') && tk.status !== '100' ? <Caption1>{t('collab.ticket.readOnlyGuest')}</Caption1> : null}
    </AdminCard>
  );
}
