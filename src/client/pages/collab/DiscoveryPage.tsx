import { Avatar, Badge, Button, Caption1, Card, CardHeader, Input, makeStyles, MessageBar, MessageBarBody, Spinner, Tab, TabList, Text, Title2, tokens } from '@fluentui/react-components';
import { Chat20Regular, Checkmark20Regular, Dismiss20Regular, PersonAdd20Regular, Search20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import { api } from '../../api/client';
import { access } from '../../session/access-state';
import { chatApi } from './chat-api';
import './chat-messages';
import './discovery-messages';

type Company = { code: string; name: string; full_name: string | null; type: string; industry: string | null; scale: string | null; province: string | null; city: string | null; business_scope: string | null; contact_name?: string | null; own?: boolean };
type Project = { code: string | null; name: string; src_type: string; description: string | null; deadline: string | null; tags: string | null; buyer_name: string; items: number; delivered_at: string | null; contact_person?: string | null; contact_phone?: string | null; own?: boolean };
type Paged<T> = { rows: T[]; total: number; page: number; size: number; signed_in: boolean };
type Friend = { id: number; user_id: number; fullname: string; username: string; company: string };
type FriendRequest = { id: number; user_id: number; fullname: string; company: string; message: string | null; created_at: string; direction: 'in' | 'out' };
type Found = { id: number; fullname: string; company: string; state: 'none' | 'pending' | 'friend' } | null;

const F = '/crossapi/chatapi/friend';
const SIZE = 24;

const useStyles = makeStyles({
  page: { minHeight: '100vh', background: tokens.colorNeutralBackground2 },
  top: { display: 'flex', alignItems: 'center', gap: '12px', padding: '10px 24px', background: '#14264a', color: 'white' },
  body: { maxWidth: '1200px', margin: '0 auto', padding: '20px 24px', display: 'grid', gap: '14px' },
  bar: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))', gap: '12px' },
  card: { minHeight: '96px' },
  line: { display: 'flex', gap: '6px', flexWrap: 'wrap', alignItems: 'center' },
  clamp: { display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', color: tokens.colorNeutralForeground2 },
  list: { display: 'grid', gap: '8px' },
  row: { display: 'flex', alignItems: 'center', gap: '10px', padding: '10px 12px', background: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusMedium, border: `1px solid ${tokens.colorNeutralStroke2}` },
});

function Companies(props: { signedIn: boolean }) {
  const { t } = useTranslation();
  const s = useStyles();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const [type, setType] = useState('');
  const [asked, setAsked] = useState<Record<string, string>>({});
  const { data, isLoading } = useSWR(['discovery-companies', query, type, props.signedIn], () => api.get<Paged<Company>>('/discovery/companies', { keyword: query || undefined, type: type || undefined, size: SIZE }, { quiet: true }));
  const ask = async (code: string) => {
    try {
      const r = await api.post<{ status: string }>(`${F}/request`, { client_code: code });
      setAsked({ ...asked, [code]: r.status });
    } catch {
      /* the envelope's toast told the reason */
    }
  };
  return (
    <>
      <div className={s.bar}>
        <Input contentBefore={<Search20Regular />} value={keyword} onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && setQuery(keyword.trim())} placeholder={t('disc.searchCompanies')} style={{ width: 320 }} data-testid="disc-company-search" />
        <Button onClick={() => setQuery(keyword.trim())}>{t('disc.search')}</Button>
        <TabList size="small" selectedValue={type} onTabSelect={(_, d) => setType(String(d.value))}>
          {['', 'brand', 'maker', 'supplier'].map((k) => <Tab key={k || 'all'} value={k}>{t(`disc.type.${k || 'all'}`)}</Tab>)}
        </TabList>
        <Caption1>{data ? t('disc.total', { n: data.total }) : null}</Caption1>
      </div>
      {isLoading ? <Spinner /> : null}
      <div className={s.grid} data-testid="disc-companies">
        {data?.rows.map((c) => (
          <Card key={c.code} className={s.card} data-testid="disc-company">
            <CardHeader image={<Avatar name={c.name} color="colorful" />} header={<Text weight="semibold">{c.name}</Text>} description={<Caption1>{c.full_name}</Caption1>}
              action={<Badge appearance="tint" style={{ whiteSpace: 'nowrap', flexShrink: 0 }} color={c.type === 'brand' ? 'brand' : c.type === 'maker' ? 'success' : 'warning'}>{t(`disc.type.${c.type}`)}</Badge>} />
            <div className={s.line}>
              {c.industry ? <Caption1>{c.industry}</Caption1> : null}
              {c.province || c.city ? <Caption1>{[c.province, c.city].filter(Boolean).join(' ')}</Caption1> : null}
              {c.scale ? <Caption1>{c.scale}</Caption1> : null}
            </div>
            {c.business_scope ? <Text size={200} className={s.clamp}>{t('disc.scope')}: {c.business_scope}</Text> : null}
            {props.signedIn ? (
              <div className={s.line}>
                {c.contact_name ? <Caption1>{t('disc.contact')}: {c.contact_name}</Caption1> : null}
                {c.own ? <Badge appearance="outline">{t('disc.own')}</Badge> : asked[c.code] ? <Badge color="informative">{t(asked[c.code] === 'accepted' ? 'disc.nowFriends' : 'disc.asked')}</Badge> : (
                  <Button size="small" icon={<PersonAdd20Regular />} onClick={() => void ask(c.code)} data-testid="disc-company-add">{t('disc.addCompany')}</Button>
                )}
              </div>
            ) : null}
          </Card>
        ))}
      </div>
    </>
  );
}

