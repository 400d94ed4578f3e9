import { describe, expect, it } from 'vitest';
import { EMPTY_SIGNUP, firstStepWithError, nextStep, signupBody, stepsOf, type SignupValues } from './signup-steps';

const values: SignupValues = {
  ...EMPTY_SIGNUP,
  mobile_code: ' 654321 ', industry: 'garment_making', scale: 'small', tax_code: ' 91350100m000100y43 ', legal_person: '钱老板',
  invite_code: ' MAKER01-JOIN ', email: ' new@demo.local ', mobile: '13912345678', email_code: ' 123456 ', username: 'new.user', fullname: '新用户',
  password: 'abc123', repeat: 'abc123', company_name: ' 新公司 ', company_full_name: '新公司有限公司', company_type: 'maker',
};

describe('sign-up wizard', () => {
  it('goes back to the earliest step with a server error', () => {
    expect(firstStepWithError(['username', 'email_code'])).toBe('verify');
    expect(firstStepWithError(['invite_code', 'password'])).toBe('kind');
    expect(firstStepWithError(['company_name'])).toBe('company');
    expect(firstStepWithError(['password', 'tax_code'])).toBe('company');
    expect(firstStepWithError(['username', 'mobile_code'])).toBe('verify');
    expect(firstStepWithError(['unknown'])).toBeNull();
  });

  it('sends a company sign-up with company fields and no invite code', () => {
    const body = signupBody('company', values);
    expect(body).toMatchObject({ company_name: '新公司', company_type: 'maker', email: 'new@demo.local', email_code: '123456', mobile_code: '654321', tax_code: '91350100M000100Y43', industry: 'garment_making' });
    expect(body).not.toHaveProperty('invite_code');
  });

  it('sends a join with the invite code and no company fields', () => {
    const body = signupBody('join', values);
    expect(body).toMatchObject({ invite_code: 'MAKER01-JOIN', username: 'new.user' });
    expect(body).not.toHaveProperty('company_name');
    expect(body).not.toHaveProperty('tax_code');
    expect(body).toMatchObject({ mobile_code: '654321' });
  });

  it('walks the company step only for a new company', () => {
    expect(stepsOf('company')).toEqual(['kind', 'verify', 'company', 'profile', 'finish']);
    expect(stepsOf('join')).toEqual(['kind', 'verify', 'profile', 'finish']);
    expect(nextStep('join', 'verify')).toBe('profile');
    expect(nextStep('company', 'verify')).toBe('company');
    expect(nextStep('company', 'profile', -1)).toBe('company');
  });
});
