import { Button, Caption1, Text, tokens } from '@fluentui/react-components';
import { Delete20Regular, Send20Regular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import type { Row } from '../../api/entity-api';
import { resolvedPageOf } from '../../api/resolved-page';
import { EntityForm, type EntityFormHandle } from '../../form/EntityForm';
import { uploadedFiles } from '../../../model/file-field';
import { AdminCard, formatTime } from '../common/admin-kit';
import { ticketCalls, type TicketRecord } from '../../../model/calls/tickets';
import { AttachmentView } from './TicketParts';
import './collab-messages';

/**
 * Sends the comment form's text and files to the ticket calls' `comment` (the files by their ids); a
 * refusal of the files (not the caller's uploads) shows under the form's files field.
 */
async function sendComment(id: number, body: Row): Promise<Row> {
  try {
    await callApi(ticketCalls.comment, { id, content: String(body.content ?? ''), files: uploadedFiles(body.attachments).map((f) => f.id) });
  } catch (e) {
    if (!(e instanceof ApiError) || !e.errors?.files) throw e;
    const { files, ...rest } = e.errors;
    throw new ApiError(e.status, e.code, e.message, { ...rest, attachments: files }, e.network, e.data, e.path, e.failure);
  }
  return { id };
}

/** The comment box: the engine's inline form `ticketcomment` (text and files), sent by its button, then empty again. */
function CommentForm({ id, onSent }: { id: number; onSent: () => void }) {
  const { t } = useTranslation();
  const form = useRef<EntityFormHandle>(null);
  const [round, setRound] = useState(0);
  const resolved = resolvedPageOf('ticketcomment');
  if (!resolved) return null;
  return (
    <div style={{ display: 'grid', gap: 8, marginTop: 12 }} data-testid="ticket-comment-form">
      <EntityForm key={round} ref={form} resolved={resolved} action="add" record={null} save={(body) => sendComment(id, body)} onSaved={() => { setRound((n) => n + 1); onSent(); }} />
      <div><Button appearance="primary" icon={<Send20Regular />} onClick={() => void form.current?.submit()} data-testid="ticket-comment-send">{t('collab.ticket.send')}</Button></div>
    </div>
  );
}

/**
 * A ticket's comments, each removable by its author within the configured days, and the comment box
 * (text, images and files) for owners, participants and the initiator while the ticket is open.
 */
export function TicketComments(props: { view: TicketRecord; onSent: () => void; onRemove: (commentId: number) => void }) {
  const { t } = useTranslation();
  const { view: tk } = props;
  return (
    <AdminCard>
      <Text weight="semibold">{t('collab.ticket.comments')}</Text>
      <Caption1>{t('collab.ticket.commentDays', { days: tk.comment_days })}</Caption1>
      <div style={{ display: 'grid', gap: 10, marginTop: 8 }} data-testid="ticket-comments">
        {tk.comments.length === 0 ? <Caption1>{t('collab.ticket.noComments')}</Caption1> : null}
        {tk.comments.map((x) => (
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
      {tk.can_comment ? <CommentForm id={tk.id} onSent={props.onSent} />
        : tk.my_roles.includes('guest') && tk.status !== '100' ? <Caption1>{t('collab.ticket.readOnlyGuest')}</Caption1> : null}
    </AdminCard>
  );
}
