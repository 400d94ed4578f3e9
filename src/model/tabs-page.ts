import type { Label } from './entity';

/**
 * A page of tabs whose content is declared lists (drawn by src/client/engine/TabsPage.tsx): its
 * title and the line saying what it is for, then one tab per entry, chosen by the address's `tab`
 * (the first tab without one); a tab shows its lists (each a declared page by its `opt`, the engine's
 * list at `height` pixels, or filling the window below the head when it is the tab's only list), a
 * list with `roles` only to a person holding one of them. The page adds nothing of its own beyond
 * what a list's slots give (its tools). Example: the notification centre (grids/collab/notice.grid.ts).
 *
 * Example: `{ testId: 'collab-center', title, explain, tabs: [{ key: 'tasks', label, lists: [{ opt: 'task' }] }] }`.
 */
export type TabsPageDecl = {
  testId: string;
  title: Label;
  explain?: Label;
  tabs: Array<{ key: string; label: Label; lists: Array<{ opt: string; roles?: string[]; height?: number }> }>;
};

/** A page of tabs, checked: keys unique, every tab with a list. */
export function defineTabsPage(decl: TabsPageDecl): TabsPageDecl {
  const keys = new Set(decl.tabs.map((t) => t.key));
  if (keys.size !== decl.tabs.length) throw new Error(`tabs page ${decl.testId}: tab keys repeat`);
  for (const t of decl.tabs) if (!t.lists.length) throw new Error(`tabs page ${decl.testId}: tab ${t.key} has no list`);
  return decl;
}
