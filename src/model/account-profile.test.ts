import { describe, expect, it } from 'vitest';
import { isPersonalId, isTaxCode, percentError, profileFormValues } from './account-profile';
import { companyProfileForm, ownProfileForm } from './profile-forms';

describe('profile field checks', () => {
  it('a unified social credit code needs its GB 32100 check character', () => {
    expect(isTaxCode('91350100M000100Y43')).toBe(true);
    expect(isTaxCode('91350100m000100y43')).toBe(true);
    expect(isTaxCode('91350100M000100Y44')).toBe(false);
    expect(isTaxCode('91350100M000100Y4')).toBe(false);
    expect(isTaxCode('9135010OM000100Y43')).toBe(false);
  });

  it('a resident ID needs a real birth date and its GB 11643 check character', () => {
    expect(isPersonalId('11010519491231002X')).toBe(true);
    expect(isPersonalId('11010519491231002x')).toBe(true);
    expect(isPersonalId('110105194912310021')).toBe(false);
    expect(isPersonalId('110105194902300021')).toBe(false);
  });

  it('a percentage is 0 to 100 with at most four decimals', () => {
    expect(percentError('62.5')).toBeNull();
    expect(percentError('100')).toBeNull();
    expect(percentError('100.0001')).toBe('account.percentRange');
    expect(percentError('1.23456')).toBe('rule.maxDecimals4');
    expect(percentError('abc')).toBe('rule.number');
  });

  it('dictionary values and lengths, as the forms declare them', () => {
    const company = (field: string, value: string) => profileFormValues(companyProfileForm, { [field]: value }).errors[field]?.key ?? null;
    const own = (field: string, value: string) => profileFormValues(ownProfileForm, { [field]: value }).errors[field]?.key ?? null;
    expect(company('industry', 'fabric')).toBeNull();
    expect(company('industry', 'bank')).toBe('rule.notInDictionary');
    expect(company('scale', 'large')).toBeNull();
    expect(company('legal_person', 'x'.repeat(51))).toBe('rule.maxLength');
    expect(company('tax_code', '')).toBeNull();
    expect(own('gender', 'female')).toBeNull();
    expect(own('gender', 'f')).toBe('rule.notInDictionary');
  });

  it('a form reads the keys given: trimmed, upper case where declared, empty clears, every error on its field', () => {
    expect(profileFormValues(companyProfileForm, { tax_code: ' 91350100m000100y43 ', city: '', name: undefined })).toEqual({ values: { tax_code: '91350100M000100Y43', city: null }, errors: {} });
    expect(profileFormValues(ownProfileForm, { fullname: ' ', email: 'a@b', personal_id: '110105194912310021', user_percent: '101', title: {} }).errors).toEqual({
      fullname: { key: 'rule.required' },
      email: { key: 'rule.email' },
      personal_id: { key: 'account.personalIdFormat' },
      user_percent: { key: 'account.percentRange' },
      title: { key: 'access.invalidValue' },
    });
  });
});