function Projects(props: { signedIn: boolean }) {
  const { t } = useTranslation();
  const s = useStyles();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [query, setQuery] = useState('');
  const { data, isLoading } = useSWR(['discovery-projects', query, props.signedIn], () => api.get<Paged<Project>>('/discovery/projects', { keyword: query || undefined, size: SIZE }, { quiet: true }));
  return (
    <>
      <div className={s.bar}>
        <Input contentBefore={<Search20Regular />} value={keyword} onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && setQuery(keyword.trim())} placeholder={t('disc.searchProjects')} style={{ width: 320 }} data-testid="disc-project-search" />
        <Button onClick={() => setQuery(keyword.trim())}>{t('disc.search')}</Button>
        <Caption1>{data ? t('disc.total', { n: data.total }) : null}</Caption1>
      </div>
      {isLoading ? <Spinner /> : null}
      {data && !data.rows.length ? <MessageBar><MessageBarBody>{t('disc.noProjects')}</MessageBarBody></MessageBar> : null}
      <div className={s.grid} data-testid="disc-projects">
        {data?.rows.map((p) => (
          <Card key={`${p.buyer_name}-${p.code}-${p.name}`} className={s.card} data-testid="disc-project">
            <CardHeader header={<Text weight="semibold">{p.name}</Text>} description={<Caption1>{p.buyer_name}{p.code ? ` · ${p.code}` : ''}</Caption1>} />
            {p.description ? <Text size={200} className={s.clamp}>{p.description}</Text> : null}
            <div className={s.line}>
              <Caption1>{t('disc.items', { n: p.items })}</Caption1>
              {p.deadline ? <Caption1>{t('disc.deadline')}: {p.deadline.slice(0, 10)}</Caption1> : null}
              {p.tags ? p.tags.split(/[,，\s]+/).filter(Boolean).slice(0, 4).map((tag) => <Badge key={tag} appearance="tint" size="small">{tag}</Badge>) : null}
            </div>
            {props.signedIn ? (
              <div className={s.line}>
                {p.contact_person ? <Caption1>{t('disc.contact')}: {p.contact_person} {p.contact_phone ?? ''}</Caption1> : null}
                {p.own ? <Badge appearance="outline">{t('disc.own')}</Badge> : <Button size="small" appearance="primary" onClick={() => navigate('/srm/page/sourcingopportunity')} data-testid="disc-project-apply">{t('disc.apply')}</Button>}
              </div>
            ) : (
              <Caption1>{t('disc.signInForContact')}</Caption1>
            )}
          </Card>
        ))}
      </div>
    </>
  );
}

function Friends() {
  const { t } = useTranslation();
  const s = useStyles();
  const navigate = useNavigate();
  const { data } = useSWR('friends', () => api.get<{ rows: Friend[] }>(`${F}/list`));
  const chat = async (userId: number) => {
    const c = await chatApi.open(userId);
    navigate(`/collab/chat?c=${c.id}`);
  };
  return (
    <div className={s.list} data-testid="disc-friends">
      {data && !data.rows.length ? <MessageBar><MessageBarBody>{t('disc.noFriends')}</MessageBarBody></MessageBar> : null}
      {data?.rows.map((f) => (
        <div key={f.id} className={s.row} data-testid="disc-friend">
          <Avatar name={f.fullname} />
          <div style={{ flex: 1 }}><Text weight="semibold">{f.fullname}</Text> <Caption1>{f.company}</Caption1></div>
          <Button size="small" icon={<Chat20Regular />} onClick={() => void chat(f.user_id)}>{t('disc.chat')}</Button>
        </div>
      ))}
    </div>
  );
}

function Requests() {
  const { t } = useTranslation();
  const s = useStyles();
  const { data, mutate } = useSWR('friend-requests', () => api.get<{ rows: FriendRequest[] }>(`${F}/requests`));
  const answer = async (id: number, action: 'accept' | 'decline') => {
    await api.post(`${F}/${action}`, { id });
    await mutate();
  };
  return (
    <div className={s.list} data-testid="disc-requests">
      {data && !data.rows.length ? <MessageBar><MessageBarBody>{t('disc.noRequests')}</MessageBarBody></MessageBar> : null}
      {data?.rows.map((r) => (
        <div key={r.id} className={s.row} data-testid="disc-request" data-direction={r.direction}>
          <Avatar name={r.fullname} />
          <div style={{ flex: 1 }}>
            <Text weight="semibold">{r.fullname}</Text> <Caption1>{r.company}</Caption1>
            {r.message ? <Caption1 block>{r.message}</Caption1> : null}
          </div>
          {r.direction === 'in' ? (
            <>
              <Button size="small" appearance="primary" icon={<Checkmark20Regular />} onClick={() => void answer(r.id, 'accept')} data-testid="disc-accept">{t('disc.accept')}</Button>
              <Button size="small" icon={<Dismiss20Regular />} onClick={() => void answer(r.id, 'decline')} data-testid="disc-decline">{t('disc.decline')}</Button>
            </>
          ) : <Badge color="informative">{t('disc.waiting')}</Badge>}
        </div>
      ))}
    </div>
  );
}

