import { Badge, Button, Divider, Dropdown, Field, Input, Link, makeStyles, Option, Spinner, Subtitle2, Text, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { dictionaryItems } from '../../../model/dictionaries';
import { dynamicPage, type DynamicFormDefinition } from '../../../model/dynamic-form';
import { api } from '../../api/client';
import { useFileSrc } from '../../api/file-src';
import { StoredImg } from '../../api/StoredFile';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import { EntityForm, type EntityFormHandle } from '../../form/EntityForm';
import { toast } from '../../kernel/toast-bus';
import './sourcing-messages';

/**
 * Supplier admission and vendor settings in the drawers of the registry's own pages (issue 16):
 * - the supplier's application: the buyer's access evaluation form, rendered by the registry's form
 *   engine from the copied design and saved to the application; the certificate files with type
 *   and expiry date (expired ones flagged);
 * - the buyer's sourcing record: the posted form read-only, the certificates, the review state;
 * - a vendor: the bank data beside the account-opening permit image, its upload and the check,
 *   and the way to the vendor's KPI page.
 */
type Row = Record<string, unknown>;
type Cert = { cert_type: string; cert_name: string; cert_no: string | null; valid_to: string; file_id: number | null; file_url?: string | null; file_name: string | null; mime: string | null; expired: boolean };
type Snapshot = { code: string; name: string; name_en: string | null; version: number; definition: DynamicFormDefinition };
type Admission = {
  id: number; version: number; status: string; access_form: Snapshot | null; access_data: Row | null; access_review: string | null; access_review_remark: string | null;
  access_reviewed_by: string | null; access_reviewed_at: string | null; today: string; certs: Cert[];
};

const useStyles = makeStyles({
  panel: { marginTop: '16px', display: 'flex', flexDirection: 'column', gap: '10px' },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase300 },
  th: { textAlign: 'left', padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold },
  td: { padding: '4px 8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  expired: { color: tokens.colorPaletteRedForeground1 },
  side: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr)', gap: '16px', alignItems: 'start' },
  dl: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '12px', rowGap: '6px', margin: 0 },
  dt: { color: tokens.colorNeutralForeground3 },
  dd: { margin: 0, fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-all' },
  permit: { maxWidth: '100%', maxHeight: '320px', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  empty: { padding: '24px', border: `1px dashed ${tokens.colorNeutralStroke1}`, color: tokens.colorNeutralForeground3, textAlign: 'center' },
  addRow: { display: 'grid', gridTemplateColumns: '1.3fr 1.5fr 1fr 1fr', gap: '8px', alignItems: 'end' },
});

const reviewColor: Record<string, 'informative' | 'warning' | 'success' | 'danger'> = { to_fill: 'informative', pending: 'warning', passed: 'success', failed: 'danger' };

function useAdmission(entity: 'srcapplication' | 'srcrecord', id: number | null, version: unknown) {
  const [data, setData] = useState<Admission | null>(null);
  const load = useCallback(() => {
    if (id === null) return;
    api.get<Admission>('/srmapi/sourcing/admission', { entity, id }, { quiet: true }).then(setData, () => setData(null));
  }, [entity, id]);
  useEffect(load, [load, version]);
  return { data, load };
}

function ReviewBadge({ value }: { value: string | null }) {
  const { i18n } = useTranslation();
  if (!value) return null;
  const item = dictionaryItems('src_access_review')?.find((x) => x.value === value);
  return (
    <Badge appearance="tint" color={reviewColor[value] ?? 'informative'} data-testid="access-review" data-value={value}>
      {item ? (i18n.language === 'en' ? item.label.en : item.label.zh) : value}
    </Badge>
  );
}

/** The certificates as a table; an expired one is flagged in red. */
/** A certificate's file, opened through its signed link. */
function CertFileLink({ url, name }: { url: string; name: string }) {
  const href = useFileSrc(url);
  return <Link href={href || undefined} target="_blank" rel="noreferrer">{name}</Link>;
}

function CertTable({ certs, onRemove }: { certs: Cert[]; onRemove?: (index: number) => void }) {
  const { t, i18n } = useTranslation();
  const s = useStyles();
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
              <td className={s.td}>{type ? (i18n.language === 'en' ? type.label.en : type.label.zh) : c.cert_type}</td>
              <td className={s.td}>{c.cert_name}</td>
              <td className={s.td}>{c.cert_no ?? ''}</td>
              <td className={s.td}>
                <span className={c.expired ? s.expired : undefined}>{c.valid_to}</span>{' '}
                {c.expired && <Badge color="danger" appearance="filled" data-testid="cert-expired">{t('src.ui.expired')}</Badge>}
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

/** The access form of an admission, as the registry's form drawer renders a dynamic form. */
function AccessForm({ data, editable, onSaved, handle }: { data: Admission; editable: boolean; onSaved: () => void; handle?: Ref<EntityFormHandle> }) {
  const snapshot = data.access_form!;
  const resolved = useMemo(() => {
    const page = dynamicPage({ id: 0, code: snapshot.code, name: snapshot.name, name_en: snapshot.name_en, version: snapshot.version }, snapshot.definition);
    return { ...page, apiBase: '/api/srmapi/sourcing/access-form' };
  }, [snapshot]);
  const record = { ...(data.access_data ?? {}), id: data.id, version: data.version };
  return <EntityForm ref={handle} key={`${data.id}-${data.version}`} resolved={resolved} action={editable ? 'edit' : 'view'} record={record} onSaved={onSaved} />;
}

/** The supplier's application: the access form to fill in, and the certificate files. */
export function ApplicationAdmissionPanel({ rf }: DrawerExtensionProps) {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const { data, load } = useAdmission('srcapplication', rf.id, rf.record?.version);
  const formHandle = useRef<EntityFormHandle>(null);
  const [adding, setAdding] = useState({ cert_type: 'license', cert_name: '', cert_no: '', valid_to: '' });
  const [file, setFile] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  if (!data) return null;
  const draft = data.status === 'draft';
  const en = i18n.language === 'en';
  const refresh = () => {
    load();
    rf.reload();
  };
  const saveCerts = async (certs: Array<Omit<Cert, 'expired' | 'mime'>>) => {
    const version = Number(rf.record?.version ?? data.version);
    await api.post('/srmapi/srcapplication/save', { id: data.id, version, certs: certs.map((c) => ({ cert_type: c.cert_type, cert_name: c.cert_name, cert_no: c.cert_no, valid_to: c.valid_to, file_id: c.file_id, file_name: c.file_name })) });
    refresh();
  };
  const add = async () => {
    setBusy(true);
    try {
      let uploaded: { id: number; name: string } | null = null;
      if (file) {
        const form = new FormData();
        form.append('file', file);
        uploaded = await api.post<{ id: number; name: string }>('/srmapi/sourcing/cert-file', form);
      }
      await saveCerts([...data.certs, { ...adding, cert_no: adding.cert_no || null, file_id: uploaded?.id ?? null, file_name: uploaded?.name ?? null }]);
      setAdding({ cert_type: 'license', cert_name: '', cert_no: '', valid_to: '' });
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
      toast.success(t('msg.saved'));
    } catch {
      /* the API reactions show the error */
    } finally {
      setBusy(false);
    }
  };
  const types = dictionaryItems('src_cert_type') ?? [];
  return (
    <div className={s.panel} data-testid="application-admission">
      {data.access_form && (
        <>
          <Divider />
          <div className={s.row}>
            <Subtitle2>{t('src.ui.accessForm')}{en ? ': ' : '：'}{en && data.access_form.name_en ? data.access_form.name_en : data.access_form.name}</Subtitle2>
            <ReviewBadge value={data.access_review} />
          </div>
          {data.access_review_remark && <Text data-testid="access-review-remark">{t('src.ui.reviewRemark')}{en ? ': ' : '：'}{data.access_review_remark}</Text>}
          {draft && <Text size={200}>{t('src.ui.accessFormHint')}</Text>}
          <div data-testid="access-form">
            <AccessForm data={data} editable={draft} onSaved={refresh} handle={formHandle} />
          </div>
          {draft && (
            <div className={s.row}>
              <Button appearance="primary" data-testid="access-form-save" onClick={() => void formHandle.current?.submit()}>{t('src.ui.saveAccessForm')}</Button>
            </div>
          )}
        </>
      )}
      <Divider />
      <Subtitle2>{t('src.ui.certFiles')}</Subtitle2>
      <CertTable certs={data.certs} onRemove={draft ? (i) => void saveCerts(data.certs.filter((_, k) => k !== i)) : undefined} />
      {draft && (
        <div className={s.addRow} data-testid="cert-add">
          <Field label={t('src.ui.certType')}>
            <Dropdown
              data-testid="cert-type"
              value={(() => { const it = types.find((x) => x.value === adding.cert_type); return it ? (en ? it.label.en : it.label.zh) : ''; })()}
              selectedOptions={[adding.cert_type]}
              onOptionSelect={(_, d) => setAdding({ ...adding, cert_type: d.optionValue ?? 'other' })}
            >
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
      )}
      {draft && (
        <div className={s.row}>
          <input ref={fileInput} data-testid="cert-file" type="file" accept="image/png,image/jpeg,image/webp,application/pdf" style={{ display: 'none' }} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <Button onClick={() => fileInput.current?.click()}>{t('src.ui.chooseFile')}</Button>
          <Text data-testid="cert-file-name">{file ? file.name : t('src.ui.noFileChosen')}</Text>
          <Button appearance="primary" data-testid="cert-add-button" disabled={busy || !adding.cert_name.trim() || !adding.valid_to} onClick={() => void add()}>
            {busy ? <Spinner size="tiny" /> : t('src.ui.addCert')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** The buyer's sourcing record: the supplier's posted access form (read-only), its certificates, the review. */
export function RecordAdmissionPanel({ rf }: DrawerExtensionProps) {
  const { t, i18n } = useTranslation();
  const s = useStyles();
  const { data } = useAdmission('srcrecord', rf.id, rf.record?.version);
  if (!data || (!data.access_form && !data.certs.length)) return null;
  const en = i18n.language === 'en';
  return (
    <div className={s.panel} data-testid="record-admission">
      {data.access_form && (
        <>
          <Divider />
          <div className={s.row}>
            <Subtitle2>{t('src.ui.accessForm')}{en ? ': ' : '：'}{en && data.access_form.name_en ? data.access_form.name_en : data.access_form.name}</Subtitle2>
            <ReviewBadge value={data.access_review} />
            {data.access_reviewed_by && <Text size={200}>{t('src.ui.reviewedBy', { who: data.access_reviewed_by, at: String(data.access_reviewed_at ?? '').slice(0, 16).replace('T', ' ') })}</Text>}
          </div>
          {data.access_review_remark && <Text>{t('src.ui.reviewRemark')}{en ? ': ' : '：'}{data.access_review_remark}</Text>}
          {data.access_review === 'pending' && <Text size={200}>{t('src.ui.reviewHint')}</Text>}
          {data.access_data ? <AccessForm data={data} editable={false} onSaved={() => undefined} /> : <Text>{t('src.ui.notFilled')}</Text>}
        </>
      )}
      <Divider />
      <Subtitle2>{t('src.ui.certFiles')}</Subtitle2>
      <CertTable certs={data.certs} />
    </div>
  );
}

/** A vendor's bank data beside its account-opening permit image; upload and check. */
export function VendorBankPanel({ rf }: DrawerExtensionProps) {
  const { t } = useTranslation();
  const s = useStyles();
  const r = rf.record;
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  if (!r) return null;
  const image = typeof r.permit_image === 'string' && r.permit_image ? r.permit_image : null;
  const checked = r.bank_checked === true;
  const frozen = r.status === 'frozen';
  const upload = async (f: File) => {
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', f);
      await api.post(`/srmapi/vendor-bank/permit?id=${String(r.id)}&version=${String(r.version)}`, form);
      toast.success(t('src.ui.permitUploaded'));
      rf.reload();
    } catch {
      /* the API reactions show the error */
    } finally {
      setBusy(false);
    }
  };
  const check = async () => {
    setBusy(true);
    try {
      await api.post('/mdapi/vendor/action/check_bank', { ids: [r.id], version: r.version });
      toast.success(t('src.ui.bankCheckDone'));
      rf.reload();
    } catch {
      /* the API reactions show the error */
    } finally {
      setBusy(false);
    }
  };
  const item = (label: string, value: unknown, testid: string) => (
    <>
      <dt className={s.dt}>{label}</dt>
      <dd className={s.dd} data-testid={testid}>{value === null || value === undefined || value === '' ? '—' : String(value)}</dd>
    </>
  );
  return (
    <div className={s.panel} data-testid="vendor-bank-check">
      <Divider />
      <div className={s.row}>
        <Subtitle2>{t('src.ui.bankCheck')}</Subtitle2>
        <Badge appearance="tint" color={checked ? 'success' : 'warning'} data-testid="bank-checked" data-value={checked ? '1' : '0'}>
          {checked ? t('src.ui.bankChecked', { who: String(r.bank_checked_by ?? ''), at: String(r.bank_checked_at ?? '').slice(0, 16).replace('T', ' ') }) : t('src.ui.bankUnchecked')}
        </Badge>
      </div>
      <div className={s.side}>
        <dl className={s.dl}>
          {item(t('src.ui.bankName'), r.bank_name, 'bank-name')}
          {item(t('src.ui.branchCode'), r.bank_branch_code, 'bank-branch')}
          {item(t('src.ui.accountNo'), r.bank_account_no, 'bank-account')}
          {item(t('src.ui.accountName'), r.bank_account_name, 'bank-account-name')}
        </dl>
        <div>
          {image ? <StoredImg className={s.permit} src={image} alt={t('src.ui.permit')} data-testid="permit-image" /> : <div className={s.empty}>{t('src.ui.noPermit')}</div>}
        </div>
      </div>
      {!frozen && (
        <div className={s.row}>
          <input ref={input} type="file" accept="image/png,image/jpeg,image/webp" style={{ display: 'none' }} data-testid="permit-file" onChange={(e) => { const f = e.target.files?.[0]; if (f) void upload(f); e.target.value = ''; }} />
          <Button disabled={busy} onClick={() => input.current?.click()} data-testid="permit-upload">{image ? t('src.ui.replacePermit') : t('src.ui.uploadPermit')}</Button>
          <Button appearance="primary" disabled={busy || checked} onClick={() => void check()} data-testid="bank-check">{t('src.ui.checkBank')}</Button>
          <Text size={200}>{t('src.ui.bankCheckHint')}</Text>
        </div>
      )}
    </div>
  );
}

/** The vendor drawer's way to its KPI page (reports/vendor-kpi, filtered to the vendor's code). */
export function VendorKpiButton({ rf }: DrawerExtensionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const code = rf.record?.code;
  if (!code) return null;
  return (
    <Button data-testid="vendor-kpi" onClick={() => navigate(`/rpt/dsrptindex/vendor-kpi?f.code.eq=${encodeURIComponent(String(code))}`)}>
      {t('src.ui.vendorKpi')}
    </Button>
  );
}
