import { Button, Caption1, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { TransitionButtons } from '../../form/DrawerTransitions';
import { EntityForm } from '../../form/EntityForm';
import type { Row } from '../../api/entity-api';
import { resolvedPageOf } from '../../api/resolved-page';
import { ticket as ticketEntity } from '../../../model/entities/ticket.entity';
import { AdminCard, AdminPage, useConfirm } from '../common/admin-kit';
import { callApi } from '../../api/calls';
import { ticketCalls, type TicketRecord } from '../../../model/calls/tickets';
import { TicketComments } from './TicketComments';
import { StatusBadge } from './TicketParts';
import { TicketFormDrawer, TicketMemberDrawer } from './TicketFormDrawer';
import { useTicketCommands, useTicketView } from './use-ticket-view';
import './collab-messages';

/**
 * The owner's and member's buttons on a ticket: edit, add people, quit, and the ticket's declared
 * transitions the view's rights say the caller may take now (close, finish with its solution, reopen),
 * asked and run by the engine's buttons through the ticket's move call at the version read.
 */
function TicketActions({ tk, busy, reload, onEdit, onAddMember, confirmed }: {
  tk: TicketRecord; busy: boolean; reload: () => void;
  onEdit: () => void; onAddMember: () => void; confirmed: (text: string, fn: () => Promise<unknown>) => void;
}) {
  const { t } = useTranslation();
  const moves = ticketEntity.states!.transitions.filter((tr) => tk[`can_${tr.action as 'close' | 'finish' | 'reopen'}`]);
  return (
    <>
      {tk.can_edit ? <Button disabled={busy} onClick={onEdit} data-testid="ticket-edit">{t('collab.ticket.edit')}</Button> : null}
      {tk.can_add_member ? <Button disabled={busy} onClick={onAddMember} data-testid="ticket-add-member">{t('collab.ticket.addMember')}</Button> : null}
      {tk.can_quit ? <Button disabled={busy} onClick={() => confirmed(t('collab.ticket.quitConfirm'), () => callApi(ticketCalls.quit, { id: tk.id }))}>{t('collab.ticket.quit')}</Button> : null}
      <TransitionButtons transitions={moves} record={tk} prefix="ticket" busy={busy} after={reload}
        call={(tr, params) => callApi(ticketCalls.move, { action: tr.action as 'close' | 'finish' | 'reopen', id: tk.id, version: tk.version, ...params })} />
    </>
  );
}

/**
 * A ticket's commands and comments, and the drawers they open (edit, add a person), for the record
 * `tk` as read; `reload` reads it again. Its details and people are the engine's form of the record
 * (the tickets list's declaration, grids/collab/tickets.grid.ts): the list's drawer draws them, the
 * ticket's page `details`.
 */
function TicketPanel({ tk, reload, head, details }: { tk: TicketRecord; reload: () => void; head: (actions: ReactNode, body: ReactNode) => ReactNode; details?: ReactNode }) {
  const { t } = useTranslation();
  const { busy, act } = useTicketCommands(reload);
  const [dialog, confirm] = useConfirm();
  // Editing is the engine's form drawer over the ticket as read here (TicketFormDrawer).
  const [editing, setEditing] = useState(false);
  // Adding a person is the engine's form drawer over the ticket's member (TicketMemberDrawer).
  const [adding, setAdding] = useState(false);
  const confirmed = (text: string, fn: () => Promise<unknown>) => void confirm(text).then((y) => { if (y) void act(fn); });
  const actions = <TicketActions tk={tk} busy={busy} reload={reload} onEdit={() => setEditing(true)} onAddMember={() => setAdding(true)} confirmed={confirmed} />;
  return head(actions, (
    <>
      {dialog}
      {details}
      <TicketComments view={tk} onSent={reload} onRemove={(cid) => confirmed(t('collab.ticket.removeCommentConfirm'), () => callApi(ticketCalls.removeComment, { id: cid }, { failure: 'delete' }))} />
      <TicketMemberDrawer id={tk.id} open={adding} onClose={() => setAdding(false)} onSaved={() => { setAdding(false); reload(); }} />
      <TicketFormDrawer open={editing} ticket={tk} onClose={() => setEditing(false)} onSaved={() => { setEditing(false); reload(); }} />
    </>
  ));
}

/** The ticket's record read-only as the engine's form of the tickets list (its document a link, its people a grid), drawn anew when it changes. */
function TicketDetails({ tk }: { tk: TicketRecord }) {
  const resolved = resolvedPageOf('tickets');
  if (!resolved) return null;
  return (
    <AdminCard>
      <EntityForm key={JSON.stringify([tk.version, tk.members])} resolved={resolved} action="view" record={tk as unknown as Row} onSaved={() => undefined} />
    </AdminCard>
  );
}

/** Spec 2 `/page/ticket/view?id=`: the exception's state, details, people, comments and the owner's actions. */
export function TicketViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { data, error, mutate } = useTicketView(Number(params.get('id')));
  const back = <Button icon={<ArrowLeft20Regular />} onClick={() => navigate('/collab/tickets')}>{t('collab.ticket.back')}</Button>;
  const page = (title: string, actions: ReactNode, body: ReactNode) => <AdminPage testId="ticket-view" title={title} actions={actions}>{body}</AdminPage>;
  if (error) return page(t('collab.tickets.title'), back, <MessageBar intent="error"><MessageBarBody>{t('ticket.notFound')}</MessageBarBody></MessageBar>);
  if (!data) return page(t('collab.tickets.title'), back, <Caption1>{t('ui.common.loading')}</Caption1>);
  return (
    <TicketPanel tk={data} reload={() => void mutate()} details={<TicketDetails tk={data} />}
      head={(actions, body) => page(`${data.ticket_no} ${data.title}`, <>{back}<StatusBadge status={data.status} />{actions}</>, body)} />
  );
}

/** A ticket list's drawer (the view `ticketlist`): under the drawer's form of the record, its commands and comments. */
export function TicketDrawerBody({ rf }: DrawerExtensionProps) {
  if (!rf.record) return null;
  return (
    <TicketPanel tk={rf.record as unknown as TicketRecord} reload={rf.reload}
      head={(actions, body) => <div data-testid="ticket-view" style={{ display: 'grid', gap: 12 }}><div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>{actions}</div>{body}</div>} />
  );
}
