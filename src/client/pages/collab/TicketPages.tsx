import {
  Badge, Button, Caption1, Combobox, Dropdown, Field, Input, Link, MessageBar, MessageBarBody, Option, Tab, TabList, Text, Textarea, Title3, tokens,
} from '@fluentui/react-components';
import { Add20Regular, ArrowLeft20Regular, Attach20Regular, Delete20Regular, Search20Regular, Send20Regular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { getDictionary } from '../../../model/dictionaries';
import { ticket as ticketEntity } from '../../../model/entities/ticket.entity';
import { onSocketMessage } from '../../session/notification-socket';
import { AdminCard, AdminEditDialog, AdminPage, AdminTable, fieldErrorsOf, formatTime, useConfirm, useLabel, type AdminColumn } from '../common/admin-kit';
import './collab-messages';
import { useFileSrc } from '../../api/file-src';
import { StoredImg } from '../../api/StoredFile';
import { ticketApi, ticketFileUrl, type Attachment, type Person, type Ticket, type TicketView } from './ticket-api';

const SIZE = 20;
const TABS = ['assigned', 'closing', 'closed', 'raised'] as const;
const DOC_TYPES = ['prorder', 'customerorder'] as const;
const STATUS_COLOR: Record<string, 'warning' | 'informative' | 'success'> = { '0': 'warning', '50': 'informative', '100': 'success' };

/** Dictionary labels of the ticket's fields, in the interface language. */
function useDicts() {
  const label = useLabel();
  return useMemo(() => {
    const of = (code: string) => (value: string | null | undefined) => {
      const item = getDictionary(code)?.items.find((i) => i.value === value);
      return item ? label(item.label) : (value ?? '');
    };
    const items = (code: string) => (getDictionary(code)?.items ?? []).map((i) => ({ value: i.value, text: label(i.label) }));
    const status = (v: string) => label(ticketEntity.states!.states.find((s) => s.code === v)?.label);
    return { category: of('ticket_category'), level: of('ticket_level'), deduct: of('ticket_deduct_type'), role: of('ticket_role'), status, items };
  }, [label]);
}

function StatusBadge({ status }: { status: string }) {
  const d = useDicts();
  return <Badge appearance="tint" color={STATUS_COLOR[status] ?? 'informative'} data-testid="ticket-status">{d.status(status)}</Badge>;
}

function useTicketColumns(): AdminColumn<Ticket>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const d = useDicts();
  return [
    { key: 'no', header: t('collab.ticket.no'), width: 150, mono: true, render: (r) => <Link onClick={() => navigate(`/page/ticket/view?id=${r.id}`)} data-testid="ticket-open">{r.ticket_no}</Link> },
    { key: 'title', header: t('collab.ticket.title'), render: (r) => <Text data-testid="ticket-title">{r.title}</Text> },
    { key: 'category', header: t('collab.ticket.category'), width: 100, render: (r) => d.category(r.category) },
    { key: 'level', header: t('collab.ticket.level'), width: 80, render: (r) => d.level(r.level) },
    { key: 'doc', header: t('collab.ticket.doc'), width: 170, render: (r) => (r.link ? <Link onClick={() => navigate(r.link!)}>{r.doc_no}</Link> : r.doc_no) },
    { key: 'owners', header: t('collab.ticket.owners'), width: 140, render: (r) => r.owners ?? '' },
    { key: 'status', header: t('collab.ticket.status'), width: 90, render: (r) => <StatusBadge status={r.status} /> },
    { key: 'created', header: t('collab.ticket.created'), width: 150, render: (r) => formatTime(r.created_at) },
  ];
}

type RaiseDraft = {
  doc_type: string; doc_id: number | null; doc_no: string; category: string; title: string; description: string; level: string; tags: string;
  duration: string; deduct_amount: string; deduct_type: string; owner_ids: number[]; participant_ids: number[]; guest_ids: number[];
};

/**
 * Raising a ticket on one of the company's documents (a requirement order or a customer order): the
 * document is picked by its number, the people from the document's one or two companies.
 * Opened from the list, or by another page with `?raise=<doc type>&doc_id=<id>&doc_no=<no>`.
 */
