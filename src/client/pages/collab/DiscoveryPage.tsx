import { Button, Tab, TabList, Text, Title2 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { access } from '../../session/access-state';
import { AddFriend, Friends, Requests } from './DiscoveryFriends';
import { Companies, Projects } from './DiscoveryLists';
import { useDiscoveryStyles } from './use-discovery';
import './discovery-messages';

/**
 * /discovery/index and /newdiscovery/index (spec 2, public): company discovery and project
 * opportunities for anyone; friends, requests and adding friends once signed in. The route's
 * loader loads the profile only when a valid token exists (router.tsx), so `access.id` says whether
 * the visitor is signed in. /newdiscovery/index opens on the project opportunities.
 */
export function DiscoveryPage() {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
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
