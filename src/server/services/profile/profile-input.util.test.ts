import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors';
import { profileFormValues } from '../../../model/account-profile';
import { ownProfileForm } from '../../../model/profile-forms';
import { idListOf, savedTableOf, settingsPatchOf } from './profile-input.util';
import { favouriteEntries, nextFavourites } from './profile.service';

const fieldsOf = (fn: () => unknown): Record<string, unknown> => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return (e.fields ?? {}) as Record<string, unknown>;
    throw e;
  }
  throw new Error('expected a validation error');
};

describe('user-profile input', () => {
  it('reads a list as JSON, JSON text, repeated keys or comma-separated text; empty text is the empty list', () => {
    expect(idListOf({ m: ['a', 'b', 'a'] }, 'm', 5)).toEqual(['a', 'b']);
    expect(idListOf({ m: '["a","b"]' }, 'm', 5)).toEqual(['a', 'b']);
    expect(idListOf({ m: 'a, b ,c' }, 'm', 5)).toEqual(['a', 'b', 'c']);
    expect(idListOf({ m: '' }, 'm', 5)).toEqual([]);
    expect(idListOf({}, 'm', 5)).toBeUndefined();
    expect(fieldsOf(() => idListOf({ m: [1] }, 'm', 5))).toHaveProperty('m');
    expect(fieldsOf(() => idListOf({ m: 'a,b,c' }, 'm', 2))).toEqual({ m: { key: 'profile.tooManyItems', params: { max: 2 } } });
  });

  it('keeps only the known column properties and refuses odd widths, pins and repeated columns', () => {
    expect(savedTableOf({ columns: [{ colId: 'code', width: 120, hide: true, pinned: 'left', extra: 'x' }, { colId: 'name' }] }, 't')).toEqual({
      columns: [{ colId: 'code', width: 120, hide: true, pinned: 'left' }, { colId: 'name', hide: false, pinned: null }],
    });
    expect(savedTableOf({ columns: [{ colId: 'a', width: 120.6 }] }, 't').columns[0].width).toBe(121);
    for (const bad of [{ colId: 'a', width: 1.5 }, { colId: 'a', width: '100' }, { colId: 'a', pinned: 'top' }, { colId: 'a', hide: 'yes' }, { colId: '' }, 'a'])
      expect(fieldsOf(() => savedTableOf({ columns: [bad] }, 't'))).toHaveProperty(['t.columns[0]']);
    expect(fieldsOf(() => savedTableOf({ columns: [{ colId: 'a' }, { colId: 'a' }] }, 't'))).toHaveProperty(['t.columns[1]']);
  });

  it('builds a settings patch; null drops a page; unknown pages are named', () => {
    const patch = settingsPatchOf({ language_code: 'en', rpt_theme: 'dark', cr_dash: 7, saved_tables: '{"vendor":null,"material":{"columns":[]}}' }, (p) => p !== 'nope');
    expect(patch).toEqual({ language: 'en', settings: { rpt_theme: 'dark', cr_dash: '7' }, tables: { material: { columns: [] } }, removeTables: ['vendor'] });
    expect(fieldsOf(() => settingsPatchOf({ saved_tables: { nope: null } }, (p) => p !== 'nope'))).toEqual({ 'saved_tables.nope': { key: 'profile.unknownPage' } });
  });

  it('keeps the side menu folded or open as the user chose, as a boolean, and refuses anything else', () => {
    for (const v of [true, 'true', '1', 1]) expect(settingsPatchOf({ nav_collapsed: v }, () => true).settings).toEqual({ nav_collapsed: true });
    for (const v of [false, 'false', '0', 0]) expect(settingsPatchOf({ nav_collapsed: v }, () => true).settings).toEqual({ nav_collapsed: false });
    expect(() => settingsPatchOf({ nav_collapsed: '' }, () => true)).toThrow('profile.nothingToSave');
    expect(fieldsOf(() => settingsPatchOf({ nav_collapsed: 'icons' }, () => true))).toEqual({ nav_collapsed: { key: 'access.invalidValue' } });
  });

  it('reads the own profile: trimmed name required, spec 5 e-mail and telephone, empty clears', () => {
    // The own profile's declaration (its view entity's writable fields), as save-profile's writer reads it.
    expect(profileFormValues(ownProfileForm, { fullname: ' 张三 ', email: '', mobile: '13800138000' })).toEqual({ values: { fullname: '张三', email: null, mobile: '13800138000' }, errors: {} });
    expect(profileFormValues(ownProfileForm, { fullname: '', mobile: '23800138000' }).errors).toEqual({ fullname: { key: 'rule.required' }, mobile: { key: 'rule.telephone' } });
  });

  it('adds favourites at the end once and removes them; entries follow the user order and skip hidden menus', () => {
    expect(nextFavourites(['a', 'b'], { add: ['b', 'c'] })).toEqual(['a', 'b', 'c']);
    expect(nextFavourites(['a', 'b', 'c'], { remove: ['b', 'x'] })).toEqual(['a', 'c']);
    const entry = (CODE: string) => ({ CODE, FURL: `/${CODE}`, TITLE: CODE, ICON: '', GROUP: 'g', GROUP_CODE: 'g' });
    expect(favouriteEntries(['c', 'gone', 'a'], [entry('a'), entry('c')]).map((e) => e.CODE)).toEqual(['c', 'a']);
  });
});
