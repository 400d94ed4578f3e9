import { SearchBox, Tab, TabList, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { adminApi } from './admin-api';
import { AdminCard, AdminPage, AdminTable, ListState, useAdminStyles, useLabel } from '../common/admin-kit';

/** /admin/page/sysdict: the system dictionaries (declared in src/model; tenants extend them in the data dictionary). */
export function SystemDictionaryPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const label = useLabel();
  const [filter, setFilter] = useState('');
  const [selected, setSelected] = useState<string | null>(null);
  const { data, error, isLoading } = useSWR('sys-dicts', () => adminApi.dictionaries());
  const shown = (data ?? []).filter((d) => !filter || d.code.includes(filter) || label(d.label).includes(filter));
  const current = data?.find((d) => d.code === selected) ?? shown[0];
  return (
    <AdminPage testId="admin-sysdict" title={t('adminui.sysdict.title')} explain={t('adminui.sysdict.explain')}>
      <ListState loading={isLoading} error={error} empty={!!data && data.length === 0} />
      {data && data.length ? (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(220px, 300px) 1fr', gap: 16, alignItems: 'start' }}>
          <AdminCard>
            <div className={s.toolbar}>
              <SearchBox placeholder={t('engine.search')} value={filter} onChange={(_, d) => setFilter(d.value)} style={{ width: '100%' }} />
            </div>
            <TabList vertical selectedValue={current?.code} onTabSelect={(_, d) => setSelected(String(d.value))} style={{ maxHeight: 560, overflow: 'auto', padding: 8 }}>
              {shown.map((d) => (
                <Tab key={d.code} value={d.code} data-testid={`dict-${d.code}`}>
                  {label(d.label)} <Text size={200} className={s.muted}>{d.code}</Text>
                </Tab>
              ))}
            </TabList>
          </AdminCard>
          {current ? (
            <AdminTable
              label={label(current.label)}
              columns={[
                { key: 'value', header: t('adminui.sysdict.value'), width: 180, mono: true, render: (i) => i.value },
                { key: 'zh', header: t('adminui.sysdict.labelZh'), render: (i) => i.label.zh },
                { key: 'en', header: t('adminui.sysdict.labelEn'), render: (i) => i.label.en },
              ]}
              rows={current.items}
              rowKey={(i) => i.value}
              rowTestId={() => 'dict-item'}
              loading={false}
              error={null}
            />
          ) : null}
        </div>
      ) : null}
    </AdminPage>
  );
}

