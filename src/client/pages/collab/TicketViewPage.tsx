import { Badge, Button, Caption1, Link, MessageBar, MessageBarBody, Text, Title3 } from '@fluentui/react-components';
import { ArrowLeft20Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { TransitionButtons } from '../../form/DrawerTransitions';
import { dictValueLabel } from '../../../model/dictionaries';
import { ticket as ticketEntity, ticketList } from '../../../model/entities/ticket.entity';
import { AdminCard, AdminPage, formatTime, useConfirm, useLabel } from '../common/admin-kit';
import { callApi } from '../../api/calls';
import { ticketCalls, type Ticket, type TicketRecord } from '../../../model/calls/tickets';
import { TicketComments } from './TicketComments';
import { StatusBadge } from './TicketParts';
import { TicketFormDrawer, TicketMemberDrawer } from './TicketFormDrawer';
import { useTicketView } from './use-ticket-view';
import './collab-messages';

/** The ticket's fields its page shows, labelled as its entity declares them; a dictionary's value by its label. */
const DETAILS = ['ticket_no', 'doc_id', 'partner_client_id', 'category', 'level', 'tags', 'duration', 'deduct_type', 'deduct_amount'] as const;
const fieldOf = (key: string) => ticketEntity.fields.find((f) => f.key === key)!;

/** The ticket's details: state, title, the declared fields (its document a link), when it was raised, my roles, description and solution. */
function TicketDetails({ tk }: { tk: Ticket }) {
  const { t } = useTranslation();
  const label = useLabel();
  const navigate = useNavigate();
  // The document and the other company as the caller's company sees them (the call's own columns).
  const shown: Record<string, ReactNode> = {
    doc_id: tk.link ? <Link onClick={() => navigate(tk.link!)} data-testid="ticket-doc-link">{tk.doc_no}</Link> : tk.doc_no,
    partner_client_id: tk.raised_by_us ? tk.partner_company ?? '' : tk.company,
  };
  const text = (key: string) => {
    const f = fieldOf(key);
    const v = (tk as Record<string, unknown>)[key] as string | null;
    return f.dict ? label(dictValueLabel(f.dict, v)) : v ?? '';
  };
  const info: Array<[string, ReactNode]> = [
    ...DETAILS.map((k): [string, ReactNode] => [label(fieldOf(k).label), k in shown ? shown[k] : text(k)]),
    [label(ticketList.fields.find((f) => f.key === 'created_at')!.label), formatTime(tk.created_at)],
    [t('collab.ticket.myRoles'), tk.my_roles.map((r) => label(dictValueLabel('ticket_role', r))).join('、')],
  ];
  return (
    <AdminCard>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}><StatusBadge status={tk.status} /><Title3>{tk.title}</Title3></div>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '6px 16px', marginTop: 8 }}>
        {info.map(([k, val]) => <div key={k}><Caption1>{k}</Caption1><div>{val}</div></div>)}
      </div>
      <div style={{ marginTop: 12 }}><Caption1>{label(fieldOf('description').label)}</Caption1><div style={{ whiteSpace: 'pre-wrap' }}>{tk.description}</div></div>
      {tk.solution ? <div style={{ marginTop: 12 }}><Caption1>{label(fieldOf('solution').label)}</Caption1><div style={{ whiteSpace: 'pre-wrap' }} data-testid="ticket-solution">{tk.solution}</div></div> : null}
    </AdminCard>
  );
}

function TicketMembers({ v }: { v: TicketRecord }) {
  const { t } = useTranslation();
  const label = useLabel();
  return (
    <AdminCard>
      <Text weight="semibold">{t('collab.ticket.members')}</Text>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 6 }} data-testid="ticket-members">
        {v.members.map((m) => <Badge key={`${m.user_id}-${m.role}`} appearance="outline" color={m.role === 'owner' ? 'brand' : 'informative'}>{`${label(dictValueLabel('ticket_role', m.role))}：${m.fullname}（${m.company}）`}</Badge>)}
      </div>
    </AdminCard>
  );
}

/**
 * The owner's and member's buttons on a ticket: edit, add people, quit, and the ticket's declared
 * transitions the view's rights say the caller may take now (close, finish with its solution, reopen),
 * asked and run by the engine's buttons through the ticket's move call at the version read.
 */
