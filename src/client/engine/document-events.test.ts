import { describe, expect, it } from 'vitest';
import { documentStateOf } from './document-events';

describe('documentStateOf', () => {
  it('reads a document state change and ignores every other message', () => {
    expect(documentStateOf({ type: 'orderstate', entity: 'purorder', id: 7, status: 'confirmed', from: 'sent', no: 'PO2611240001', time: 'x' }))
      .toEqual({ entity: 'purorder', id: 7, status: 'confirmed', from: 'sent', no: 'PO2611240001' });
    expect(documentStateOf({ type: 'orderstate', entity: 'supplierorder', id: '3', status: 'pending' })).toEqual({ entity: 'supplierorder', id: 3, status: 'pending', from: null, no: null });
    expect(documentStateOf({ type: 'notifyto2', entity: 'purorder', id: 1, status: 'x' })).toBeNull();
    expect(documentStateOf({ type: 'orderstate', entity: 'purorder', id: 0, status: 'x' })).toBeNull();
    expect(documentStateOf({ type: 'orderstate', entity: '', id: 1, status: 'x' })).toBeNull();
    expect(documentStateOf({ type: 'orderstate', entity: 'purorder', id: 1 })).toBeNull();
    expect(documentStateOf(null)).toBeNull();
    expect(documentStateOf('orderstate')).toBeNull();
  });
});
