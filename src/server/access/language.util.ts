import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../model/i18n';

/**
 * The language of texts built for one user (menus, mails): the browser's current choice (`x-lang`,
 * spec 9: language stored locally) first, then the user's saved language, then Chinese.
 */
export function languageFor(req: FastifyRequest, userLanguage?: string | null): Language {
  const header = req.headers['x-lang'];
  if (isLanguage(header)) return header;
  if (isLanguage(userLanguage)) return userLanguage;
  return DEFAULT_LANGUAGE;
}

/** The language of a mail to someone who is not the caller: their saved language. */
export function mailLanguage(userLanguage: unknown): Language {
  return isLanguage(userLanguage) ? userLanguage : DEFAULT_LANGUAGE;
}
