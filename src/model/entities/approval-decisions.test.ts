import { describe, expect, it } from 'vitest';
import { approvalDecision, decisionOf, flowDecisions, FLOW_DECISIONS, returnOf } from './approval-task.entity';

describe('the decisions on an approval task, declared once (issue 30)', () => {
  it('names each decision, and each return with where it goes and why it is refused', () => {
    expect(FLOW_DECISIONS.map((d) => d.value)).toEqual(['approve', 'reject', 'return_approver', 'return_node', 'return_first']);
    expect(decisionOf('insert_user')).toBeUndefined();
    expect(returnOf('reject')).toBeUndefined();
    expect(returnOf('return_node')).toMatchObject({ returns: 'node', refused: 'wf.noPreviousNode' });
    expect(returnOf('return_approver')?.refused).toBe('wf.noPreviousApprover');
    expect(returnOf('return_first')?.refused).toBe('wf.alreadyAtFirstNode');
  });

  it('asks a reason of a rejection and of the returns only, in the dialogs too', () => {
    expect(FLOW_DECISIONS.filter((d) => d.reason).map((d) => d.value)).toEqual(['reject', 'return_approver', 'return_node', 'return_first']);
    for (const d of FLOW_DECISIONS) expect(flowDecisions[d.value].params?.find((p) => p.key === 'comment')?.required ?? false).toBe(d.reason);
    expect(flowDecisions.submit.params?.[0].required ?? false).toBe(false);
    expect(Object.keys(flowDecisions)).toEqual(['submit', ...FLOW_DECISIONS.map((d) => d.value), 'insert_user']);
  });

  it('lists the same decisions in the decisions dictionary, in the history steps\' words', () => {
    expect(approvalDecision.items.map((i) => i.value)).toEqual(FLOW_DECISIONS.map((d) => d.value));
    expect(approvalDecision.items.find((i) => i.value === 'reject')?.label.zh).toBe('驳回');
  });
});
