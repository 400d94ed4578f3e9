import { describe, expect, it } from 'vitest';
import { applicableState, loadSavedTable, savedTableOf, storageKey, storeSavedTable } from './column-state';
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

  it('stores per user and page, local first, then the session copy', () => {
    const store = memoryStore();
    const session = { vendor: { columns: [{ colId: 'code', width: 50 }] } };
    expect(loadSavedTable('wang', 'vendor', session, store)).toEqual(session.vendor);
    storeSavedTable('wang', 'vendor', { columns: [{ colId: 'name' }] }, store);
    expect(loadSavedTable('wang', 'vendor', session, store)).toEqual({ columns: [{ colId: 'name' }] });
    expect(loadSavedTable('li', 'vendor', {}, store)).toBe(null);
    store.setItem(storageKey('li', 'vendor'), '{broken');
    expect(loadSavedTable('li', 'vendor', {}, store)).toBe(null);
    storeSavedTable('wang', 'vendor', null, store);
    expect(loadSavedTable('wang', 'vendor', {}, store)).toBe(null);
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
  });
});
