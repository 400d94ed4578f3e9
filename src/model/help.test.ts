import { describe, expect, it } from 'vitest';
import '../../grids';
import { defineHelp, helpFor, helpPaths } from './help';
import { SCREEN_HELP } from './help-docs';
import { allMenuGroups } from './menus';
import { getPage, pageRoute } from './page';

describe('help documents of the screens (spec 8 "No help doc for current page")', () => {
  it('finds a screen\'s document by its address, whatever the query or the trailing slash, and none elsewhere', () => {
    expect(helpFor('/admin/page/apikeys')?.title.zh).toBe('API 密钥');
    expect(helpFor('/admin/page/push/?tab=log')?.title.en).toBe('Data push');
    expect(helpFor('/admin/page/users')).toBeNull();
    expect(helpFor('/admin/page')).toBeNull();
    expect(helpFor('/')).toBeNull();
  });

  it('takes a list page\'s help from its declaration, on the page\'s own route', () => {
    const notes = getPage('note');
    expect(notes?.help?.zh).toContain('只属于你自己');
    expect(helpFor(pageRoute(notes!))).toEqual({ title: notes!.title, body: notes!.help });
  });

  it('prefers the pattern with fewer open segments, and refuses a second document for one address', () => {
    defineHelp('/zz-help-test/:kind/:opt', { title: { zh: '通用', en: 'Any' }, body: { zh: 'a', en: 'a' } });
    defineHelp('/zz-help-test/page/:opt', { title: { zh: '页面', en: 'Page' }, body: { zh: 'b', en: 'b' } });
    expect(helpFor('/zz-help-test/page/x')?.title.en).toBe('Page');
    expect(helpFor('/zz-help-test/index/x')?.title.en).toBe('Any');
    expect(() => defineHelp('/zz-help-test/page/:opt/', { title: { zh: '', en: '' }, body: { zh: '', en: '' } })).toThrow(/twice/);
  });

  it('documents only screens that a menu entry opens, in both languages', () => {
    const furls = new Set(allMenuGroups().flatMap((g) => g.entries.map((e) => e.furl)));
    for (const { path, doc } of SCREEN_HELP) {
      expect(furls.has(path), path).toBe(true);
      expect(doc.body.zh.length).toBeGreaterThan(40);
      expect(doc.body.en.length).toBeGreaterThan(40);
    }
    expect(helpPaths()).toEqual(expect.arrayContaining(SCREEN_HELP.map((h) => h.path)));
  });
});
