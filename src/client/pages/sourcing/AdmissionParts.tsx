import { Badge, Button, Dropdown, Field, Input, Link, Option, Spinner, Text } from '@fluentui/react-components';
import { useMemo, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { sourcingCalls, type Admission, type AdmissionCert } from '../../../model/calls/sourcing';
import { dictionaryItems } from '../../../model/dictionaries';
import { dynamicPage } from '../../../model/dynamic-form';
import { useFileSrc } from '../../api/file-src';
import { EntityForm, type EntityFormHandle } from '../../form/EntityForm';
import { reviewColor, useAdmissionStyles } from './admission-styles';
import type { useCertificates } from './use-admission';
import { labelIn } from '../../../model/label-text';

/** The access review's state as a badge. */
export function ReviewBadge({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  if (!value) return null;
  const item = dictionaryItems('src_access_review')?.find((x) => x.value === value);
  return (
    <Badge appearance="tint" color={reviewColor[value] ?? 'informative'} data-testid="access-review" data-value={value}>
      {item ? labelIn(item.label, i18n.language) : value}
    </Badge>
  );
}

/** A certificate's file, opened through its signed link. */
function CertFileLink({ url, name }: { url: string; name: string }) {
  const href = useFileSrc(url);
  return <Link href={href || undefined} target="_blank" rel="noreferrer">{name}</Link>;
}

/** The certificates as a table; an expired one is flagged in red, one within the warning lead time (30 days) in amber. */
export function CertTable({ certs, onRemove }: { certs: AdmissionCert[]; onRemove?: (index: number) => void }) {
  const { t, i18n } = useTranslation();
  const s = useAdmissionStyles();
  const types = dictionaryItems('src_cert_type') ?? [];
  if (!certs.length) return <Text>{t('src.ui.noCerts')}</Text>;
  return (
    <table className={s.table} data-testid="cert-table">
      <thead>
        <tr>
          <th className={s.th}>{t('src.ui.certType')}</th>
          <th className={s.th}>{t('src.ui.certName')}</th>
          <th className={s.th}>{t('src.ui.certNo')}</th>
          <th className={s.th}>{t('src.ui.validTo')}</th>
          <th className={s.th}>{t('src.ui.certFile')}</th>
          {onRemove && <th className={s.th} />}
        </tr>
      </thead>
      <tbody>
        {certs.map((c, i) => {
          const type = types.find((x) => x.value === c.cert_type);
          return (
            <tr key={`${c.cert_name}-${i}`} data-testid="cert-row" data-expired={c.expired ? '1' : '0'}>
              <td className={s.td}>{type ? labelIn(type.label, i18n.language) : c.cert_type}</td>
              <td className={s.td}>{c.cert_name}</td>
              <td className={s.td}>{c.cert_no ?? ''}</td>
              <td className={s.td}>
                <span className={c.expired ? s.expired : undefined}>{c.valid_to}</span>{' '}
                {c.expired && <Badge color="danger" appearance="filled" data-testid="cert-expired">{t('src.ui.expired')}</Badge>}
                {!c.expired && typeof c.expiring_days === 'number' && <Badge color="warning" appearance="tint" data-testid="cert-expiring">{t('src.ui.expiring', { days: c.expiring_days })}</Badge>}
              </td>
              <td className={s.td}>{c.file_url ? <CertFileLink url={c.file_url} name={c.file_name ?? t('src.ui.certFile')} /> : '—'}</td>
              {onRemove && (
                <td className={s.td}>
                  <Button size="small" appearance="subtle" onClick={() => onRemove(i)}>{t('src.ui.remove')}</Button>
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** Where the access form's answers are saved: the declared call's address without its `/save`. */
const ACCESS_FORM_BASE = `/api${sourcingCalls.saveAccessForm.path.replace(/\/save$/, '')}`;

/** The access form of an admission, as the registry's form drawer renders a dynamic form. */
export function AccessForm({ data, editable, onSaved, handle }: { data: Admission; editable: boolean; onSaved: () => void; handle?: Ref<EntityFormHandle> }) {
  const snapshot = data.access_form!;
  const resolved = useMemo(() => {
    const page = dynamicPage({ id: 0, code: snapshot.code, name: snapshot.name, name_en: snapshot.name_en, version: snapshot.version }, snapshot.definition);
    return { ...page, apiBase: ACCESS_FORM_BASE };
  }, [snapshot]);
  const record = { ...(data.access_data ?? {}), id: data.id, version: data.version };
  return <EntityForm ref={handle} key={`${data.id}-${data.version}`} resolved={resolved} action={editable ? 'edit' : 'view'} record={record} onSaved={onSaved} />;
}

/** A new certificate of the draft application: type, name, number, expiry, its file. */
export function CertAdd({ c }: { c: ReturnType<typeof useCertificates> }) {
  const { t, i18n } = useTranslation();
  const s = useAdmissionStyles();
  const en = i18n.language === 'en';
  const types = dictionaryItems('src_cert_type') ?? [];
  const { adding, setAdding } = c;
  const typeText = (() => { const it = types.find((x) => x.value === adding.cert_type); return it ? (en ? it.label.en : it.label.zh) : ''; })();
  return (
    <>
      <div className={s.addRow} data-testid="cert-add">
        <Field label={t('src.ui.certType')}>
          <Dropdown data-testid="cert-type" value={typeText} selectedOptions={[adding.cert_type]} onOptionSelect={(_, d) => setAdding({ ...adding, cert_type: d.optionValue ?? 'other' })}>
            {types.map((x) => <Option key={x.value} value={x.value}>{en ? x.label.en : x.label.zh}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t('src.ui.certName')} required>
          <Input data-testid="cert-name" value={adding.cert_name} onChange={(_, d) => setAdding({ ...adding, cert_name: d.value })} />
        </Field>
        <Field label={t('src.ui.certNo')}>
          <Input data-testid="cert-no" value={adding.cert_no} onChange={(_, d) => setAdding({ ...adding, cert_no: d.value })} />
        </Field>
        <Field label={t('src.ui.validTo')} required>
          <Input data-testid="cert-valid-to" type="date" value={adding.valid_to} onChange={(_, d) => setAdding({ ...adding, valid_to: d.value })} />
        </Field>
      </div>
      <div className={s.row}>
        <input ref={c.fileInput} data-testid="cert-file" type="file" accept="image/png,image/jpeg,image/webp,application/pdf" style={{ display: 'none' }} onChange={(e) => c.setFile(e.target.files?.[0] ?? null)} />
        <Button onClick={() => c.fileInput.current?.click()}>{t('src.ui.chooseFile')}</Button>
        <Text data-testid="cert-file-name">{c.file ? c.file.name : t('src.ui.noFileChosen')}</Text>
        <Button appearance="primary" data-testid="cert-add-button" disabled={c.busy || !adding.cert_name.trim() || !adding.valid_to} onClick={() => void c.add()}>
          {c.busy ? <Spinner size="tiny" /> : t('src.ui.addCert')}
        </Button>
      </div>
    </>
  );
}
