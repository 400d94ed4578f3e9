import type { MenuGroupItem, MenuItem } from '../session/login-reply';
import type { Language as Lang } from '../../model/i18n/types';
import { menuEntryTitle, menuGroupTitle } from './menu-lookup';

/**
 * The side menu's groups that show their entries. The menu is an accordion: one group open at a
 * time, so the menu renders the entries of one group (a maker's manager has about 90 entries in 14
 * groups; rendering all of them cost every page's first commit 250-570 ms on a two-core machine,
 * issue 34). `chosen` is the group the user opened or closed last (`null`: closed them all; undefined:
 * never touched), else the group of the open page. While searching, every group with a match is open.
 *
 * Example: `openMenuGroups('md', undefined, null)` is `['md']`.
 */
export function openMenuGroups(selectedGroup: string | undefined, chosen: string | null | undefined, found: readonly MenuGroupItem[] | null): string[] {
  if (found) return found.map((g) => g.CODE);
  if (chosen !== undefined) return chosen === null ? [] : [chosen];
  return selectedGroup ? [selectedGroup] : [];
}

/** Lower case without spaces, so "Purchase  orders" finds "purchase orders". */
const folded = (s: string) => s.toLowerCase().replace(/\s+/g, '');

/**
 * The menu narrowed to the entries a search names (the entry's title in either language, or its
 * group's title: then all of the group's entries), groups without a match left out; null for an
 * empty search (the whole menu).
 */
export function menusMatching(menus: readonly MenuGroupItem[], query: string, lang: Lang): MenuGroupItem[] | null {
  const q = folded(query.trim());
  if (!q) return null;
  const hit = (text: string) => folded(text).includes(q);
  const other: Lang = lang === 'en' ? 'zh-CN' : 'en';
  const out: MenuGroupItem[] = [];
  for (const g of menus) {
    const byGroup = hit(menuGroupTitle(g, lang)) || hit(menuGroupTitle(g, other));
    const children = byGroup ? g.children : g.children.filter((e: MenuItem) => hit(menuEntryTitle(e, lang)) || hit(menuEntryTitle(e, other)));
    if (children.length) out.push({ ...g, children });
  }
  return out;
}
