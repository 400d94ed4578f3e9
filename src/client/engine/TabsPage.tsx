import { Button, Tab, TabList } from '@fluentui/react-components';
import { ArrowClockwise20Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { labelIn } from '../../model/label-text';
import type { TabsPageDecl } from '../../model/tabs-page';
import { resolvedPageOf } from '../api/resolved-page';
import { access } from '../session/access-state';
import { ListPage, type ListSlots } from './ListPage';
import { PageHead } from './PageHead';

/** A tab's only list fills the window below the page's head (the engine's list takes its container's height). */
const FILL = { height: 'calc(100vh - 270px)', minHeight: 420 } as const;

function DeclaredList({ opt, height, slots }: { opt: string; height: number | undefined; slots: ListSlots | undefined }) {
  const resolved = resolvedPageOf(opt);
  return resolved ? <div style={height ? { height } : FILL}><ListPage resolved={resolved} slots={slots} /></div> : null;
}

/**
 * A declared page of tabs (src/model/tabs-page.ts): its head with a refresh, the tabs (test id
 * `tab-<key>`, the address's `tab`), and the chosen tab's declared lists a person's roles allow, each
 * given the page's slots for its `opt` (a list's own tools).
 */
export function TabsPage({ decl, slots }: { decl: TabsPageDecl; slots?: Record<string, ListSlots> }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { dashroles } = useSnapshot(access);
  const tab = decl.tabs.find((x) => x.key === params.get('tab')) ?? decl.tabs[0];
  const lists = tab.lists.filter((l) => !l.roles || l.roles.some((r) => dashroles.includes(r)));
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 1400 }} data-testid={decl.testId}>
      <PageHead title={labelIn(decl.title, i18n.language)} explain={decl.explain && labelIn(decl.explain, i18n.language)}
        aside={<Button icon={<ArrowClockwise20Regular />} onClick={() => window.location.reload()}>{t('ui.common.refresh')}</Button>} />
      <TabList selectedValue={tab.key} onTabSelect={(_, d) => setParams({ tab: String(d.value) })}>
        {decl.tabs.map((x) => <Tab key={x.key} value={x.key} data-testid={`tab-${x.key}`}>{labelIn(x.label, i18n.language)}</Tab>)}
      </TabList>
      {lists.map((l) => <DeclaredList key={l.opt} opt={l.opt} height={lists.length > 1 ? (l.height ?? 460) : l.height} slots={slots?.[l.opt]} />)}
    </div>
  );
}
