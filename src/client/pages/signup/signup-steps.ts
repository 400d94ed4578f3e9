import { COMPANY_PROFILE_FIELDS, type CompanyProfileField } from '../../../model/account-profile';

/**
 * The sign-up wizard's steps (spec 2 "sign-up": company account or join with an invite code;
 * e-mail and mobile verification; profile completion; finish with a countdown redirect). A new
 * company also fills in its profile (spec 3 "client": industry, scale, tax code, legal person,
 * business scope, address) in the `company` step; a join has no such step.
 */
export const SIGNUP_STEPS = ['kind', 'verify', 'company', 'profile', 'finish'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];
export type SignupKind = 'company' | 'join';

/** The steps one kind of sign-up walks through, in order. */
export function stepsOf(kind: SignupKind): SignupStep[] {
  return SIGNUP_STEPS.filter((s) => s !== 'company' || kind === 'company');
}

/** The step after (or before) `step` for this kind. */
export function nextStep(kind: SignupKind, step: SignupStep, by: 1 | -1 = 1): SignupStep {
  const list = stepsOf(kind);
  return list[Math.min(list.length - 1, Math.max(0, list.indexOf(step) + by))];
}

const COMPANY_FIELDS: readonly CompanyProfileField[] = COMPANY_PROFILE_FIELDS;

/** Which step shows each field the server may report an error for. */
export const FIELD_STEP: Record<string, SignupStep> = {
  invite_code: 'kind',
  email: 'verify',
  mobile: 'verify',
  email_code: 'verify',
  mobile_code: 'verify',
  target: 'verify',
  company_name: 'company',
  company_full_name: 'company',
  company_type: 'company',
  ...Object.fromEntries(COMPANY_FIELDS.map((f) => [f, 'company'])),
  username: 'profile',
  fullname: 'profile',
  password: 'profile',
  repeat: 'profile',
};

/** The earliest step holding one of the fields in error (the wizard goes back there). */
export function firstStepWithError(fields: string[]): SignupStep | null {
  let best: number | null = null;
  for (const f of fields) {
    const step = FIELD_STEP[f];
    if (!step) continue;
    const i = SIGNUP_STEPS.indexOf(step);
    if (best === null || i < best) best = i;
  }
  return best === null ? null : SIGNUP_STEPS[best];
}

/** The body of the sign-up call for each kind, with the server's field names. */
export type SignupValues = {
  invite_code: string;
  email: string;
  mobile: string;
  email_code: string;
  mobile_code: string;
  username: string;
  fullname: string;
  password: string;
  repeat: string;
  company_name: string;
  company_full_name: string;
  company_type: string;
} & Record<CompanyProfileField, string>;

export const EMPTY_SIGNUP: SignupValues = {
  invite_code: '', email: '', mobile: '', email_code: '', mobile_code: '', username: '', fullname: '', password: '', repeat: '',
  company_name: '', company_full_name: '', company_type: '',
  ...(Object.fromEntries(COMPANY_FIELDS.map((f) => [f, ''])) as Record<CompanyProfileField, string>),
};

export function signupBody(kind: SignupKind, v: SignupValues): Record<string, string> {
  const account = {
    username: v.username.trim(),
    fullname: v.fullname.trim(),
    password: v.password,
    repeat: v.repeat,
    email: v.email.trim(),
    mobile: v.mobile.trim(),
    email_code: v.email_code.trim(),
    mobile_code: v.mobile_code.trim(),
  };
  if (kind === 'join') return { ...account, invite_code: v.invite_code.trim() };
  const profile = Object.fromEntries(COMPANY_FIELDS.map((f) => [f, f === 'tax_code' ? v[f].trim().toUpperCase() : v[f].trim()]));
  return { ...account, ...profile, company_name: v.company_name.trim(), company_full_name: v.company_full_name.trim(), company_type: v.company_type };
}

/** Seconds the finish page waits before it goes to the sign-in page (spec 9 leaves it open). */
export const FINISH_COUNTDOWN_SECONDS = 10;
