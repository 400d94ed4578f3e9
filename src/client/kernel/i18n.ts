import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalog, DEFAULT_LANGUAGE, isLanguage, LANGUAGES, onCatalogPart, type Language } from '../../model/i18n';
import { readPreference, writePreference } from './storage';

/**
 * i18next over the model's catalogues (one flat table per language, keys with dots, `{{x}}`
 * parameters). Spec 9: Chinese by default, English optional, the choice stored locally under the
 * `language` key.
 */
export function storedLanguage(): Language {
  const stored = readPreference('language');
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<typeof i18next> {
  const resources = Object.fromEntries(LANGUAGES.map((l) => [l, { translation: catalog(l) }]));
  await i18next.use(initReactI18next).init({
    resources,
    lng: storedLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    // Keys are flat ("ui.login.title"), not nested objects.
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = i18next.language;
  // Entities declared in chunks loaded later (pages split from the login page) bring their own
  // messages (a document check's text): they join the catalogue as they register.
  onCatalogPart((part) => {
    for (const l of LANGUAGES) i18next.addResources(l, 'translation', part[l]);
  });
  // and those registered while i18next started
  for (const l of LANGUAGES) i18next.addResources(l, 'translation', catalog(l));
  return i18next;
}

/** Switches the interface language and remembers it (spec 9). */
export async function changeLanguage(language: Language): Promise<void> {
  writePreference('language', language);
  await i18next.changeLanguage(language);
  document.documentElement.lang = language;
}

export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Translates outside React (toasts raised by the API hooks). */
export function tr(key: string, params?: Record<string, unknown>): string {
  return i18next.t(key, params ?? {});
}