function TicketActions({ tk, id, busy, reload, onEdit, onAddMember, confirmed }: {
  tk: TicketRecord; id: number; busy: boolean; reload: () => void;
  onEdit: () => void; onAddMember: () => void; confirmed: (text: string, fn: () => Promise<unknown>) => void;
}) {
  const { t } = useTranslation();
  const moves = ticketEntity.states!.transitions.filter((tr) => tk[`can_${tr.action as 'close' | 'finish' | 'reopen'}`]);
  return (
    <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
      {tk.can_edit ? <Button disabled={busy} onClick={onEdit} data-testid="ticket-edit">{t('collab.ticket.edit')}</Button> : null}
      {tk.can_add_member ? <Button disabled={busy} onClick={onAddMember} data-testid="ticket-add-member">{t('collab.ticket.addMember')}</Button> : null}
      {tk.can_quit ? <Button disabled={busy} onClick={() => confirmed(t('collab.ticket.quitConfirm'), () => callApi(ticketCalls.quit, { id }))}>{t('collab.ticket.quit')}</Button> : null}
      <TransitionButtons transitions={moves} record={tk} prefix="ticket" busy={busy} after={reload}
        call={(tr, params) => callApi(ticketCalls.move, { action: tr.action as 'close' | 'finish' | 'reopen', id, version: tk.version, ...params })} />
    </div>
  );
}

/**
 * One ticket: its details, people, comments and the buttons the caller may use; on its own page
 * (`page`, spec 2 `/page/ticket/view?id=`) or in the drawer of a ticket list's row.
 */
export function TicketPanel({ id, page = false }: { id: number; page?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, error, mutate, busy, act } = useTicketView(id);
  const [dialog, confirm] = useConfirm();
  // Editing is the engine's form drawer over the ticket as read here (TicketFormDrawer).
  const [editing, setEditing] = useState(false);
  // Adding a person is the engine's form drawer over the ticket's member (TicketMemberDrawer).
  const [adding, setAdding] = useState(false);
  const frame = (title: string, actions: ReactNode, body: ReactNode) => page
    ? <AdminPage testId="ticket-view" title={title} actions={actions}>{body}</AdminPage>
    : <div data-testid="ticket-view" style={{ display: 'grid', gap: 12 }}>{actions}{body}</div>;
  if (error) return frame(t('collab.tickets.title'), null, <MessageBar intent="error"><MessageBarBody>{t('ticket.notFound')}</MessageBarBody></MessageBar>);
  if (!data) return frame(t('collab.tickets.title'), null, <Caption1>{t('ui.common.loading')}</Caption1>);
  const tk = data;
  const confirmed = (text: string, fn: () => Promise<unknown>) => void confirm(text).then((y) => { if (y) void act(fn); });
  const actions = (
    <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
      {page ? <Button icon={<ArrowLeft20Regular />} onClick={() => navigate('/collab/tickets')}>{t('collab.ticket.back')}</Button> : null}
      <TicketActions tk={data} id={id} busy={busy} reload={() => void mutate()} onEdit={() => setEditing(true)} onAddMember={() => setAdding(true)} confirmed={confirmed} />
    </div>
  );
  return frame(`${tk.ticket_no} ${tk.title}`, actions, (
    <>
      {dialog}
      <TicketDetails tk={tk} />
      <TicketMembers v={data} />
      <TicketComments view={data} onSent={() => void mutate()} onRemove={(cid) => confirmed(t('collab.ticket.removeCommentConfirm'), () => callApi(ticketCalls.removeComment, { id: cid }, { failure: 'delete' }))} />
      <TicketMemberDrawer id={id} open={adding} onClose={() => setAdding(false)} onSaved={() => { setAdding(false); void mutate(); }} />
      <TicketFormDrawer open={editing} ticket={tk} onClose={() => setEditing(false)} onSaved={() => { setEditing(false); void mutate(); }} />
    </>
  ));
}

/** Spec 2 `/page/ticket/view?id=`: the exception details, its people, comments and the owner's actions. */
export function TicketViewPage() {
  const [params] = useSearchParams();
  return <TicketPanel id={Number(params.get('id'))} page />;
}

/** A ticket list's drawer (the view `ticketlist`): the row's ticket. */
export function TicketDrawerBody({ rf }: DrawerExtensionProps) {
  return rf.record ? <TicketPanel id={Number(rf.record.id)} /> : null;
}
