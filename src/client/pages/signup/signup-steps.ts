/**
 * The sign-up wizard's steps (spec 2 "sign-up": company account or join with an invite code;
 * e-mail and mobile verification; profile completion; finish with a countdown redirect).
 */
export const SIGNUP_STEPS = ['kind', 'verify', 'profile', 'finish'] as const;
export type SignupStep = (typeof SIGNUP_STEPS)[number];
export type SignupKind = 'company' | 'join';

/** Which step shows each field the server may report an error for. */
export const FIELD_STEP: Record<string, SignupStep> = {
  invite_code: 'kind',
  email: 'verify',
  mobile: 'verify',
  email_code: 'verify',
  target: 'verify',
  username: 'profile',
  fullname: 'profile',
  password: 'profile',
  repeat: 'profile',
  company_name: 'profile',
  company_full_name: 'profile',
  company_type: 'profile',
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
  username: string;
  fullname: string;
  password: string;
  repeat: string;
  company_name: string;
  company_full_name: string;
  company_type: string;
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
  };
  if (kind === 'join') return { ...account, invite_code: v.invite_code.trim() };
  return { ...account, company_name: v.company_name.trim(), company_full_name: v.company_full_name.trim(), company_type: v.company_type };
}

/** Seconds the finish page waits before it goes to the sign-in page (spec 9 leaves it open). */
export const FINISH_COUNTDOWN_SECONDS = 10;
