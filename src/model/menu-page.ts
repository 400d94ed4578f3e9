import type { Label } from './entity';

/**
 * A page of the user's menus as tiles (issue 30), drawn by the shell from its declaration
 * (src/client/shell/MenuPage.tsx, routed by src/client/app/router.tsx): every menu group the user
 * has, each under its title (a guide to everything the user may open), or the one group the
 * address's `:group` names (a group's own page; another code is not found). Each tile opens its
 * entry. Declared in grids/<module>/ (the workspace's: grids/workspace/menu-pages.ts).
 *
 * Example:
 * ```ts
 * defineMenuPage({ name: 'menuguide', paths: ['workspace/menuguide'], groups: 'all', title: { zh: '功能导航', en: 'Function guide' } });
 * ```
 */
export type MenuPageDef = {
  /** The page's key: its test id is `menu-<name>` (`menu-guide`, `menu-index`). */
  name: string;
  /** The addresses that open it (paths under the shell; `:group` names the group shown). */
  paths: readonly string[];
  /** What it shows: every group the user has, or the group `:group` names. */
  groups: 'all' | 'named';
  /** The page's title (the browser tab's) and heading; without one, a named group's title is both. */
  title?: Label;
  /** The sentence under the heading. */
  explain?: Label;
};

const PAGES: MenuPageDef[] = [];

/** Registers a menu page; a name declared twice or a named page without `:group` in each address is a programming error. */
export function defineMenuPage(def: MenuPageDef): MenuPageDef {
  if (PAGES.some((p) => p.name === def.name)) throw new Error(`menu page "${def.name}" is declared twice`);
  if (def.groups === 'named' && !def.paths.every((p) => p.includes(':group'))) throw new Error(`menu page "${def.name}": every address must name its :group`);
  PAGES.push(def);
  return def;
}

/** Every declared menu page. */
export const menuPages = (): readonly MenuPageDef[] => PAGES;
