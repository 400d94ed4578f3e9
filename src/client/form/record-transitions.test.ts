import { describe, expect, it } from 'vitest';
import { requireEntity } from '../../model';
import { recordTransitions } from './record-transitions';

const statement = { entity: requireEntity('finstatement') };
const actions = (record: Record<string, unknown>, roles: string[] = ['common']) => recordTransitions(statement, record, roles).map((t) => t.action);

describe("a record's actions in its drawer", () => {
  it('offers the transitions from its state', () => {
    expect(actions({ status: 'draft' })).toEqual(['send', 'cancel']);
    expect(actions({ status: 'matching' })).toEqual(['rematch', 'adjust', 'cancel']);
    expect(actions({ status: 'cancelled' })).toEqual([]);
  });
  it("leaves out a transition whose condition does not hold for the record (each side's own settlement, while something is left)", () => {
    expect(actions({ status: 'locked', side: 'buyer', settle_total: 100, invoiced_total: 100, outstanding_total: 40 })).toEqual(['pay']);
    expect(actions({ status: 'locked', side: 'buyer', settle_total: 100, invoiced_total: 100, outstanding_total: 0 })).toEqual([]);
    expect(actions({ status: 'locked', side: 'seller', settle_total: 100, invoiced_total: 60, outstanding_total: 100 })).toEqual(['invoice']);
  });
  it("offers nothing without a record or a state machine, and a role's transition only to its holders", () => {
    expect(recordTransitions(statement, null, [])).toEqual([]);
    expect(recordTransitions({ entity: requireEntity('finrate') }, { status: 'x' }, [])).toEqual([]);
    const base = requireEntity('finrate');
    const gated = { entity: { ...base, states: { field: 'status', initial: 'a', states: [], transitions: [{ action: 'approve', label: { zh: '批准', en: 'Approve' }, from: ['a'], to: 'b', roles: ['admin'] }] } } };
    expect(recordTransitions(gated, { status: 'a' }, ['common'])).toEqual([]);
    expect(recordTransitions(gated, { status: 'a' }, ['common', 'admin']).map((t) => t.action)).toEqual(['approve']);
  });
});
