import { Body1, Button, Card, MessageBar, MessageBarBody, Spinner, Text, Title3 } from '@fluentui/react-components';
import { Edit20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companyIndustry, companyScale } from '../../../model/account-profile';
import type { CompanyProfile } from '../../../model/calls/account-profile';
import { CompanyProfileForm } from './CompanyProfileForm';
import { dictLabel } from './DictSelectField';
import { ImagePicker } from './ImagePicker';
import { useCompanyProfile } from './use-account-profile';
import { useUserStyles } from './user-styles';

/** The profile's fields as label, value and test id. */
function rowsOf(c: CompanyProfile, t: (k: string) => string, en: boolean): [string, string, string][] {
  const text = (v: string | null) => v || '—';
  return [
    [t('ui.company.code'), c.code, 'company-code'],
    [t('ui.company.name'), c.name, 'company-name-value'],
    [t('ui.company.fullName'), text(c.full_name), 'company-full-name-value'],
    [t('ui.company.type'), t(`ui.signup.type.${c.type}`), 'company-type-value'],
    [t('ui.company.industry'), dictLabel(companyIndustry, c.industry, en), 'company-industry-value'],
    [t('ui.company.scale'), dictLabel(companyScale, c.scale, en), 'company-scale-value'],
    [t('ui.company.taxCode'), text(c.tax_code), 'company-tax-code-value'],
    [t('ui.company.legalPerson'), text(c.legal_person), 'company-legal-person-value'],
    [t('ui.company.address'), [c.province, c.city, c.address].filter(Boolean).join(' ') || '—', 'company-address-value'],
    [t('ui.company.businessScope'), text(c.business_scope), 'company-business-scope-value'],
  ];
}

/**
 * /page/clientinfo: the company profile (spec 3 "client"). Every user of the company reads it; its
 * administrator edits the fields and uploads the logo (spec 9: 702x180 or 200x200).
 */
export function CompanyProfilePage() {
  const s = useUserStyles();
  const { t, i18n } = useTranslation();
  const { company, error, save, logo } = useCompanyProfile();
  const [editing, setEditing] = useState(false);
  if (error) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('ui.company.loadFailed')}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!company) return <Spinner label={t('ui.common.loading')} />;
  return (
    <div className={s.page} data-testid="company-profile">
      <Title3 as="h1">{t('ui.company.title')}</Title3>
      <Card className={s.card}>
        <div className={s.head}>
          {company.can_edit ? (
            <ImagePicker src={company.logo} alt={t('ui.company.logo')} width={234} height={60} label={t('ui.company.uploadLogo')} hint={t('ui.company.logoHint', { max: 5 })} busy={logo.busy} message={logo.message} onChoose={(f) => void logo.choose(f)} testId="company-logo" />
          ) : (
            <ImagePicker src={company.logo} alt={t('ui.company.logo')} width={234} height={60} label="" hint="" busy={false} message="" onChoose={() => undefined} testId="company-logo-readonly" readOnly />
          )}
          <div className={s.headText} />
          {editing || !company.can_edit ? null : (
            <Button icon={<Edit20Regular />} onClick={() => setEditing(true)} data-testid="company-edit">
              {t('ui.company.edit')}
            </Button>
          )}
        </div>
        {editing ? <CompanyProfileForm company={company} save={save} onDone={() => setEditing(false)} /> : null}
        {editing ? null : (
          <div className={s.grid}>
            {rowsOf(company, t, i18n.language === 'en').map(([label, value, testId]) => (
              <div key={testId} style={{ display: 'contents' }}>
                <Text className={s.label}>{label}</Text>
                <Body1 data-testid={testId} style={{ whiteSpace: 'pre-wrap' }}>{value}</Body1>
              </div>
            ))}
          </div>
        )}
        {company.can_edit ? null : (
          <MessageBar intent="info">
            <MessageBarBody>{t('ui.company.readOnly')}</MessageBarBody>
          </MessageBar>
        )}
      </Card>
    </div>
  );
}
