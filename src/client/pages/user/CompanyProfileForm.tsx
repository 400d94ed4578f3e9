import { Field, MessageBar, MessageBarBody, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { COMPANY_PROFILE_FIELDS, companyIndustry, companyScale, isTaxCode } from '../../../model/account-profile';
import type { CompanyProfile, CompanyProfileInput } from '../../../model/calls/account-profile';
import { ApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { toast } from '../../kernel/toast-bus';
import { TextField } from '../../form/TextField';
import { DictSelectField } from './DictSelectField';
import { SaveCancel } from './SaveCancel';
import { useUserStyles } from './user-styles';

const FIELDS = ['name', 'full_name', ...COMPANY_PROFILE_FIELDS] as const;
type Values = Record<(typeof FIELDS)[number], string>;

const valuesOf = (c: CompanyProfile): Values => Object.fromEntries(FIELDS.map((f) => [f, c[f] ?? ''])) as Values;

/**
 * The company administrator's edit of the company profile (spec 3 "client"). The browser checks
 * what it can (required name, the unified social credit code); the server checks everything again,
 * that the caller is the company's administrator and that nobody saved in between.
 */
export function CompanyProfileForm({ company, save, onDone }: { company: CompanyProfile; save: (input: Omit<CompanyProfileInput, 'version'>) => Promise<unknown>; onDone: () => void }) {
  const s = useUserStyles();
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { control, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: valuesOf(company) });
  const submit = handleSubmit(async (v) => {
    setFailure('');
    try {
      await save(Object.fromEntries(FIELDS.map((f) => [f, f === 'tax_code' ? v[f].trim().toUpperCase() : v[f].trim()])));
      toast.success(t('ui.company.saved'));
      onDone();
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, {}, FIELDS)) setFailure(e instanceof ApiError ? e.message : String(e));
    }
  });
  return (
    <form onSubmit={submit} noValidate className={s.wideForm} data-testid="company-form">
      {failure ? (
        <MessageBar intent="error">
          <MessageBarBody data-testid="company-form-error">{failure}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={s.pair}>
        <TextField control={control} name="name" label={t('ui.company.name')} required maxLength={100} rules={{ validate: (x) => x.trim() !== '' || t('rule.required') }} />
        <TextField control={control} name="full_name" label={t('ui.company.fullName')} maxLength={200} />
      </div>
      <div className={s.pair}>
        <DictSelectField control={control} name="industry" label={t('ui.company.industry')} dict={companyIndustry} testId="company-industry" />
        <DictSelectField control={control} name="scale" label={t('ui.company.scale')} dict={companyScale} testId="company-scale" />
      </div>
      <div className={s.pair}>
        <TextField control={control} name="tax_code" label={t('ui.company.taxCode')} maxLength={18} testId="company-tax-code" rules={{ validate: (x) => x.trim() === '' || isTaxCode(x) || t('account.taxCodeFormat') }} />
        <TextField control={control} name="legal_person" label={t('ui.company.legalPerson')} maxLength={50} testId="company-legal-person" />
      </div>
      <div className={s.pair}>
        <TextField control={control} name="province" label={t('ui.company.province')} maxLength={50} />
        <TextField control={control} name="city" label={t('ui.company.city')} maxLength={50} />
      </div>
      <TextField control={control} name="address" label={t('ui.company.address')} maxLength={200} testId="company-address" />
      <Controller
        control={control}
        name="business_scope"
        render={({ field, fieldState }) => (
          <Field label={t('ui.company.businessScope')} validationMessage={fieldState.error?.message}>
            <Textarea value={field.value} onChange={(_, d) => field.onChange(d.value)} onBlur={field.onBlur} rows={3} maxLength={500} resize="vertical" data-testid="company-business-scope" />
          </Field>
        )}
      />
      <SaveCancel busy={formState.isSubmitting} onCancel={onDone} testId="company-save" />
    </form>
  );
}