function AddFriend() {
  const { t } = useTranslation();
  const s = useStyles();
  const [keyword, setKeyword] = useState('');
  const [message, setMessage] = useState('');
  const [found, setFound] = useState<Found | undefined>(undefined);
  const find = async () => setFound((await api.post<{ user: Found }>(`${F}/find`, { keyword })).user);
  const ask = async () => {
    if (!found) return;
    const r = await api.post<{ status: string }>(`${F}/request`, { user_id: found.id, message });
    setFound({ ...found, state: r.status === 'accepted' ? 'friend' : 'pending' });
  };
  return (
    <div className={s.list} data-testid="disc-add">
      <Caption1>{t('disc.findExplain')}</Caption1>
      <div className={s.bar}>
        <Input value={keyword} onChange={(_, d) => setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && void find()} placeholder={t('disc.findPlaceholder')} style={{ width: 320 }} data-testid="disc-find-input" />
        <Button icon={<Search20Regular />} onClick={() => void find()} disabled={!keyword.trim()} data-testid="disc-find">{t('disc.search')}</Button>
      </div>
      {found === null ? <MessageBar intent="warning"><MessageBarBody>{t('friend.notFound')}</MessageBarBody></MessageBar> : null}
      {found ? (
        <div className={s.row} data-testid="disc-found">
          <Avatar name={found.fullname} />
          <div style={{ flex: 1 }}><Text weight="semibold">{found.fullname}</Text> <Caption1>{found.company}</Caption1></div>
          {found.state === 'none' ? (
            <>
              <Input value={message} onChange={(_, d) => setMessage(d.value)} placeholder={t('disc.message')} style={{ width: 240 }} />
              <Button appearance="primary" icon={<PersonAdd20Regular />} onClick={() => void ask()} data-testid="disc-ask">{t('disc.ask')}</Button>
            </>
          ) : <Badge color={found.state === 'friend' ? 'success' : 'informative'}>{t(found.state === 'friend' ? 'disc.nowFriends' : 'disc.asked')}</Badge>}
        </div>
      ) : null}
    </div>
  );
}

/**
 * /discovery/index and /newdiscovery/index (spec 2, public): company discovery and project
 * opportunities for anyone; friends, requests and adding friends once signed in. The route's
 * loader loads the profile only when a valid token exists (router.tsx), so `access.id` says whether
 * the visitor is signed in. /newdiscovery/index opens on the project opportunities.
 */
export function DiscoveryPage() {
  const { t } = useTranslation();
  const s = useStyles();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const user = useSnapshot(access);
  const signedIn = user.id !== null;
  const fallback = location.pathname.startsWith('/newdiscovery') ? 'projects' : 'companies';
  const requested = params.get('tab') ?? fallback;
  const tab = !signedIn && ['friends', 'requests', 'add'].includes(requested) ? fallback : requested;
  return (
    <div className={s.page} data-testid="discovery">
      <header className={s.top}>
        <Title2 as="h1" style={{ color: 'white', fontSize: 20 }}>{t('disc.title')}</Title2>
        <div style={{ flex: 1 }} />
        {signedIn ? (
          <>
            <Text style={{ color: 'white' }} data-testid="disc-signed-in">{t('ui.discovery.signedInAs', { name: user.fullname, company: user.clientName })}</Text>
            <Button onClick={() => navigate('/workspace/home')}>{t('ui.discovery.toWorkspace')}</Button>
          </>
        ) : (
          <Button appearance="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)} data-testid="disc-sign-in">{t('ui.login.submit')}</Button>
        )}
      </header>
      <main className={s.body}>
        <TabList selectedValue={tab} onTabSelect={(_, d) => setParams({ tab: String(d.value) })}>
          <Tab value="companies" data-testid="disc-tab-companies">{t('disc.tab.companies')}</Tab>
          <Tab value="projects" data-testid="disc-tab-projects">{t('disc.tab.projects')}</Tab>
          {signedIn ? <Tab value="friends" data-testid="disc-tab-friends">{t('disc.tab.friends')}</Tab> : null}
          {signedIn ? <Tab value="requests" data-testid="disc-tab-requests">{t('disc.tab.requests')}</Tab> : null}
          {signedIn ? <Tab value="add" data-testid="disc-tab-add">{t('disc.tab.add')}</Tab> : null}
        </TabList>
        {tab === 'projects' ? <Projects signedIn={signedIn} /> : tab === 'friends' ? <Friends /> : tab === 'requests' ? <Requests /> : tab === 'add' ? <AddFriend /> : <Companies signedIn={signedIn} />}
      </main>
    </div>
  );
}
