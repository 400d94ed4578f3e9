import { allMenuGroups } from '../../model/menus';
import type { MenuGroupItem, MenuItem } from '../session/login-reply';
import { labelIn } from '../../model/label-text';

type Lang = 'zh-CN' | 'en';

/**
 * A menu entry's title in the interface language. The server titles menus in the language of the
 * call that fetched them; the model's declaration (same CODE) gives the other language at once,
 * without a round trip, when the user switches language.
 */
export function menuEntryTitle(entry: Pick<MenuItem, 'CODE' | 'TITLE' | 'TITLE_ZH' | 'TITLE_EN'>, language: Lang): string {
  // The server's menu tree sends both titles (a company may have renamed the entry): they win.
  const own = language === 'en' ? entry.TITLE_EN : entry.TITLE_ZH;
  if (own) return own;
  for (const g of allMenuGroups()) {
    const e = g.entries.find((x) => x.code === entry.CODE);
    if (e) return labelIn(e.title, language);
  }
  return entry.TITLE;
}

export function menuGroupTitle(group: Pick<MenuGroupItem, 'CODE' | 'TITLE' | 'TITLE_ZH' | 'TITLE_EN'>, language: Lang): string {
  const own = language === 'en' ? group.TITLE_EN : group.TITLE_ZH;
  if (own) return own;
  const g = allMenuGroups().find((x) => x.code === group.CODE);
  return g ? labelIn(g.title, language) : group.TITLE;
}

/** The path part of a menu URL (FURL may carry a query). */
export function furlPath(furl: string): string {
  return (furl.split(/[?#]/)[0] || '/').replace(/\/+$/, '') || '/';
}

/**
 * The menu entry whose URL matches a location (spec 2: the document title falls back to it).
 * An entry whose FURL carries a query matches only with the same query; else the path decides.
 */
export function menuEntryFor(menus: readonly MenuGroupItem[], pathname: string, search = ''): MenuItem | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let byPath: MenuItem | null = null;
  for (const g of menus) {
    for (const e of g.children) {
      if (e.FURL === path + search) return e;
      if (!byPath && !e.FURL.includes('?') && furlPath(e.FURL) === path) byPath = e;
    }
  }
  return byPath;
}

/** The document title: the route's title, else the matching menu entry's, then the product name. */
export function documentTitle(routeTitle: string | null, menuTitle: string | null, productName: string): string {
  const page = routeTitle || menuTitle;
  return page ? `${page} - ${productName}` : productName;
}
