import { sql } from 'kysely';
import type { AuthContext } from '../../access/auth-context';
import { settingsOf, visibleMenus } from '../../access/userinfo.service';
import type { Db } from '../../db/database';
import type { Language } from '../../../model/i18n';
import type { MenuEntryRef } from '../../../model/calls/workspace';
import { validationError } from '../../http/errors';
import { LIMITS, type SettingsPatch } from './profile-input.util';

/**
 * The signed-in user's own settings, favourite menus and profile (spec 7 "Profile and
 * workspace"). Every statement is keyed by the caller's own user id from the token, never by an
 * id in the body, so a user can only ever change their own row.
 */


export type OwnSettings = { language: string; settings: Record<string, unknown>; saved_tables: Record<string, unknown> };

export async function readOwnSettings(db: Db, userId: number): Promise<OwnSettings> {
  const r = await sql<{ language: string; settings: Record<string, unknown> | string | null; saved_tables: Record<string, unknown> | string | null }>`
    select language, settings, saved_tables from users where id = ${userId}`.execute(db);
  const row = r.rows[0];
  return { language: row?.language ?? 'zh-CN', settings: settingsOf(row?.settings), saved_tables: settingsOf(row?.saved_tables) };
}

/**
 * Merges a save-setting patch in one statement: `settings || patch`, `saved_tables || tables`
 * minus the removed pages. Two devices saving different pages at once both keep their page,
 * because nothing is read and written back.
 */
export async function saveSettings(db: Db, userId: number, patch: SettingsPatch): Promise<OwnSettings> {
  await sql`update users set
      language = coalesce(${patch.language ?? null}, language),
      settings = settings || ${JSON.stringify(patch.settings)}::jsonb,
      saved_tables = (saved_tables || ${JSON.stringify(patch.tables)}::jsonb) - ${sql.val(patch.removeTables)}::text[],
      updated_at = now()
    where id = ${userId}`.execute(db);
  return readOwnSettings(db, userId);
}

/** Favourite menu codes as stored (spec 3: settings with favourite menus). */
export function favouriteCodesOf(settings: Record<string, unknown>): string[] {
  const raw = settings.favourite_menus;
  return Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [];
}

/** The menu entries the caller sees now, flat, with their group. */
export async function menuEntriesOf(db: Db, auth: AuthContext, language: Language): Promise<MenuEntryRef[]> {
  const menus = await visibleMenus(db, { userId: auth.userId, clientId: auth.clientId, platformId: auth.platformId, roles: auth.roles, isSuper: auth.isSuper, language });
  // Spread: the menu tree may add both titles of an entry a company renamed (TITLE_ZH, TITLE_EN).
  return menus.flatMap((g) => g.children.map((e) => ({ ...e, ICON: e.ICON ?? '', GROUP: g.TITLE, GROUP_CODE: g.CODE })));
}

/** The favourites as entries, in the user's order; codes the user no longer sees are left out. */
export function favouriteEntries(codes: readonly string[], entries: readonly MenuEntryRef[]): MenuEntryRef[] {
  return codes.map((c) => entries.find((e) => e.CODE === c)).filter((e): e is MenuEntryRef => !!e);
}

/** Pure: the list after adding (at the end, once) or removing codes. */
export function nextFavourites(current: readonly string[], change: { add?: readonly string[]; remove?: readonly string[] }): string[] {
  const removed = new Set(change.remove ?? []);
  const out = current.filter((c) => !removed.has(c));
  for (const c of change.add ?? []) if (!out.includes(c)) out.push(c);
  return out;
}

/**
 * Adds or removes favourite menus under a row lock, so two tabs starring at once both count.
 * Adding checks that the caller sees each menu (a code from another platform or role is refused).
 */
export async function changeFavourites(db: Db, auth: AuthContext, change: { add?: string[]; remove?: string[] }, language: Language): Promise<string[]> {
  if (change.add?.length) {
    // Read before the transaction: the menu tree query must not run while the transaction holds PGlite's one connection.
    const visible = new Set((await menuEntriesOf(db, auth, language)).map((e) => e.CODE));
    const unknown = change.add.filter((c) => !visible.has(c));
    if (unknown.length) throw validationError({ menus: { key: 'profile.unknownMenu' } });
  }
  return db.transaction().execute(async (tx) => {
    const r = await sql<{ settings: Record<string, unknown> | string | null }>`select settings from users where id = ${auth.userId} for update`.execute(tx);
    const current = favouriteCodesOf(settingsOf(r.rows[0]?.settings));
    const next = nextFavourites(current, change);
    if (next.length > LIMITS.favourites && next.length > current.length) throw validationError({ menus: { key: 'profile.tooManyFavourites', params: { max: LIMITS.favourites } } });
    await sql`update users set settings = jsonb_set(settings, '{favourite_menus}', ${JSON.stringify(next)}::jsonb, true), updated_at = now() where id = ${auth.userId}`.execute(tx);
    return next;
  });
}
