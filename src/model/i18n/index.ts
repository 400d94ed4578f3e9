import { access } from './access';
import { chat } from './chat';
import { client } from './client';
import { common } from './common';
import { masterdata } from './masterdata';
import { orders } from './orders';
import { profile } from './profile';
import type { CatalogPart, Language } from './types';
import { DEFAULT_LANGUAGE } from './types';

export * from './types';

/**
 * Every catalogue part of the product. An area adds its own part file here (access, admin,
 * masterdata, ...) so that no two areas edit the same file.
 *
 * The import centre's, exports' and jobs' part (`excel`) is not here: it is registered by
 * `./excel-part`, which the model's Excel module, the server and the signed-in shell import, so
 * that the sign-in page's first script does not carry it (benchmark B7: 250 KB). The signed-in
 * pages' own words (the registry engine's lists and drawers, saved views, orders and allocation,
 * administration, the account pages, notices, spreadsheet keys, column filters, unsaved edits) are
 * registered the same way by `./app-part`.
 */
const PARTS: CatalogPart[] = [common, access, masterdata, orders, client, profile, chat];

/** Told of each part registered later (an entity declared in a chunk loaded after start). */
const LISTENERS: Array<(part: CatalogPart) => void> = [];

export function registerCatalogPart(part: CatalogPart): void {
  if (PARTS.includes(part)) return;
  PARTS.push(part);
  for (const l of LISTENERS) l(part);
}

/** Calls `listener` for every part registered from now on (the browser adds them to i18next). */
export function onCatalogPart(listener: (part: CatalogPart) => void): void {
  LISTENERS.push(listener);
}

export function catalog(language: Language): Record<string, string> {
  return Object.assign({}, ...PARTS.map((p) => p[language]));
}

/** Translates a key with `{{name}}` parameters; an unknown key comes back as itself. */
export function translate(language: Language, key: string, params?: Record<string, unknown>): string {
  let text: string | undefined;
  for (let i = PARTS.length - 1; i >= 0 && text === undefined; i--) text = PARTS[i][language][key];
  if (text === undefined && language !== DEFAULT_LANGUAGE) return translate(DEFAULT_LANGUAGE, key, params);
  const template = text ?? key;
  return params ? template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? '')) : template;
}
