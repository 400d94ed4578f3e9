import { Badge, Link, SearchBox, Tab, TabList, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../model/page-resolve';
import { roundedCount, type ListTotal } from './list-total';
import { PageHead } from './PageHead';
import type { ListController } from './use-list-controller';

/** A count as a badge shows it: exact, or the estimate rounded ("约 18 万", "about 180k"). */
function figure(c: ListTotal, en: boolean): string {
  return c.estimated ? (en ? `~${roundedCount(c.n, 'en')}` : `约${roundedCount(c.n, 'zh')}`) : String(c.n);
}

/**
 * The list's total: exact, or the server's estimate above its threshold, said as an estimate and
 * counted exactly with a click (issue 32).
 */
function RowTotal({ total, onExact }: { total: ListTotal; onExact: () => void }) {
  const { t, i18n } = useTranslation();
  if (!total.estimated) return <Text size={200} data-testid="row-total">{t('engine.rowsTotal', { count: total.n })}</Text>;
  const about = roundedCount(total.n, i18n.language === 'en' ? 'en' : 'zh');
  return (
    <Link as="button" onClick={onExact} title={t('engine.rowsExactHint')} data-testid="row-total" data-estimated="true">
      {t('engine.rowsAbout', { about })}
    </Link>
  );
}

/** A list page's title with its counts, quick search and status tabs. */
export function ListHead({ resolved, list, title }: { resolved: ResolvedPage; list: ListController; title: string }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language === 'en';
  const { selected } = list;
  return (
    <PageHead
      title={title}
      aside={
        <>
          {selected.length > 0 && <Text size={200} data-testid="selected-count">{t('engine.selected', { count: selected.length })}</Text>}
          {list.total !== null && <RowTotal total={list.total} onExact={list.countExactly} />}
          <SearchBox
            placeholder={t('engine.quickSearch')}
            value={list.quickText}
            onChange={(_, d) => list.setQuickText(d.value)}
            style={{ minWidth: 240 }}
            data-testid="quick-search"
          />
        </>
      }
    >
      {resolved.statusTabs.length > 0 && (
        <TabList selectedValue={list.tabKey} onTabSelect={(_, d) => list.setTabKey(String(d.value))} size="small">
          {resolved.statusTabs.map((tb) => (
            <Tab key={tb.key} value={tb.key} data-testid={`tab-${tb.key}`}>
              {en ? tb.label.en : tb.label.zh}{' '}
              {list.counts[tb.key] !== undefined && (
                <Badge appearance="tint" size="small" color={tb.key === list.tabKey ? 'brand' : 'informative'} data-testid={`tab-count-${tb.key}`}>
                  {figure(list.counts[tb.key], en)}
                </Badge>
              )}
            </Tab>
          ))}
        </TabList>
      )}
    </PageHead>
  );
}
