import { describe, expect, it, vi } from 'vitest';
import { applicableState, createSavedTableSync, loadSavedTable, savedTableOf, storageKey, storeSavedTable } from './column-state';
import { cellText } from './cell-text';

function memoryStore() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
}

describe('saved table info', () => {
  it('keeps order, width, visibility and pinning, and drops the selection column', () => {
    const t = savedTableOf([
      { colId: 'ag-Grid-SelectionColumn', width: 40 },
      { colId: 'name', width: 220, hide: false, pinned: 'left' },
      { colId: 'code', width: 100, hide: true, pinned: null },
    ]);
    expect(t).toEqual({ columns: [{ colId: 'name', width: 220, hide: false, pinned: 'left' }, { colId: 'code', width: 100, hide: true, pinned: null }] });
    expect(applicableState(t, ['code'])).toEqual([{ colId: 'code', width: 100, hide: true, pinned: null }]);
  });

  it('reads the account copy first, then local storage; stores locally and hands every change to the sink', () => {
    const store = memoryStore();
    const sent: Array<[string, unknown]> = [];
    const sink = (_user: string, page: string, table: unknown) => void sent.push([page, table]);
    const session = { vendor: { columns: [{ colId: 'code', width: 50 }] } };
    expect(loadSavedTable('wang', 'vendor', session, store)).toEqual(session.vendor);
    storeSavedTable('wang', 'vendor', { columns: [{ colId: 'name' }] }, store, sink);
    // The account's copy (changed on another device, say) wins over this browser's.
    expect(loadSavedTable('wang', 'vendor', session, store)).toEqual(session.vendor);
    // Without one (the save has not reached the server), local storage answers.
    expect(loadSavedTable('wang', 'vendor', {}, store)).toEqual({ columns: [{ colId: 'name' }] });
    expect(loadSavedTable('li', 'vendor', {}, store)).toBe(null);
    store.setItem(storageKey('li', 'vendor'), '{broken');
    expect(loadSavedTable('li', 'vendor', {}, store)).toBe(null);
    storeSavedTable('wang', 'vendor', null, store, sink);
    expect(loadSavedTable('wang', 'vendor', {}, store)).toBe(null);
    expect(sent).toEqual([['vendor', { columns: [{ colId: 'name' }] }], ['vendor', null]]);
  });

  it('prefers a change made in this visit over the copy the session got at sign-in, a reset included', () => {
    const session = { vendor: { columns: [{ colId: 'code', width: 50 }] } };
    const visit = new Map([[storageKey('wang', 'vendor'), { columns: [{ colId: 'name', width: 300 }] }]]);
    expect(loadSavedTable('wang', 'vendor', session, memoryStore(), visit)).toEqual({ columns: [{ colId: 'name', width: 300 }] });
    expect(loadSavedTable('wang', 'vendor', session, memoryStore(), new Map([[storageKey('wang', 'vendor'), null]]))).toBe(null);
    expect(loadSavedTable('li', 'vendor', session, memoryStore(), visit)).toEqual(session.vendor);
  });

  it('sends layout changes to the server once per quiet period, the last change of each page', async () => {
    vi.useFakeTimers();
    try {
      const calls: Array<Record<string, unknown>> = [];
      const sync = createSavedTableSync(async (tables) => void calls.push(tables), 1000);
      sync.schedule('vendor', { columns: [{ colId: 'a' }] });
      vi.advanceTimersByTime(500);
      sync.schedule('vendor', { columns: [{ colId: 'b' }] });
      sync.schedule('material', null);
      vi.advanceTimersByTime(999);
      expect(calls).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(calls).toEqual([{ vendor: { columns: [{ colId: 'b' }] }, material: null }]);
      // Closing the page hands what is pending to the beacon instead of waiting.
      sync.schedule('customer', { columns: [] });
      const beacons: unknown[] = [];
      sync.flushNow((t) => beacons.push(t));
      expect(beacons).toEqual([{ customer: { columns: [] } }]);
      vi.advanceTimersByTime(5000);
      expect(calls).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cell text per renderer', () => {
  const ctx = { column: { options: [{ value: 'fabric', label: '面料供应商', labelEn: 'Fabric supplier' }], labelField: 'vendor_id__label' }, row: { vendor_id__label: '锦绣' }, language: 'zh-CN' as const };
  it('formats each renderer', () => {
    expect(cellText('money', 1234.5, ctx)).toBe('1,234.50');
    expect(cellText('number', '0.12345', ctx)).toBe('0.1235');
    expect(cellText('dict', 'fabric', ctx)).toBe('面料供应商');
    expect(cellText('dict', 'fabric', { ...ctx, language: 'en' })).toBe('Fabric supplier');
    expect(cellText('reference', 3, ctx)).toBe('锦绣');
    expect(cellText('reference', 3, { ...ctx, row: {} })).toBe('#3');
    expect(cellText('boolean', true, ctx)).toBe('是');
    expect(cellText('boolean', false, { ...ctx, language: 'en' })).toBe('No');
    expect(cellText('date', '2026-01-05T00:00:00.000Z', ctx)).toBe('2026-01-05');
    expect(cellText('datetime', '2026-01-05 08:00:00', ctx)).toBe('2026-01-05 08:00:00');
    expect(cellText('json', [1, 2], ctx)).toBe('[1,2]');
    expect(cellText('json', ['common', 'planner'], ctx)).toBe('common, planner');
  });
});
