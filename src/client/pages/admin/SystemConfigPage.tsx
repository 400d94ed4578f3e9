import { Button, Dropdown, Field, Input, Option, Spinner } from '@fluentui/react-components';
import { Save20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type SettingRow } from './admin-api';
import { AdminCard, AdminPage, fieldErrorsOf, ListState, useAdminStyles, useLabel } from '../common/admin-kit';

/** /admin/page/sysconfig: the system configuration (spec 6), read by the code that uses it. */
export function SystemConfigPage() {
  const s = useAdminStyles();
  const { t } = useTranslation();
  const label = useLabel();
  const { data, error, isLoading, mutate } = useSWR('sys-config', () => adminApi.settings());
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (data) setValues(Object.fromEntries(data.map((d) => [d.key, String(d.value)])));
  }, [data]);
  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      await adminApi.saveSettings(values);
      toast.success(t('adminui.saved'));
      void mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const input = (d: SettingRow) =>
    d.type === 'choice' ? (
      <Dropdown value={label(d.options.find((o) => o.value === values[d.key])?.label)} selectedOptions={[values[d.key] ?? '']} onOptionSelect={(_, o) => setValues((v) => ({ ...v, [d.key]: o.optionValue ?? '' }))} data-testid={`setting-${d.key}`}>
        {d.options.map((o) => <Option key={o.value} value={o.value}>{label(o.label)}</Option>)}
      </Dropdown>
    ) : (
      <Input type="number" min={d.min} max={d.max} value={values[d.key] ?? ''} onChange={(_, o) => setValues((v) => ({ ...v, [d.key]: o.value }))} data-testid={`setting-${d.key}`} />
    );
  return (
    <AdminPage testId="admin-sysconfig" title={t('adminui.sysconfig.title')} explain={t('adminui.sysconfig.explain')}>
      <ListState loading={isLoading} error={error} empty={false} />
      {data ? (
        <AdminCard>
          <div className={s.form} style={{ padding: 16, maxWidth: 560 }}>
            {data.map((d) => (
              <Field key={d.key} label={label(d.label)} hint={`${label(d.help)} · ${t('adminui.sysconfig.default', { value: d.type === 'choice' ? label(d.options.find((o) => o.value === d.default)?.label) : d.default })}`} validationMessage={errors[d.key]} validationState={errors[d.key] ? 'error' : 'none'}>
                {input(d)}
              </Field>
            ))}
            <div>
              <Button appearance="primary" icon={busy ? <Spinner size="tiny" /> : <Save20Regular />} disabled={busy} onClick={() => void save()} data-testid="settings-save">{t('engine.save')}</Button>
            </div>
          </div>
        </AdminCard>
      ) : null}
    </AdminPage>
  );
}