function RaiseTicketDialog(props: { open: boolean; initial?: { docType: string; docId: number; docNo: string } | null; onClose: () => void; onRaised: (t: Ticket) => void }) {
  const { t } = useTranslation();
  const d = useDicts();
  const blank = (): RaiseDraft => ({
    doc_type: props.initial?.docType ?? 'prorder', doc_id: props.initial?.docId ?? null, doc_no: props.initial?.docNo ?? '', category: 'quality', title: '', description: '', level: 'medium',
    tags: '', duration: '', deduct_amount: '', deduct_type: 'none', owner_ids: [], participant_ids: [], guest_ids: [],
  });
  const [draft, setDraft] = useState<RaiseDraft>(blank);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.open) {
      setDraft(blank());
      setErrors({});
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.open]);
  const docs = useSWR(props.open ? ['ticket-docs', draft.doc_type, draft.doc_no] : null, () => ticketApi.docs(draft.doc_type, draft.doc_no));
  const people = useSWR(props.open && draft.doc_id ? ['ticket-people', draft.doc_type, draft.doc_id] : null, () => ticketApi.peopleOfDoc(draft.doc_type, draft.doc_id!));
  const personText = (p: Person) => `${p.fullname}（${p.company}）`;
  const pick = (key: 'owner_ids' | 'participant_ids' | 'guest_ids', label: string, testId: string) => (
    <Field label={label} required={key === 'owner_ids'} validationMessage={errors[key]}>
      <Dropdown multiselect disabled={!people.data} data-testid={testId}
        value={(people.data?.rows ?? []).filter((p) => draft[key].includes(p.id)).map(personText).join('、')}
        selectedOptions={draft[key].map(String)} onOptionSelect={(_, o) => setDraft({ ...draft, [key]: o.selectedOptions.map(Number) })}>
        {(people.data?.rows ?? []).map((p) => <Option key={p.id} value={String(p.id)} text={personText(p)}>{personText(p)}</Option>)}
      </Dropdown>
    </Field>
  );
  const save = async () => {
    setBusy(true);
    try {
      const { doc_no: _n, ...rest } = draft;
      const raised = await ticketApi.save({ ...rest, duration: draft.duration || null, deduct_amount: draft.deduct_amount || null, tags: draft.tags || null });
      props.onRaised(raised);
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <AdminEditDialog open={props.open} title={t('collab.tickets.raise')} onClose={props.onClose} onSave={() => void save()} busy={busy} saveTestId="ticket-raise-save" maxWidth={720}>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Field label={t('collab.ticket.docType')} validationMessage={errors.doc_type}>
          <Dropdown value={t(`collab.ticket.docType.${draft.doc_type}`)} selectedOptions={[draft.doc_type]}
            onOptionSelect={(_, o) => setDraft({ ...draft, doc_type: String(o.optionValue), doc_id: null, doc_no: '', owner_ids: [], participant_ids: [], guest_ids: [] })}>
            {DOC_TYPES.map((x) => <Option key={x} value={x}>{t(`collab.ticket.docType.${x}`)}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t('collab.ticket.docPick')} required validationMessage={errors.doc_id}>
          <Combobox freeform placeholder={t('collab.ticket.docSearch')} value={draft.doc_no} data-testid="ticket-doc-picker"
            onChange={(e) => setDraft({ ...draft, doc_no: e.target.value, doc_id: null })}
            onOptionSelect={(_, o) => { const row = docs.data?.rows.find((r) => String(r.id) === o.optionValue); if (row) setDraft({ ...draft, doc_id: row.id, doc_no: row.no ?? '', owner_ids: [], participant_ids: [], guest_ids: [] }); }}>
            {(docs.data?.rows ?? []).map((r) => (
              <Option key={r.id} value={String(r.id)} text={r.no ?? String(r.id)}>{`${r.no ?? r.id}（${r.shared ? t('collab.ticket.docShared') : t('collab.ticket.docNotShared')}）`}</Option>
            ))}
          </Combobox>
        </Field>
        <Field label={t('collab.ticket.title')} required validationMessage={errors.title} style={{ gridColumn: '1 / 3' }}>
          <Input value={draft.title} onChange={(_, v) => setDraft({ ...draft, title: v.value })} data-testid="ticket-title-input" />
        </Field>
        <Field label={t('collab.ticket.category')} required validationMessage={errors.category}>
          <Dropdown value={d.category(draft.category)} selectedOptions={[draft.category]} onOptionSelect={(_, o) => setDraft({ ...draft, category: String(o.optionValue) })}>
            {d.items('ticket_category').map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t('collab.ticket.level')} required validationMessage={errors.level}>
          <Dropdown value={d.level(draft.level)} selectedOptions={[draft.level]} onOptionSelect={(_, o) => setDraft({ ...draft, level: String(o.optionValue) })}>
            {d.items('ticket_level').map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t('collab.ticket.description')} required validationMessage={errors.description} style={{ gridColumn: '1 / 3' }}>
          <Textarea value={draft.description} onChange={(_, v) => setDraft({ ...draft, description: v.value })} data-testid="ticket-description-input" />
        </Field>
        {pick('owner_ids', t('collab.ticket.ownersPick'), 'ticket-owners')}
        {pick('participant_ids', t('collab.ticket.participantsPick'), 'ticket-participants')}
        {pick('guest_ids', t('collab.ticket.guestsPick'), 'ticket-guests')}
        <Field label={t('collab.ticket.tags')} validationMessage={errors.tags}>
          <Input value={draft.tags} onChange={(_, v) => setDraft({ ...draft, tags: v.value })} />
        </Field>
        <Field label={t('collab.ticket.duration')} validationMessage={errors.duration}>
          <Input value={draft.duration} onChange={(_, v) => setDraft({ ...draft, duration: v.value })} />
        </Field>
        <Field label={t('collab.ticket.deductType')} validationMessage={errors.deduct_type}>
          <Dropdown value={d.deduct(draft.deduct_type)} selectedOptions={[draft.deduct_type]} onOptionSelect={(_, o) => setDraft({ ...draft, deduct_type: String(o.optionValue) })}>
            {d.items('ticket_deduct_type').map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t('collab.ticket.deductAmount')} validationMessage={errors.deduct_amount}>
          <Input value={draft.deduct_amount} onChange={(_, v) => setDraft({ ...draft, deduct_amount: v.value })} />
        </Field>
      </div>
    </AdminEditDialog>
  );
}

/** /collab/tickets: assigned, closing, closed and raised tickets; raising one. */
export function TicketListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? params.get('tab')! : 'assigned';
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const raise = params.get('raise');
  const initial = raise && params.get('doc_id') ? { docType: raise, docId: Number(params.get('doc_id')), docNo: params.get('doc_no') ?? '' } : null;
  const [raising, setRaising] = useState(!!raise);
  const { data, error, isLoading, mutate } = useSWR(['tickets', tab, page, query], () => ticketApi.page(tab, page, SIZE, query));
  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'notifyto2') void mutate();
  }), [mutate]);
  return (
    <AdminPage testId="collab-tickets" title={t('collab.tickets.title')} explain={t('collab.tickets.explain')}
      actions={<Button appearance="primary" icon={<Add20Regular />} onClick={() => setRaising(true)} data-testid="ticket-raise">{t('collab.tickets.raise')}</Button>}>
      <TabList selectedValue={tab} onTabSelect={(_, v) => { setParams({ tab: String(v.value) }); setPage(1); }}>
        {TABS.map((x) => <Tab key={x} value={x} data-testid={`tickets-tab-${x}`}>{t(`collab.tickets.tab.${x}`)}</Tab>)}
      </TabList>
      <AdminTable
        label={t('collab.tickets.title')}
        testId="tickets-table"
        columns={useTicketColumns()}
        rows={data?.rows}
        rowKey={(r) => r.id}
        rowTestId={() => 'ticket-row'}
        loading={isLoading}
        error={error}
        emptyText={t('collab.tickets.empty')}
        toolbar={
          <form onSubmit={(e) => { e.preventDefault(); setQuery(keyword.trim()); setPage(1); }} style={{ display: 'flex', gap: 8 }}>
            <Input value={keyword} onChange={(_, v) => setKeyword(v.value)} placeholder={t('collab.tickets.search')} contentBefore={<Search20Regular />} style={{ minWidth: 280 }} />
          </form>
        }
        paging={data ? { page, size: SIZE, total: data.total, onPage: setPage } : undefined}
      />
      <RaiseTicketDialog open={raising} initial={initial} onClose={() => setRaising(false)}
        onRaised={(x) => { setRaising(false); navigate(`/page/ticket/view?id=${x.id}`); }} />
    </AdminPage>
  );
}

