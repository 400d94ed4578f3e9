import { describe, expect, it } from 'vitest';
import { companyFieldError, isPersonalId, isTaxCode, percentError, userFieldError } from './account-profile';

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

  it('dictionary values and lengths', () => {
    expect(companyFieldError('industry', 'fabric')).toBeNull();
    expect(companyFieldError('industry', 'bank')).toBe('rule.notInDictionary');
    expect(companyFieldError('scale', 'large')).toBeNull();
    expect(companyFieldError('legal_person', 'x'.repeat(51))).toBe('rule.maxLength');
    expect(companyFieldError('tax_code', '')).toBeNull();
    expect(userFieldError('gender', 'female')).toBeNull();
    expect(userFieldError('gender', 'f')).toBe('rule.notInDictionary');
  });
});
