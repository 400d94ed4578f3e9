import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { isLanguage } from '../../model/i18n';
import { changeLanguage, currentLanguage } from '../kernel/i18n';
import { access } from '../session/access-state';
import { readPreference } from '../kernel/storage';

/**
 * The account's language (saved by the settings page through save-setting) applies on a device
 * where no language was chosen yet: spec 9 keeps a choice made in this browser, and only a
 * browser without one follows the account.
 */
export function accountLanguageToApply(account: string, storedChoice: string | null, current: string): 'zh-CN' | 'en' | null {
  if (storedChoice || !isLanguage(account) || account === current) return null;
  return account;
}

/** Used once by the shell: follows the signed-in account's language as accountLanguageToApply says. */
export function useAccountLanguage(): void {
  const { languageCode } = useSnapshot(access);
  useEffect(() => {
    const next = accountLanguageToApply(languageCode, readPreference('language'), currentLanguage());
    if (next) void changeLanguage(next);
  }, [languageCode]);
}