function AttachmentView({ a }: { a: Attachment }) {
  const url = ticketFileUrl(a);
  const link = useFileSrc(url);
  if (/^image\//.test(a.mime ?? '')) {
    return (
      <a href={link || undefined} target="_blank" rel="noreferrer">
        <StoredImg src={url} alt={a.name} data-testid="comment-image" style={{ maxWidth: 160, maxHeight: 120, borderRadius: 4, border: `1px solid ${tokens.colorNeutralStroke2}` }} />
      </a>
    );
  }
  return <Link href={link || undefined} target="_blank" data-testid="comment-file">{a.name}</Link>;
}

/** Spec 2 `/page/ticket/view?id=`: the exception details, its people, comments and the owner's actions. */
export function TicketViewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const d = useDicts();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { data, error, mutate } = useSWR(Number.isSafeInteger(id) && id > 0 ? ['ticket', id] : null, () => ticketApi.view(id));
  const [dialog, confirm] = useConfirm();
  const [content, setContent] = useState('');
  const [files, setFiles] = useState<Attachment[]>([]);
  const [commentError, setCommentError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [solution, setSolution] = useState('');
  const [solutionError, setSolutionError] = useState<string | undefined>();
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  const [editErrors, setEditErrors] = useState<Record<string, string>>({});
  const [adding, setAdding] = useState<{ user: string; role: string } | null>(null);
  const people = useSWR(adding ? ['ticket-people-of', id] : null, () => ticketApi.peopleOfTicket(id));
  useEffect(() => onSocketMessage((m) => {
    if ((m as { type?: string })?.type === 'notifyto2') void mutate();
  }), [mutate]);

  if (error) return <AdminPage testId="ticket-view" title={t('collab.tickets.title')}><MessageBar intent="error"><MessageBarBody>{t('ticket.notFound')}</MessageBarBody></MessageBar></AdminPage>;
  if (!data) return <AdminPage testId="ticket-view" title={t('collab.tickets.title')}><Caption1>{t('ui.common.loading')}</Caption1></AdminPage>;
  const tk: Ticket = data.ticket;
  const v: TicketView = data;

  const act = async (fn: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await fn();
      await mutate();
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    setCommentError(undefined);
    try {
      await ticketApi.comment(id, content, files.map((f) => f.id));
      setContent('');
      setFiles([]);
      await mutate();
    } catch (e) {
      const errs = fieldErrorsOf(e);
      setCommentError(errs.content ?? errs.files);
    }
  };
  const attach = async (list: FileList | null) => {
    for (const f of Array.from(list ?? [])) {
      const up = await ticketApi.upload(f);
      setFiles((x) => [...x, up]);
    }
  };
  const finish = async () => {
    setSolutionError(undefined);
    try {
      await ticketApi.move('finish', { id, version: tk.version, solution });
      setFinishing(false);
      await mutate();
    } catch (e) {
      setSolutionError(fieldErrorsOf(e).solution);
    }
  };
  const saveEdit = async () => {
    if (!editing) return;
    try {
      await ticketApi.save({ id, version: tk.version, ...editing, duration: editing.duration || null, deduct_amount: editing.deduct_amount || null });
      setEditing(null);
      await mutate();
    } catch (e) {
      setEditErrors(fieldErrorsOf(e));
    }
  };
  const info: Array<[string, React.ReactNode]> = [
    [t('collab.ticket.no'), tk.ticket_no],
    [t('collab.ticket.doc'), tk.link ? <Link onClick={() => navigate(tk.link!)} data-testid="ticket-doc-link">{tk.doc_no}</Link> : tk.doc_no],
    [t('collab.ticket.partner'), tk.raised_by_us ? tk.partner_company ?? '' : tk.company],
    [t('collab.ticket.category'), d.category(tk.category)],
    [t('collab.ticket.level'), d.level(tk.level)],
    [t('collab.ticket.tags'), tk.tags ?? ''],
    [t('collab.ticket.duration'), tk.duration ?? ''],
    [t('collab.ticket.deductType'), d.deduct(tk.deduct_type)],
    [t('collab.ticket.deductAmount'), tk.deduct_amount ?? ''],
    [t('collab.ticket.created'), formatTime(tk.created_at)],
    [t('collab.ticket.myRoles'), tk.my_roles.map((r) => d.role(r)).join('、')],
  ];
  return (
    <AdminPage testId="ticket-view" title={`${tk.ticket_no} ${tk.title}`}
      actions={
        <div style={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
          <Button icon={<ArrowLeft20Regular />} onClick={() => navigate('/collab/tickets')}>{t('collab.ticket.back')}</Button>
          {v.can.edit ? <Button disabled={busy} onClick={() => { setEditErrors({}); setEditing({ title: tk.title, description: tk.description, category: tk.category, level: tk.level, tags: tk.tags ?? '', duration: tk.duration ?? '', deduct_amount: tk.deduct_amount ?? '', deduct_type: tk.deduct_type ?? 'none' }); }}>{t('collab.ticket.edit')}</Button> : null}
          {v.can.addMember ? <Button disabled={busy} onClick={() => setAdding({ user: '', role: 'owner' })} data-testid="ticket-add-member">{t('collab.ticket.addMember')}</Button> : null}
          {v.can.quit ? <Button disabled={busy} onClick={() => void confirm(t('collab.ticket.quitConfirm')).then((y) => { if (y) void act(() => ticketApi.quit(id)); })}>{t('collab.ticket.quit')}</Button> : null}
          {v.can.reopen ? <Button disabled={busy} onClick={() => void act(() => ticketApi.move('reopen', { id, version: tk.version }))}>{t('collab.ticket.reopen')}</Button> : null}
          {v.can.close ? <Button appearance="primary" disabled={busy} data-testid="ticket-close" onClick={() => void confirm(t('collab.ticket.closeConfirm')).then((y) => { if (y) void act(() => ticketApi.move('close', { id, version: tk.version })); })}>{t('collab.ticket.close')}</Button> : null}
          {v.can.finish ? <Button appearance="primary" disabled={busy} data-testid="ticket-finish" onClick={() => { setSolution(tk.solution ?? ''); setSolutionError(undefined); setFinishing(true); }}>{t('collab.ticket.finish')}</Button> : null}
        </div>
      }>
      {dialog}
      <AdminCard>
        <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}><StatusBadge status={tk.status} /><Title3>{tk.title}</Title3></div>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '6px 16px', marginTop: 8 }}>
          {info.map(([k, val]) => <div key={k}><Caption1>{k}</Caption1><div>{val}</div></div>)}
        </div>
        <div style={{ marginTop: 12 }}><Caption1>{t('collab.ticket.description')}</Caption1><div style={{ whiteSpace: 'pre-wrap' }}>{tk.description}</div></div>
        {tk.solution ? <div style={{ marginTop: 12 }}><Caption1>{t('collab.ticket.solution')}</Caption1><div style={{ whiteSpace: 'pre-wrap' }} data-testid="ticket-solution">{tk.solution}</div></div> : null}
      </AdminCard>
      <AdminCard>
        <Text weight="semibold">{t('collab.ticket.members')}</Text>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 6 }} data-testid="ticket-members">
          {v.members.map((m) => <Badge key={`${m.user_id}-${m.role}`} appearance="outline" color={m.role === 'owner' ? 'brand' : 'informative'}>{`${d.role(m.role)}：${m.fullname}（${m.company}）`}</Badge>)}
        </div>
      </AdminCard>
      <AdminCard>
        <Text weight="semibold">{t('collab.ticket.comments')}</Text>
        <Caption1>{t('collab.ticket.commentDays', { days: v.commentDeleteDays })}</Caption1>
        <div style={{ display: 'grid', gap: 10, marginTop: 8 }} data-testid="ticket-comments">
          {v.comments.length === 0 ? <Caption1>{t('collab.ticket.noComments')}</Caption1> : null}
          {v.comments.map((c) => (
            <div key={c.id} data-testid="ticket-comment" style={{ padding: 8, borderRadius: 6, background: tokens.colorNeutralBackground2 }}>
              <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
                <Caption1>{`${c.user_name}（${c.company}） · ${formatTime(c.created_at)}`}</Caption1>
                {c.removable ? <Button size="small" appearance="subtle" icon={<Delete20Regular />} onClick={() => void confirm(t('collab.ticket.removeCommentConfirm')).then((y) => { if (y) void act(() => ticketApi.removeComment(c.id)); })}>{t('collab.ticket.removeComment')}</Button> : null}
              </div>
              {c.content ? <div style={{ whiteSpace: 'pre-wrap' }} data-testid="ticket-comment-text">{c.content}</div> : null}
              {c.attachments.length ? <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 4 }}>{c.attachments.map((a) => <AttachmentView key={a.id} a={a} />)}</div> : null}
            </div>
          ))}
        </div>
        {v.can.comment ? (
          <div style={{ display: 'grid', gap: 8, marginTop: 12 }}>
            <Field validationMessage={commentError}>
              <Textarea value={content} onChange={(_, x) => setContent(x.value)} placeholder={t('collab.ticket.commentPlaceholder')} data-testid="ticket-comment-input" />
            </Field>
            {files.length ? <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{files.map((f) => <Badge key={f.id} appearance="tint">{f.name}</Badge>)}</div> : null}
            <div style={{ display: 'flex', gap: 8 }}>
              <Button icon={<Attach20Regular />} onClick={() => document.getElementById('ticket-file-input')?.click()}>{t('collab.ticket.attach')}</Button>
              <input id="ticket-file-input" type="file" multiple hidden data-testid="ticket-file-input" onChange={(e) => void attach(e.target.files)} />
              <Button appearance="primary" icon={<Send20Regular />} onClick={() => void send()} data-testid="ticket-comment-send">{t('collab.ticket.send')}</Button>
            </div>
          </div>
        ) : tk.my_roles.includes('guest') && tk.status !== '100' ? <Caption1>{t('collab.ticket.readOnlyGuest')}</Caption1> : null}
      </AdminCard>
      <AdminEditDialog open={finishing} title={t('collab.ticket.finishTitle')} onClose={() => setFinishing(false)} onSave={() => void finish()} saveTestId="ticket-finish-save" saveLabel={t('collab.ticket.finish')}>
        <Field label={t('collab.ticket.solution')} required validationMessage={solutionError}>
          <Textarea rows={5} value={solution} onChange={(_, x) => setSolution(x.value)} data-testid="ticket-solution-input" />
        </Field>
      </AdminEditDialog>
      <AdminEditDialog open={adding !== null} title={t('collab.ticket.addMember')} onClose={() => setAdding(null)} saveTestId="ticket-add-member-save"
        saveDisabled={!adding?.user} onSave={() => { if (adding) void act(() => ticketApi.addMember(id, Number(adding.user), adding.role)).then(() => setAdding(null)); }}>
        {adding ? (
          <div style={{ display: 'grid', gap: 12 }}>
            <Field label={t('collab.ticket.member')}>
              <Dropdown value={(people.data?.rows ?? []).find((p) => String(p.id) === adding.user)?.fullname ?? ''} selectedOptions={adding.user ? [adding.user] : []} onOptionSelect={(_, o) => setAdding({ ...adding, user: String(o.optionValue) })}>
                {(people.data?.rows ?? []).map((p) => <Option key={p.id} value={String(p.id)} text={p.fullname}>{`${p.fullname}（${p.company}）`}</Option>)}
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
      <AdminEditDialog open={editing !== null} title={t('collab.ticket.edit')} onClose={() => setEditing(null)} onSave={() => void saveEdit()} saveTestId="ticket-edit-save" maxWidth={640}>
        {editing ? (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
            <Field label={t('collab.ticket.title')} required validationMessage={editErrors.title} style={{ gridColumn: '1 / 3' }}><Input value={editing.title} onChange={(_, x) => setEditing({ ...editing, title: x.value })} /></Field>
            <Field label={t('collab.ticket.category')}>
              <Dropdown value={d.category(editing.category)} selectedOptions={[editing.category]} onOptionSelect={(_, o) => setEditing({ ...editing, category: String(o.optionValue) })}>
                {d.items('ticket_category').map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
              </Dropdown>
            </Field>
            <Field label={t('collab.ticket.level')}>
              <Dropdown value={d.level(editing.level)} selectedOptions={[editing.level]} onOptionSelect={(_, o) => setEditing({ ...editing, level: String(o.optionValue) })}>
                {d.items('ticket_level').map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
              </Dropdown>
            </Field>
            <Field label={t('collab.ticket.description')} required validationMessage={editErrors.description} style={{ gridColumn: '1 / 3' }}><Textarea value={editing.description} onChange={(_, x) => setEditing({ ...editing, description: x.value })} /></Field>
            <Field label={t('collab.ticket.tags')} validationMessage={editErrors.tags}><Input value={editing.tags} onChange={(_, x) => setEditing({ ...editing, tags: x.value })} /></Field>
            <Field label={t('collab.ticket.duration')} validationMessage={editErrors.duration}><Input value={editing.duration} onChange={(_, x) => setEditing({ ...editing, duration: x.value })} /></Field>
            <Field label={t('collab.ticket.deductType')}>
              <Dropdown value={d.deduct(editing.deduct_type)} selectedOptions={[editing.deduct_type]} onOptionSelect={(_, o) => setEditing({ ...editing, deduct_type: String(o.optionValue) })}>
                {d.items('ticket_deduct_type').map((i) => <Option key={i.value} value={i.value}>{i.text}</Option>)}
              </Dropdown>
            </Field>
            <Field label={t('collab.ticket.deductAmount')} validationMessage={editErrors.deduct_amount}><Input value={editing.deduct_amount} onChange={(_, x) => setEditing({ ...editing, deduct_amount: x.value })} /></Field>
          </div>
        ) : null}
      </AdminEditDialog>
    </AdminPage>
  );
}

/** /collab/knowledge: the solutions of closed tickets, searched by words. */
export function KnowledgePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const d = useDicts();
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const { data, error, isLoading } = useSWR(['knowledge', page, query], () => ticketApi.knowledge(page, SIZE, query));
  const columns: AdminColumn<Ticket>[] = [
    { key: 'title', header: t('collab.ticket.title'), render: (r) => (
      <div style={{ display: 'grid', gap: 4, padding: '6px 0' }}>
        <Link onClick={() => navigate(`/page/ticket/view?id=${r.id}`)} data-testid="knowledge-title">{`${r.ticket_no} ${r.title}`}</Link>
        <Caption1>{r.description}</Caption1>
        <Text data-testid="knowledge-solution"><b>{t('collab.ticket.solution')}：</b>{r.solution}</Text>
      </div>
    ) },
    { key: 'category', header: t('collab.ticket.category'), width: 100, render: (r) => d.category(r.category) },
    { key: 'doc', header: t('collab.ticket.doc'), width: 170, render: (r) => r.doc_no },
    { key: 'closed', header: t('collab.knowledge.closedAt'), width: 150, render: (r) => formatTime(r.closed_at) },
  ];
  return (
    <AdminPage testId="collab-knowledge" title={t('collab.knowledge.title')} explain={t('collab.knowledge.explain')}>
      <AdminTable
        label={t('collab.knowledge.title')}
        testId="knowledge-table"
        columns={columns}
        rows={data?.rows}
        rowKey={(r) => r.id}
        rowTestId={() => 'knowledge-row'}
        loading={isLoading}
        error={error}
        emptyText={t('collab.knowledge.empty')}
        toolbar={
          <form onSubmit={(e) => { e.preventDefault(); setQuery(keyword.trim()); setPage(1); }} style={{ display: 'flex', gap: 8 }}>
            <Input value={keyword} onChange={(_, v) => setKeyword(v.value)} placeholder={t('collab.knowledge.search')} contentBefore={<Search20Regular />} style={{ minWidth: 320 }} data-testid="knowledge-search" />
            <Button type="submit" appearance="primary" data-testid="knowledge-search-go">{t('collab.knowledge.title')}</Button>
          </form>
        }
        paging={data ? { page, size: SIZE, total: data.total, onPage: setPage } : undefined}
      />
    </AdminPage>
  );
}
