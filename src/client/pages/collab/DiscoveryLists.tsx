import { Avatar, Badge, Button, Caption1, Card, CardHeader, Input, MessageBar, MessageBarBody, Spinner, Tab, TabList, Text } from '@fluentui/react-components';
import { PersonAdd20Regular, Search20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { DiscoveredCompany, DiscoveredProject } from '../../../model/calls/friends';
import { useDiscoveredCompanies, useDiscoveredProjects, useDiscoveryStyles, type useSearch } from './use-discovery';
import './discovery-messages';

/** The search box and button of a discovery list. */
function SearchBar(props: { search: ReturnType<typeof useSearch>; placeholder: string; testId: string }) {
  const { t } = useTranslation();
  const { search } = props;
  return (
    <>
      <Input contentBefore={<Search20Regular />} value={search.keyword} onChange={(_, d) => search.setKeyword(d.value)} onKeyDown={(e) => e.key === 'Enter' && search.submit()} placeholder={props.placeholder} style={{ width: 320 }} data-testid={props.testId} />
      <Button onClick={search.submit}>{t('disc.search')}</Button>
    </>
  );
}

function CompanyCard(props: { c: DiscoveredCompany; signedIn: boolean; asked: string | undefined; onAsk: () => void }) {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
  const { c } = props;
  return (
    <Card className={s.card} data-testid="disc-company">
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
          {c.own ? <Badge appearance="outline">{t('disc.own')}</Badge> : props.asked ? <Badge color="informative">{t(props.asked === 'accepted' ? 'disc.nowFriends' : 'disc.asked')}</Badge> : (
            <Button size="small" icon={<PersonAdd20Regular />} onClick={props.onAsk} data-testid="disc-company-add">{t('disc.addCompany')}</Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}

/** Company discovery: search, filter by kind, and (signed in) ask a company's contact to be friends. */
export function Companies(props: { signedIn: boolean }) {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
  const { search, type, setType, asked, ask, data, isLoading } = useDiscoveredCompanies(props.signedIn);
  return (
    <>
      <div className={s.bar}>
        <SearchBar search={search} placeholder={t('disc.searchCompanies')} testId="disc-company-search" />
        <TabList size="small" selectedValue={type} onTabSelect={(_, d) => setType(String(d.value))}>
          {['', 'brand', 'maker', 'supplier'].map((k) => <Tab key={k || 'all'} value={k}>{t(`disc.type.${k || 'all'}`)}</Tab>)}
        </TabList>
        <Caption1>{data ? t('disc.total', { n: data.total }) : null}</Caption1>
      </div>
      {isLoading ? <Spinner /> : null}
      <div className={s.grid} data-testid="disc-companies">
        {data?.rows.map((c) => <CompanyCard key={c.code} c={c} signedIn={props.signedIn} asked={asked[c.code]} onAsk={() => void ask(c.code)} />)}
      </div>
    </>
  );
}

function ProjectCard(props: { p: DiscoveredProject; signedIn: boolean }) {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
  const navigate = useNavigate();
  const { p } = props;
  return (
    <Card className={s.card} data-testid="disc-project">
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
  );
}

/** Project opportunities: public sourcing projects, with contacts and "apply" once signed in. */
export function Projects(props: { signedIn: boolean }) {
  const { t } = useTranslation();
  const s = useDiscoveryStyles();
  const { search, data, isLoading } = useDiscoveredProjects(props.signedIn);
  return (
    <>
      <div className={s.bar}>
        <SearchBar search={search} placeholder={t('disc.searchProjects')} testId="disc-project-search" />
        <Caption1>{data ? t('disc.total', { n: data.total }) : null}</Caption1>
      </div>
      {isLoading ? <Spinner /> : null}
      {data && !data.rows.length ? <MessageBar><MessageBarBody>{t('disc.noProjects')}</MessageBarBody></MessageBar> : null}
      <div className={s.grid} data-testid="disc-projects">
        {data?.rows.map((p) => <ProjectCard key={`${p.buyer_name}-${p.code}-${p.name}`} p={p} signedIn={props.signedIn} />)}
      </div>
    </>
  );
}
