import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calcItemValue, runCalcItems } from './calc';

describe('calculation items (spec 3)', () => {
  it('computes a numeric expression with 4 decimals by default (spec 9)', () => {
    expect(runCalcItems([{ targetFieldIdx: 'amount', expression: 'qty * price' }], { qty: '3', price: '0.33333' })).toEqual({ amount: 1 });
    expect(runCalcItems([{ targetFieldIdx: 'amount', expression: 'qty / 3' }], { qty: '1' })).toEqual({ amount: 0.3333 });
  });

  it('honours fixed decimals', () => {
    expect(runCalcItems([{ targetFieldIdx: 'amount', expression: 'qty * price', fixed: 2 }], { qty: '3', price: '1.255' })).toEqual({ amount: 3.77 });
    expect(runCalcItems([{ targetFieldIdx: 'n', expression: '7 / 2', fixed: 0 }], {})).toEqual({ n: 4 });
  });

  it('writes text for TEXT items, without rounding', () => {
    expect(runCalcItems([{ targetFieldIdx: 'label', type: 'TEXT', expression: "code + '-' + color" }], { code: 'ST01', color: 'RED' })).toEqual({ label: 'ST01-RED' });
    expect(runCalcItems([{ targetFieldIdx: 'label', type: 'TEXT', expression: '1 / 3' }], {})).toEqual({ label: String(1 / 3) });
  });

  it('applies only when calcCondition holds, and clears the target with clearValue', () => {
    const item = { targetFieldIdx: 'discount', expression: 'amount * 0.1', calcCondition: 'amount >= 1000' };
    expect(runCalcItems([item], { amount: '2000' })).toEqual({ discount: 200 });
    expect(runCalcItems([item], { amount: '10', discount: 5 })).toEqual({});
    expect(runCalcItems([{ ...item, clearValue: true }], { amount: '10', discount: 5 })).toEqual({ discount: null });
    expect(runCalcItems([{ ...item, type: 'TEXT' as const, clearValue: true }], { amount: '10', discount: 'x' })).toEqual({ discount: '' });
  });

  it('copies a directField', () => {
    expect(runCalcItems([{ targetFieldIdx: 'ship_to', directField: 'bill_to' }], { bill_to: 'Shanghai' })).toEqual({ ship_to: 'Shanghai' });
  });

  it('adds and subtracts days on YYYY-MM-DD dates, from a field or a number', () => {
    const form = { order_date: '2024-02-27', lead: '3' };
    expect(runCalcItems([{ targetFieldIdx: 'due', addToDate: { dateField: 'order_date', days: 'lead' } }], form)).toEqual({ due: '2024-03-01' });
    expect(runCalcItems([{ targetFieldIdx: 'start', subtractFromDate: { dateField: 'order_date', days: 58 } }], form)).toEqual({ start: '2023-12-31' });
    expect(runCalcItems([{ targetFieldIdx: 'due', addToDate: { dateField: 'order_date', days: '2' } }], form)).toEqual({ due: '2024-02-29' });
    expect(calcItemValue({ targetFieldIdx: 'due', addToDate: { dateField: 'none', days: 1 } }, form)).toBe(null);
  });

  it('lets later items read the targets of earlier ones', () => {
    const items = [
      { targetFieldIdx: 'amount', expression: 'qty * price' },
      { targetFieldIdx: 'tax', expression: 'amount * 0.13', fixed: 2 },
    ];
    expect(runCalcItems(items, { qty: 10, price: 9.9 })).toEqual({ amount: 99, tax: 12.87 });
  });

  it('leaves the target alone when the expression fails, or clears it with clearValue', () => {
    expect(runCalcItems([{ targetFieldIdx: 'x', expression: 'a / b' }], { a: 1, b: 0, x: 7 })).toEqual({});
    expect(runCalcItems([{ targetFieldIdx: 'x', expression: 'a / b', clearValue: true }], { a: 1, b: 0, x: 7 })).toEqual({ x: null });
  });

  it('date arithmetic round-trips for any date and day count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1900, max: 2200 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: -4000, max: 4000 }), (y, m, d, n) => {
        const date = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        const moved = addDays(date, n);
        expect(moved).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(addDays(moved!, -n)).toBe(date);
      }),
    );
    expect(addDays('2023-02-30', 1)).toBe(null);
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
  });
});
