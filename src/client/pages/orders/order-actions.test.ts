import { describe, expect, it } from 'vitest';
import { orderActions, orderEditable } from './order-actions';

describe('order actions by status', () => {
  it('offers the brand send and allocate on a draft or rejected order, finish only when tracked by hand', () => {
    expect(orderActions('prorder', { id: 1, status: 'draft' })).toEqual(['send', 'allocate', 'cancel']);
    expect(orderActions('prorder', { id: 1, status: 'rejected' })).toEqual(['send', 'allocate', 'cancel']);
    expect(orderActions('prorder', { id: 1, status: 'manual' })).toEqual(['cancel', 'finish']);
    expect(orderActions('prorder', { id: 1, status: 'finished' })).toEqual([]);
    expect(orderActions('prorder', { status: 'draft' })).toEqual([]);
  });

  it('offers the maker accept and reject while pending, finish while in progress', () => {
    expect(orderActions('customerorder', { id: 2, status: 'pending' })).toEqual(['accept', 'reject']);
    expect(orderActions('customerorder', { id: 2, status: 'in_progress' })).toEqual(['finish']);
    expect(orderActions('customerorder', { id: 2, status: 'cancelled' })).toEqual([]);
  });

  it('keeps locked states and shared copies out of the form', () => {
    const locked = ['sent', 'in_progress', 'finished', 'cancelled'];
    expect(orderEditable('prorder', { id: 1, status: 'draft' }, locked)).toBe(true);
    expect(orderEditable('prorder', { id: 1, status: 'sent' }, locked)).toBe(false);
    expect(orderEditable('customerorder', { id: 1, status: 'pending', share_id: 4 }, [])).toBe(false);
    expect(orderEditable('customerorder', { id: 1, status: 'pending', share_id: null }, [])).toBe(true);
    expect(orderEditable('prorder', null, locked)).toBe(true);
  });
});
