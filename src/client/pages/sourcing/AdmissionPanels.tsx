import { Badge, Button, Divider, Subtitle2, Text } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StoredImg } from '../../api/StoredFile';
import type { DrawerExtensionProps } from '../../form/drawer-extensions';
import type { EntityFormHandle } from '../../form/EntityForm';
import { useAdmissionStyles } from './admission-styles';
import { AccessForm, CertAdd, CertTable, ReviewBadge } from './AdmissionParts';
import { useAdmission, useCertificates, useVendorBank } from './use-admission';
import './sourcing-messages';

/**
 * Supplier admission and vendor settings in the drawers of the registry's own pages (issue 16):
 * - the supplier's application: the buyer's access evaluation form, rendered by the registry's form
 *   engine from the copied design and saved to the application; the certificate files with type
 *   and expiry date (expired ones flagged);
 * - the buyer's sourcing record: the posted form read-only, the certificates, the review state;
 * - a vendor: the bank data beside the account-opening permit image, its upload and the check,
 *   and the way to the vendor's KPI page.
 * Data and commands: use-admission.ts.
 */

/** The supplier's application: the access form to fill in, and the certificate files. */
export function ApplicationAdmissionPanel({ rf }: DrawerExtensionProps) {
  const { t, i18n } = useTranslation();
  const s = useAdmissionStyles();
  const { data, load } = useAdmission('srcapplication', rf.id, rf.record?.version);
  const formHandle = useRef<EntityFormHandle>(null);
  const refresh = () => {
    load();
    rf.reload();
  };
  const certs = useCertificates(rf, data, refresh);
  if (!data) return null;
  const draft = data.status === 'draft';
  const en = i18n.language === 'en';
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
      <CertTable certs={data.certs} onRemove={draft ? certs.remove : undefined} />
      {draft && <CertAdd c={certs} />}
    </div>
  );
}

/** The buyer's sourcing record: the supplier's posted access form (read-only), its certificates, the review. */
export function RecordAdmissionPanel({ rf }: DrawerExtensionProps) {
  const { t, i18n } = useTranslation();
  const s = useAdmissionStyles();
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
  const s = useAdmissionStyles();
  const r = rf.record;
  const { busy, upload, check } = useVendorBank(rf);
  const input = useRef<HTMLInputElement>(null);
  if (!r) return null;
  const image = typeof r.permit_image === 'string' && r.permit_image ? r.permit_image : null;
  const checked = r.bank_checked === true;
  const frozen = r.status === 'frozen';
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
