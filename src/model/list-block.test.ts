import { describe, expect, it } from 'vitest';
import { PERSONAL_BLOCKS } from '../../reports/dashboards/personal.board';
import { badgeShown, orderedRows, rowText, type ListBlock } from './list-block';

const list = (key: string): ListBlock => PERSONAL_BLOCKS.find((b) => b.key === key)!.list!;

describe('list blocks of the personal board', () => {
  it('orders the to-dos due first, undated last, newest first among equals, and draws at most six', () => {
    const rows = [
      { id: 1, due_date: null }, { id: 2, due_date: '2026-12-09' }, { id: 3, due_date: '2026-12-01' },
      { id: 4, due_date: '2026-12-09' }, { id: 5, due_date: null }, { id: 6, due_date: '2026-12-31' }, { id: 7, due_date: '2026-11-30' },
    ];
    expect(orderedRows(list('todo'), rows).map((r) => r.id)).toEqual([7, 3, 4, 2, 6, 5]);
  });

  it('keeps the answered order where none is declared', () => {
    expect(orderedRows(list('toread'), [{ id: 1 }, { id: 3 }, { id: 2 }]).map((r) => r.id)).toEqual([1, 3, 2]);
  });

  it('writes a field, a day of a date-time, nothing for an empty field', () => {
    const row = { id: 1, published_at: '2026-12-07T08:30:00Z', company: '', title: 'A' };
    expect(rowText(row, 'title')).toBe('A');
    expect(rowText(row, 'published_at:day')).toBe('2026-12-07');
    expect(rowText(row, 'company')).toBe('');
    expect(rowText(row, 'missing')).toBe('');
  });

  it('marks urgent to-dos and unread announcements', () => {
    expect(badgeShown(list('todo'), { id: 1, priority: 'high' })).toBe(true);
    expect(badgeShown(list('todo'), { id: 1, priority: 'normal' })).toBe(false);
    expect(badgeShown(list('announcements'), { id: 1, read: false })).toBe(true);
    expect(badgeShown(list('announcements'), { id: 1, read: true })).toBe(false);
    expect(badgeShown(list('toread'), { id: 1 })).toBe(false);
  });
});
