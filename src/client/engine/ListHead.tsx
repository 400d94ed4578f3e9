import { Badge, SearchBox, Tab, TabList, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { ResolvedPage } from '../../model/page-resolve';
import { PageHead } from './PageHead';
import type { ListController } from './use-list-controller';

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
          {list.total !== null && <Text size={200} data-testid="row-total">{t('engine.rowsTotal', { count: list.total })}</Text>}
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
                  {list.counts[tb.key]}
                </Badge>
              )}
            </Tab>
          ))}
        </TabList>
      )}
    </PageHead>
  );
}
