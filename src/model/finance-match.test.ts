import { describe, expect, it } from 'vitest';
import { adjustmentLine, confirmOutcome, convertAmount, currenciesNeeded, matchRecords, MissingRateError, rateBetween, roundMoney, statementTotals, type FinRecord } from './finance-match';

const rec = (p: Partial<FinRecord>): FinRecord => ({ kind: 'receipt', doc_no: 'PO1', item: 'M1', currency: 'CNY', qty: 0, amount: 0, date: '2026-11-05', ...p });
const rates = { USD: 7.1, HKD: 0.91 };

describe('currency conversion with the period rates', () => {
  it('converts through CNY and rounds to cents', () => {
    expect(rateBetween('CNY', 'CNY', {})).toBe(1);
    expect(convertAmount(710, 'CNY', 'USD', rates)).toBe(100);
    expect(convertAmount(100, 'USD', 'CNY', rates)).toBe(710);
    expect(convertAmount(100, 'USD', 'HKD', rates)).toBe(780.22);
    expect(convertAmount(1, 'CNY', 'USD', rates)).toBe(0.14);
    expect(convertAmount(-800, 'CNY', 'USD', rates)).toBe(-112.68);
    expect(convertAmount(5, 'RMB', 'CNY', {})).toBe(5);
  });
  it('refuses a currency without a rate, naming it', () => {
    expect(() => rateBetween('USD', 'CNY', {})).toThrow(MissingRateError);
    try {
      rateBetween('CNY', 'HKD', { USD: 7 });
    } catch (e) {
      expect((e as MissingRateError).currency).toBe('HKD');
    }
  });
  it('names the currencies that need a rate', () => {
    expect(currenciesNeeded([rec({ currency: 'usd' }), rec({ currency: 'CNY' })], 'HKD')).toEqual(['HKD', 'USD']);
  });
  it('rounds half away from zero', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.344)).toBe(2.34);
  });
});

describe('matching line by line', () => {
  it('pairs the same document and item of both sides and says how they differ', () => {
    const buyer = [
      rec({ doc_no: 'PO1', item: 'M1', qty: 290, amount: 2900 }),
      rec({ doc_no: 'PO1', item: 'M2', qty: 100, amount: 1200 }),
      rec({ doc_no: 'PO2', item: 'M1', qty: 50, amount: 500 }),
      rec({ kind: 'deduction', doc_no: 'TK1', item: '', qty: 0, amount: -800 }),
      rec({ kind: 'return', doc_no: 'PO1', item: 'M2', qty: -10, amount: -120 }),
    ];
    const seller = [
      rec({ doc_no: 'PO1', item: 'M1', qty: 300, amount: 3000, date: '2026-11-03' }),
      rec({ doc_no: 'PO1', item: 'M2', qty: 100, amount: 1150 }),
      rec({ kind: 'outsource', doc_no: 'WF1', item: 'S1/红/M', qty: 20, amount: 60 }),
      rec({ kind: 'return', doc_no: 'PO1', item: 'M2', qty: -10, amount: -120 }),
    ];
    const lines = matchRecords(buyer, seller, 'CNY', {});
    expect(lines.map((l) => [l.seq, l.kind, l.doc_no, l.item, l.match])).toEqual([
      [1, 'receipt', 'PO1', 'M1', 'qty_diff'],
      [2, 'receipt', 'PO1', 'M2', 'amount_diff'],
      [3, 'receipt', 'PO2', 'M1', 'buyer_only'],
      [4, 'return', 'PO1', 'M2', 'matched'],
      [5, 'outsource', 'WF1', 'S1/红/M', 'seller_only'],
      [6, 'deduction', 'TK1', '', 'buyer_only'],
    ]);
    expect(lines[0]).toMatchObject({ buyer_qty: 290, seller_qty: 300, diff_qty: 10, diff_amount: 100, buyer_date: '2026-11-05', seller_date: '2026-11-03' });
    expect(lines[1]).toMatchObject({ diff_qty: 0, diff_amount: -50 });
    expect(lines[2]).toMatchObject({ seller_qty: null, seller_amount: null, diff_qty: -50, diff_amount: -500 });
    expect(lines[4]).toMatchObject({ buyer_amount: null, diff_amount: 60 });
  });
  it('sums two records of one item on a side and converts each side from its own currency', () => {
    const buyer = [rec({ qty: 10, amount: 71, currency: 'CNY' }), rec({ qty: 10, amount: 71, currency: 'CNY', date: '2026-11-20' })];
    const seller = [rec({ qty: 20, amount: 20, currency: 'USD' })];
    const [l] = matchRecords(buyer, seller, 'USD', rates);
    expect(l).toMatchObject({ buyer_qty: 20, buyer_amount: 142, buyer_amount_stmt: 20, seller_amount_stmt: 20, buyer_date: '2026-11-20', match: 'matched', diff_amount: 0 });
  });
  it('treats less than a cent as no difference', () => {
    const [l] = matchRecords([rec({ qty: 1, amount: 10.001 })], [rec({ qty: 1, amount: 10.004 })], 'CNY', {});
    expect(l.match).toBe('matched');
  });
});

describe('totals and confirmation', () => {
  it('sums each side, the adjustments and the unexplained differences', () => {
    const lines = matchRecords([rec({ qty: 290, amount: 2900 }), rec({ doc_no: 'PO2', qty: 1, amount: 5 })], [rec({ qty: 300, amount: 3000 }), rec({ doc_no: 'PO2', qty: 1, amount: 5 })], 'CNY', {});
    expect(statementTotals(lines)).toEqual({ buyer_total: 2905, seller_total: 3005, adjust_total: 0, diff_total: 100, settle_total: 2905, open_diffs: 1 });
    lines[0].explained = true;
    const adj = adjustmentLine(3, 100, 'CNY', '运输短少 10 米由供应方补发前按发货数结算', 'buyer');
    expect(adj).toMatchObject({ match: 'adjustment', diff_amount: 0, buyer_amount_stmt: 100, seller_amount_stmt: 100 });
    expect(statementTotals([...lines, adj])).toEqual({ buyer_total: 2905, seller_total: 3005, adjust_total: 100, diff_total: 100, settle_total: 3005, open_diffs: 0 });
  });
  it('moves through the confirmations and refuses what is not allowed', () => {
    expect(confirmOutcome('matching', 'buyer', 0, false)).toEqual({ status: 'buyer_confirmed' });
    expect(confirmOutcome('matching', 'seller', 0, false)).toEqual({ status: 'seller_confirmed' });
    expect(confirmOutcome('buyer_confirmed', 'seller', 0, false)).toEqual({ status: 'locked' });
    expect(confirmOutcome('seller_confirmed', 'buyer', 0, false)).toEqual({ status: 'locked' });
    expect(confirmOutcome('buyer_confirmed', 'buyer', 0, false)).toEqual({ error: 'fin.alreadyConfirmed' });
    expect(confirmOutcome('matching', 'buyer', 2, false)).toEqual({ error: 'fin.openDifferences' });
    expect(confirmOutcome('matching', 'buyer', 2, true)).toEqual({ status: 'buyer_confirmed' });
    expect(confirmOutcome('locked', 'buyer', 0, true)).toEqual({ error: 'fin.locked' });
    expect(confirmOutcome('draft', 'buyer', 0, false)).toEqual({ error: 'fin.notConfirmable' });
    expect(confirmOutcome('cancelled', 'seller', 0, false)).toEqual({ error: 'fin.notConfirmable' });
  });
});
