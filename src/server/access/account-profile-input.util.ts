import {
  COMPANY_PROFILE_FIELDS,
  COMPANY_REQUIRED_FIELDS,
  companyFieldError,
  USER_PROFILE_FIELDS,
  userFieldError,
  type CompanyProfileField,
  type UserProfileField,
} from '../../model/account-profile';
import type { FieldError } from '../http/errors';
import type { Input } from './input.util';

/**
 * Reading the company's and the user's profile fields from a body (sign-up, company profile page,
 * save-profile). Pure. A key that is absent stays as it is; an empty value clears the field. Every
 * error is collected on its field (11000), so one answer names all of them.
 */
export type ProfileRead<F extends string> = { values: Partial<Record<F, string | null>>; errors: Record<string, FieldError> };

function read<F extends string>(input: Input, fields: Record<F, number>, check: (f: F, v: string) => string | null, upper: F[] = []): ProfileRead<F> {
  const values: Partial<Record<F, string | null>> = {};
  const errors: Record<string, FieldError> = {};
  for (const f of Object.keys(fields) as F[]) {
    const raw = input[f];
    if (raw === undefined) continue;
    if (raw !== null && typeof raw !== 'string' && !(typeof raw === 'number' && Number.isFinite(raw))) {
      errors[f] = { key: 'access.invalidValue' };
      continue;
    }
    let v = raw === null ? '' : String(raw).trim();
    if (upper.includes(f)) v = v.toUpperCase();
    const key = check(f, v);
    if (key) errors[f] = { key, params: key === 'rule.maxLength' ? { max: fields[f] } : undefined };
    else values[f] = v === '' ? null : v;
  }
  return { values, errors };
}

/** The company profile fields of a body; `required` names those that must be given (sign-up). */
export function companyProfileOf(input: Input, opts: { required?: boolean } = {}): ProfileRead<CompanyProfileField> {
  const r = read<CompanyProfileField>(input, COMPANY_PROFILE_FIELDS, companyFieldError, ['tax_code']);
  if (opts.required) for (const f of COMPANY_REQUIRED_FIELDS) if (!r.values[f] && !r.errors[f]) r.errors[f] = { key: 'rule.required' };
  return r;
}

/** The user's own profile fields of a body (names, gender, title, personal ID, percent). */
export function userProfileOf(input: Input): ProfileRead<UserProfileField> {
  return read<UserProfileField>(input, USER_PROFILE_FIELDS, userFieldError, ['personal_id']);
}
