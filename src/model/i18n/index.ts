import { access } from './access';
import { accountProfile } from './account-profile';
import { chat } from './chat';
import { admin } from './admin';
import { client } from './client';
import { columnFilters } from './column-filters';
import { common } from './common';
import { engine } from './engine';
import { listViews } from './list-views';
import { masterdata } from './masterdata';
import { notify } from './notify';
import { orders } from './orders';
import { ordersUi } from './orders-ui';
import { profile } from './profile';
import { spreadsheet } from './spreadsheet';
import { unsaved } from './unsaved';
import type { CatalogPart, Language } from './types';
import { DEFAULT_LANGUAGE } from './types';

export * from './types';

/**
 * Every catalogue part of the product. An area adds its own part file here (access, admin,
 * masterdata, ...) so that no two areas edit the same file.
 *
 * The import centre's, exports' and jobs' part (`excel`) is not here: it is registered by
 * `./excel-part`, which the model's Excel module, the server and the signed-in shell import, so
 * that the sign-in page's first script does not carry it (benchmark B7: 250 KB).
 */
const PARTS: CatalogPart[] = [common, access, accountProfile, masterdata, engine, admin, orders, ordersUi, client, profile, spreadsheet, notify, chat, unsaved, listViews, columnFilters];

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
