import { describe, expect, it } from 'vitest';
import type { TransitionDef } from '../../model/entity';
import { transitionDefaults } from './transition-defaults';

const pay: Pick<TransitionDef, 'defaults' | 'params'> = {
  params: [
    { key: 'doc_no', label: { zh: '号码', en: 'No.' }, type: 'code' },
    { key: 'doc_date', label: { zh: '日期', en: 'Date' }, type: 'date' },
    { key: 'amount', label: { zh: '金额', en: 'Amount' }, type: 'money' },
  ],
  defaults: { amount: 'settle_total - paid_total', doc_date: '$$NOW$$' },
};

describe("a transition's parameters from the record", () => {
  it('evaluates expressions over the record and resolves tokens; money in cents', () => {
    expect(transitionDefaults(pay, { settle_total: '100.3', paid_total: 60.1 }, new Date(2026, 11, 5))).toEqual({ amount: '40.20', doc_date: '2026-12-05' });
  });
  it('leaves a parameter empty when its expression fails or there is no record', () => {
    expect(transitionDefaults({ ...pay, defaults: { amount: 'settle_total -' } }, { settle_total: 1 }, new Date())).toEqual({});
    expect(transitionDefaults({ ...pay, defaults: { amount: 'settle_total' } }, null, new Date())).toEqual({});
    expect(transitionDefaults({ params: [] }, { a: 1 }, new Date())).toEqual({});
  });
  it('starts a parameter at a declared number without a record (a list\'s dialog), as tokens do', () => {
    const bundles: Pick<TransitionDef, 'defaults' | 'params'> = { params: [{ key: 'bundle_size', label: { zh: '每扎件数', en: 'Pieces' }, type: 'integer' }], defaults: { bundle_size: '50' } };
    expect(transitionDefaults(bundles, null, new Date())).toEqual({ bundle_size: '50' });
    expect(transitionDefaults({ ...pay, defaults: { doc_date: '$$NOW$$' } }, null, new Date(2026, 11, 5))).toEqual({ doc_date: '2026-12-05' });
  });
});
