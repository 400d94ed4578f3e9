import { Button, Caption1, Input, Link, Tab, TabList, Text } from '@fluentui/react-components';
import { Add20Regular, Search20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { onSocketMessage } from '../../session/notification-socket';
import { AdminPage, AdminTable, formatTime, type AdminColumn } from '../common/admin-kit';
import { ticketApi, type Ticket } from './ticket-api';
import { StatusBadge } from './TicketParts';
import { RaiseTicketDialog } from './TicketRaiseDialog';
import { useTicketDicts } from './use-ticket-dicts';
import './collab-messages';

export { TicketViewPage } from './TicketViewPage';

const SIZE = 20;
const TABS = ['assigned', 'closing', 'closed', 'raised'] as const;

function useTicketColumns(): AdminColumn<Ticket>[] {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const d = useTicketDicts();
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

/** /collab/knowledge: the solutions of closed tickets, searched by words. */
export function KnowledgePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const d = useTicketDicts();
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
