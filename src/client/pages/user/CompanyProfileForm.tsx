import { MessageBar, MessageBarBody } from '@fluentui/react-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CompanyProfile, CompanyProfileInput } from '../../../model/calls/account-profile';
import { ApiError } from '../../api/client';
import { applyServerFieldErrors } from '../../api/form-errors';
import { toast } from '../../kernel/toast-bus';
import { companyProfileForm } from '../../../model/profile-forms';
import { DeclaredFields, type DeclaredRow } from './DeclaredFields';
import { SaveCancel } from './SaveCancel';
import { useUserStyles } from './user-styles';

const FIELDS = companyProfileForm.fields.map((f) => f.key);
type Values = Record<string, string>;
/** The form's rows; the test ids the page's tests name. */
const ROWS: DeclaredRow[] = [
  [['name'], ['full_name']],
  [['industry', 'company-industry'], ['scale', 'company-scale']],
  [['tax_code', 'company-tax-code'], ['legal_person', 'company-legal-person']],
  [['province'], ['city']],
  [['address', 'company-address']],
  [['business_scope', 'company-business-scope']],
];

const valuesOf = (c: CompanyProfile): Values => Object.fromEntries(FIELDS.map((f) => [f, String((c as Record<string, unknown>)[f] ?? '')]));

/**
 * The company administrator's edit of the company profile (spec 3 "client"), drawn and checked from
 * its declaration (companyProfileForm); the server checks everything again, that the caller is the
 * company's administrator and that nobody saved in between.
 */
export function CompanyProfileForm({ company, save, onDone }: { company: CompanyProfile; save: (input: Omit<CompanyProfileInput, 'version'>) => Promise<unknown>; onDone: () => void }) {
  const s = useUserStyles();
  const { t } = useTranslation();
  const [failure, setFailure] = useState('');
  const { control, handleSubmit, setError, formState } = useForm<Values>({ defaultValues: valuesOf(company) });
  const submit = handleSubmit(async (v) => {
    setFailure('');
    try {
      // The declaration's upper case (the credit code) is the server's to apply; its reply is what the page shows.
      await save(Object.fromEntries(FIELDS.map((f) => [f, v[f].trim()])));
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
      <DeclaredFields form={companyProfileForm} rows={ROWS} control={control} />
      <SaveCancel busy={formState.isSubmitting} onCancel={onDone} testId="company-save" />
    </form>
  );
}
