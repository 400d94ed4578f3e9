import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_AGE_MS, draftStep, draftStorageKey, holdsEdits, pruneDrafts, readDraft, removeDraft, writeDraft } from './unsaved-drafts';
import { anyUnsaved, leavesPage, leaveUnsaved, registerUnsaved } from './unsaved-registry';

function memoryStore() {
  const map = new Map<string, string>();
  return {
    map,
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const planner = { user: 'maker.planner', page: 'allocation-workbench', doc: '7' };
const T0 = Date.UTC(2026, 4, 1, 8, 0);

describe('drafts of unsaved edits (issue 29)', () => {
  it('keys a draft by user, page and document, so no two of them share one', () => {
    expect(draftStorageKey(planner)).toBe('unsaved:maker.planner:allocation-workbench:7');
    expect(draftStorageKey({ user: null, page: '/md/index/vendor', doc: 'new' })).toBe('unsaved:anonymous:%2Fmd%2Findex%2Fvendor:new');
    // A ':' inside a part cannot make two keys equal.
    expect(draftStorageKey({ user: 'a', page: 'b:c', doc: 'd' })).not.toBe(draftStorageKey({ user: 'a', page: 'b', doc: 'c:d' }));
    const s = memoryStore();
    writeDraft(planner, [{ lineId: 1, vendorId: 2, cycle: '2026-05', qty: 30 }], 1, s, T0);
    expect(readDraft({ ...planner, user: 'brand' }, s, T0)).toBeNull();
    expect(readDraft({ ...planner, doc: '8' }, s, T0)).toBeNull();
    expect(readDraft({ ...planner, page: 'form-designer' }, s, T0)).toBeNull();
    expect(readDraft(planner, s, T0 + 1000)).toEqual({ savedAt: T0, count: 1, value: [{ lineId: 1, vendorId: 2, cycle: '2026-05', qty: 30 }] });
  });

  it('drops a draft older than a week when it is read, and prunes expired and damaged drafts of any user', () => {
    const s = memoryStore();
    writeDraft(planner, { a: 1 }, null, s, T0);
    expect(readDraft(planner, s, T0 + DRAFT_MAX_AGE_MS)).not.toBeNull();
    expect(readDraft(planner, s, T0 + DRAFT_MAX_AGE_MS + 1)).toBeNull();
    expect(s.map.size).toBe(0);

    writeDraft(planner, 1, null, s, T0);
    writeDraft({ ...planner, user: 'brand' }, 2, null, s, T0 + DRAFT_MAX_AGE_MS);
    s.setItem('unsaved:x:y:z', '{not json');
    s.setItem('tablestate:brand:vendor', '{}');
    expect(pruneDrafts(s, T0 + DRAFT_MAX_AGE_MS + 1)).toBe(2);
    expect([...s.map.keys()].sort()).toEqual(['tablestate:brand:vendor', draftStorageKey({ ...planner, user: 'brand' })].sort());
    expect(readDraft({ ...planner, user: 'brand' }, s, T0 + DRAFT_MAX_AGE_MS + 1)?.value).toBe(2);
  });

  it('ignores a damaged draft and a store that refuses a write', () => {
    const s = memoryStore();
    s.setItem(draftStorageKey(planner), '{"value":1}');
    expect(readDraft(planner, s, T0)).toBeNull();
    expect(s.map.size).toBe(0);
    const full = { ...memoryStore(), setItem: () => { throw new Error('QuotaExceededError'); } };
    expect(() => writeDraft(planner, 1, 1, full, T0)).not.toThrow();
    removeDraft(planner, s);
  });

  it('writes the draft while edits change, removes it once saved or undone, and never writes over one being offered', () => {
    // Editing: each change is written.
    expect(draftStep({ dirty: true, revision: 3, cleanAt: null, offering: false })).toBe('write');
    // Saved at revision 3: the reply still shows the edits (not written back, leaving does not ask) ...
    const saved = { revision: 3 };
    expect(draftStep({ dirty: true, revision: 3, cleanAt: saved, offering: false })).toBe('none');
    expect(holdsEdits({ dirty: true, revision: 3, cleanAt: saved })).toBe(false);
    // ... then the page reloads without edits: the draft is removed.
    expect(draftStep({ dirty: false, revision: 4, cleanAt: saved, offering: false })).toBe('remove');
    // An edit after the save is a new draft, and leaving asks again.
    expect(draftStep({ dirty: true, revision: 5, cleanAt: saved, offering: false })).toBe('write');
    expect(holdsEdits({ dirty: true, revision: 5, cleanAt: saved })).toBe(true);
    // A kept draft being offered on a page without edits is left alone until the user answers.
    expect(draftStep({ dirty: false, revision: 1, cleanAt: null, offering: true })).toBe('none');
    expect(holdsEdits({ dirty: false, revision: 1, cleanAt: null })).toBe(false);
  });

  it('a save through the store removes the draft: written, then removed after save, not found on return', () => {
    const s = memoryStore();
    writeDraft(planner, [1, 2, 3], 3, s, T0);
    expect(readDraft(planner, s, T0)?.count).toBe(3);
    removeDraft(planner, s);
    expect(readDraft(planner, s, T0)).toBeNull();
  });
});

describe('the one guard over every page and form shown', () => {
  it('asks when any registered editor holds edits, and leaving forgets only those', () => {
    let workbench = true;
    let left = '';
    const offA = registerUnsaved({ dirty: () => workbench, leave: () => { left += 'workbench '; workbench = false; } });
    const offB = registerUnsaved({ dirty: () => false, leave: () => { left += 'form '; } });
    expect(anyUnsaved()).toBe(true);
    leaveUnsaved();
    expect(left).toBe('workbench ');
    expect(anyUnsaved()).toBe(false);
    offA();
    offB();
    workbench = true;
    expect(anyUnsaved()).toBe(false);
  });

  it('treats another path or query as leaving, a hash as staying', () => {
    expect(leavesPage({ pathname: '/scm/page/allocation-workbench', search: '?version=7' }, { pathname: '/scm/index/customerorder', search: '' })).toBe(true);
    expect(leavesPage({ pathname: '/a', search: '?version=7' }, { pathname: '/a', search: '?version=8' })).toBe(true);
    expect(leavesPage({ pathname: '/a', search: '?x=1' }, { pathname: '/a', search: '?x=1' })).toBe(false);
  });
});
