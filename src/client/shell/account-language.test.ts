import { describe, expect, it } from 'vitest';
import { accountLanguageToApply } from './account-language';

describe('the account language on another device', () => {
  it('applies only where this browser has no choice of its own', () => {
    expect(accountLanguageToApply('en', null, 'zh-CN')).toBe('en');
    expect(accountLanguageToApply('en', 'zh-CN', 'zh-CN')).toBe(null);
    expect(accountLanguageToApply('zh-CN', null, 'zh-CN')).toBe(null);
    expect(accountLanguageToApply('fr', null, 'zh-CN')).toBe(null);
    expect(accountLanguageToApply('', null, 'zh-CN')).toBe(null);
  });
});
