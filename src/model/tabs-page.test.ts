import { describe, expect, it } from 'vitest';
import { defineTabsPage } from './tabs-page';

const label = { zh: '通知', en: 'Notices' };

describe('a declared page of tabs', () => {
  it('keeps its tabs and their lists as declared', () => {
    const decl = defineTabsPage({ testId: 'centre', title: label, tabs: [{ key: 'a', label, lists: [{ opt: 'notice' }] }, { key: 'b', label, lists: [{ opt: 'task' }, { opt: 'announcement', roles: ['clientadmin'], height: 300 }] }] });
    expect(decl.tabs.map((t) => t.lists.map((l) => l.opt))).toEqual([['notice'], ['task', 'announcement']]);
  });

  it('refuses a tab key twice and a tab without a list', () => {
    expect(() => defineTabsPage({ testId: 'x', title: label, tabs: [{ key: 'a', label, lists: [{ opt: 'n' }] }, { key: 'a', label, lists: [{ opt: 't' }] }] })).toThrow(/repeat/);
    expect(() => defineTabsPage({ testId: 'x', title: label, tabs: [{ key: 'a', label, lists: [] }] })).toThrow(/no list/);
  });
});
