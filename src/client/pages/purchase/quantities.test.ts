import { describe, expect, it } from 'vitest';
import { purchaseMessages } from './purchase-messages';
import { qtyError, receiptErrors, shipmentErrors, wholeLine, wholeUnit } from './quantities';

describe('purchase quantities per line', () => {
  it('takes whole numbers for counted units and goods, up to 4 decimals for measured ones', () => {
    expect(wholeUnit('PCS')).toBe(true);
    expect(wholeUnit(null)).toBe(true);
    expect(wholeUnit('KG')).toBe(false);
    expect(wholeLine({ unit: 'M', material_id: 3 })).toBe(false);
    expect(wholeLine({ material_id: 3 })).toBe(false);
    expect(wholeLine({ style_no: 'ST-1', colour: '黑', size: 'M' })).toBe(true);
    expect(wholeLine({ unit: 'ROLL', material_code: 'MD1' })).toBe(true);
    expect(qtyError('2.5', true, 10, 'over')?.key).toBe('pur.qty.whole');
    expect(qtyError('2.5', false, 10, 'over')).toBeNull();
    expect(qtyError('2.12345', false, 10, 'over')?.key).toBe('pur.qty.decimals');
    expect(qtyError('-1', false, 10, 'over')?.key).toBe('pur.qty.notNumber');
    expect(qtyError('abc', false, 10, 'over')?.key).toBe('pur.qty.notNumber');
    expect(qtyError('', false, 10, 'over')?.key).toBe('pur.qty.required');
    expect(qtyError('10.5', false, 10, 'over')).toEqual({ key: 'over', params: { max: '10' } });
    expect(qtyError('0', false, 10, 'over')).toBeNull();
  });

  it('refuses a shipment above the ordered quantity, or of nothing at all', () => {
    const lines = [{ key: '1', whole: false, ordered: 300 }, { key: '2', whole: true, ordered: 20 }];
    expect(shipmentErrors(lines, { 1: '300', 2: '20' })).toEqual({ lines: {}, form: null });
    expect(shipmentErrors(lines, { 1: '301', 2: '20' }).lines['1']).toEqual({ key: 'pur.ship.overOrdered', params: { max: '300' } });
    expect(shipmentErrors(lines, { 1: '0', 2: '0' }).form?.key).toBe('pur.ship.nothing');
    expect(shipmentErrors(lines, { 1: '120.5', 2: '0' })).toEqual({ lines: {}, form: null });
  });

  it('tells a complete receipt from a part one and refuses over-receipt', () => {
    const lines = [{ key: '1', whole: false, remaining: 120 }, { key: '2', whole: true, remaining: 0 }];
    expect(receiptErrors(lines, { 1: '120', 2: '0' })).toMatchObject({ lines: {}, form: null, complete: true });
    expect(receiptErrors(lines, { 1: '50', 2: '0' })).toMatchObject({ lines: {}, form: null, complete: false });
    expect(receiptErrors(lines, { 1: '121', 2: '0' }).lines['1']).toEqual({ key: 'pur.receipt.over', params: { max: '120' } });
    expect(receiptErrors(lines, { 1: '0', 2: '0' }).form?.key).toBe('pur.receipt.nothing');
  });

  it('says every dialog text in Chinese and English with the same parameters', () => {
    expect(Object.keys(purchaseMessages.en).sort()).toEqual(Object.keys(purchaseMessages['zh-CN']).sort());
    const params = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort().join();
    for (const k of Object.keys(purchaseMessages['zh-CN'])) expect(params(purchaseMessages.en[k]), k).toBe(params(purchaseMessages['zh-CN'][k]));
  });
});
