import { describe, expect, it } from 'vitest';
import { orderStateOf } from './order-socket';

describe('orderStateOf', () => {
  it('reads the server orderstate message and ignores every other message', () => {
    expect(orderStateOf({ type: 'orderstate', entity: 'prorder', id: 12, status: 'in_progress', no: 'PR2603020001', time: 'x' })).toEqual({ entity: 'prorder', id: 12, status: 'in_progress', no: 'PR2603020001' });
    expect(orderStateOf({ type: 'orderstate', entity: 'customerorder', id: '3', status: 'pending' })).toEqual({ entity: 'customerorder', id: 3, status: 'pending', no: null });
    expect(orderStateOf({ type: 'notifyto2', entity: 'prorder', id: 1, status: 'x' })).toBeNull();
    expect(orderStateOf({ type: 'orderstate', entity: 'prorder', id: -1, status: 'x' })).toBeNull();
    expect(orderStateOf('orderstate')).toBeNull();
  });
});
