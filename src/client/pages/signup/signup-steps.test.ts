import { describe, expect, it } from 'vitest';
import { firstStepWithError, signupBody, type SignupValues } from './signup-steps';

const values: SignupValues = {
  invite_code: ' MAKER01-JOIN ', email: ' new@demo.local ', mobile: '13912345678', email_code: ' 123456 ', username: 'new.user', fullname: '新用户',
  password: 'abc123', repeat: 'abc123', company_name: ' 新公司 ', company_full_name: '新公司有限公司', company_type: 'maker',
};

describe('sign-up wizard', () => {
  it('goes back to the earliest step with a server error', () => {
    expect(firstStepWithError(['username', 'email_code'])).toBe('verify');
    expect(firstStepWithError(['invite_code', 'password'])).toBe('kind');
    expect(firstStepWithError(['company_name'])).toBe('profile');
    expect(firstStepWithError(['unknown'])).toBeNull();
  });

  it('sends a company sign-up with company fields and no invite code', () => {
    const body = signupBody('company', values);
    expect(body).toMatchObject({ company_name: '新公司', company_type: 'maker', email: 'new@demo.local', email_code: '123456' });
    expect(body).not.toHaveProperty('invite_code');
  });

  it('sends a join with the invite code and no company fields', () => {
    const body = signupBody('join', values);
    expect(body).toMatchObject({ invite_code: 'MAKER01-JOIN', username: 'new.user' });
    expect(body).not.toHaveProperty('company_name');
  });
});
