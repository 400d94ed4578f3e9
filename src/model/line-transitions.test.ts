import { describe, expect, it } from 'vitest';
import { orderNode } from './entities/nodeconfig.entity';
import { lineTransitions } from './line-transitions';

/** Which transitions a line offers on its row (EntityDef.lineOf): the master's state, the roles, the line's `when`. */
describe('lineTransitions', () => {
  const inProgress = { status: 'in_progress' };
  const open = { actual_date: null, plan_date: '2027-01-10' };
  const done = { actual_date: '2026-12-01', plan_date: '2026-12-02' };
  const actions = (master: Record<string, unknown> | null, line: Record<string, unknown>, roles: string[] = ['planner']) =>
    lineTransitions(orderNode, master, 'status', line, roles).map((t) => t.action);

  it('offers a node line its actual date and its re-plan while the order is in progress', () => {
    expect(actions(inProgress, open)).toEqual(['actual', 'plan']);
  });
  it('a node sent to a supplier may be taken back; one never sent may not', () => {
    expect(actions(inProgress, { ...open, share_id: 12 })).toEqual(['actual', 'plan', 'recall']);
    expect(actions(inProgress, { ...open, share_id: null })).toEqual(['actual', 'plan']);
  });
  it('a done node is not re-planned (the transition\'s `when` on the line)', () => {
    expect(actions(inProgress, done)).toEqual(['actual']);
  });
  it('nothing when the master is in no `from` state, or not known', () => {
    expect(actions({ status: 'finished' }, open)).toEqual([]);
    expect(actions(null, open)).toEqual([]);
  });
  it('an entity that is no line offers nothing; roles narrow what is offered', () => {
    expect(lineTransitions({}, inProgress, 'status', open, ['planner'])).toEqual([]);
    const roled = { lineOf: { master: 'customerorder', foreignKey: 'order_id', transitions: [{ action: 'x', label: { zh: 'x', en: 'x' }, from: ['in_progress'], roles: ['boss'] }] } };
    expect(lineTransitions(roled, inProgress, 'status', open, ['planner'])).toEqual([]);
    expect(lineTransitions(roled, inProgress, 'status', open, ['boss']).map((t) => t.action)).toEqual(['x']);
  });
  it('the re-plan starts from the line\'s planned date', () => {
    expect(orderNode.lineOf?.transitions.find((t) => t.action === 'plan')?.defaults).toEqual({ plan_date: 'plan_date' });
  });
});
