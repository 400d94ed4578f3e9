import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Textarea } from '@fluentui/react-components';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { companyIndustry, companyScale, isTaxCode } from '../../../model/account-profile';
import { TextField } from '../../form/TextField';
import { DictSelectField } from '../user/DictSelectField';
import { useSignupStyles as useStyles } from './signup-styles';
import type { SignupForm as Form } from './use-signup';

const COMPANY_TYPES = ['brand', 'maker', 'supplier'] as const;

/** The company's name, full name and kind. */
function CompanyIdentity({ form }: { form: Form }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { control } = form;
  return (
    <>
      <div className={s.two}>
        <TextField control={control} name="company_name" label={t('ui.signup.companyName')} required maxLength={100} rules={{ validate: (v) => v.trim() !== '' || t('rule.required') }} />
        <TextField control={control} name="company_full_name" label={t('ui.signup.companyFullName')} maxLength={200} />
      </div>
      <Controller
        control={control}
        name="company_type"
        rules={{ required: t('rule.required') }}
        render={({ field, fieldState }) => (
          <Field label={t('ui.signup.companyType')} required validationMessage={fieldState.error?.message}>
            <RadioGroup layout="horizontal" value={field.value} onChange={(_, d) => field.onChange(d.value)} data-testid="company-type">
              {COMPANY_TYPES.map((c) => (
                <Radio key={c} value={c} label={t(`ui.signup.type.${c}`)} />
              ))}
            </RadioGroup>
          </Field>
        )}
      />
    </>
  );
}

/**
 * The company step of a new company's sign-up (spec 2 "profile completion", spec 3 "client"): its
 * name and kind, then industry, scale, unified social credit code, legal representative, address and
 * business scope, as the platform's reviewer reads them. The logo comes later, on the company
 * profile page, from the company's administrator.
 */
export function CompanyStep({ form, onBack, onNext }: { form: Form; onBack: () => void; onNext: () => void }) {
  const s = useStyles();
  const { t } = useTranslation();
  const { control } = form;
  const required = { validate: (v: string) => v.trim() !== '' || t('rule.required') };
  const next = async () => {
    if (await form.trigger(['company_name', 'company_type', 'industry', 'scale', 'tax_code', 'legal_person', 'province', 'city', 'address', 'business_scope'])) onNext();
  };
  return (
    <>
      <MessageBar intent="info" layout="multiline">
        <MessageBarBody>{t('ui.signup.companyHint')}</MessageBarBody>
      </MessageBar>
      <CompanyIdentity form={form} />
      <div className={s.two}>
        <DictSelectField control={control} name="industry" label={t('ui.company.industry')} dict={companyIndustry} required rules={{ required: t('rule.required') }} testId="company-industry" />
        <DictSelectField control={control} name="scale" label={t('ui.company.scale')} dict={companyScale} required rules={{ required: t('rule.required') }} testId="company-scale" />
      </div>
      <div className={s.two}>
        <TextField
          control={control}
          name="tax_code"
          label={t('ui.company.taxCode')}
          required
          maxLength={18}
          hint={t('ui.signup.taxCodeHint')}
          testId="company-tax-code"
          rules={{ validate: (v) => (v.trim() === '' ? t('rule.required') : isTaxCode(v) || t('account.taxCodeFormat')) }}
        />
        <TextField control={control} name="legal_person" label={t('ui.company.legalPerson')} required maxLength={50} testId="company-legal-person" rules={required} />
      </div>
      <div className={s.two}>
        <TextField control={control} name="province" label={t('ui.company.province')} maxLength={50} />
        <TextField control={control} name="city" label={t('ui.company.city')} maxLength={50} />
      </div>
      <TextField control={control} name="address" label={t('ui.company.address')} maxLength={200} />
      <Controller
        control={control}
        name="business_scope"
        rules={{ maxLength: { value: 500, message: t('rule.maxLength', { max: 500 }) } }}
        render={({ field, fieldState }) => (
          <Field label={t('ui.company.businessScope')} validationMessage={fieldState.error?.message}>
            <Textarea value={field.value} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur} rows={2} resize="vertical" />
          </Field>
        )}
      />
      <div className={s.actions}>
        <Button onClick={onBack}>{t('ui.common.back')}</Button>
        <Button appearance="primary" onClick={() => void next()} data-testid="signup-next">
          {t('ui.common.next')}
        </Button>
      </div>
    </>
  );
}
