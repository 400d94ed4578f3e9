import { COMPANY_PROFILE_FIELDS, COMPANY_REQUIRED_FIELDS, profileFormValues, type CompanyProfileField } from '../../model/account-profile';
import { companyProfileForm } from '../../model/profile-forms';
import type { FieldError } from '../http/errors';
import type { Input } from './input.util';

/**
 * Reading the company's profile fields from the sign-up's body, through the company profile's
 * declaration (src/model/profile-forms.ts), as the company profile page's save reads them. Pure. A
 * key that is absent stays as it is; an empty value clears the field. Every error is collected on
 * its field (11000), so one answer names all of them.
 */
export type ProfileRead<F extends string> = { values: Partial<Record<F, string | null>>; errors: Record<string, FieldError> };

/** The company profile fields of a body (not its names); `required` names those that must be given (sign-up). */
export function companyProfileOf(input: Input, opts: { required?: boolean } = {}): ProfileRead<CompanyProfileField> {
  const r = profileFormValues(companyProfileForm, input, COMPANY_PROFILE_FIELDS) as ProfileRead<CompanyProfileField>;
  if (opts.required) for (const f of COMPANY_REQUIRED_FIELDS) if (!r.values[f] && !r.errors[f]) r.errors[f] = { key: 'rule.required' };
  return r;
}
