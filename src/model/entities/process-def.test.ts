import { describe, expect, it } from 'vitest';
import { processDefErrors } from './process-def.entity';

const node = (seq: number, extra: Record<string, unknown> = {}) => ({ seq, name: `N${seq}`, status_code: `S${seq}`, launch_action: `GO${seq}`, launch_text: `送审${seq}`, is_end: false, access_type: 'initiator', ...extra });

describe('process definition rules (spec 5)', () => {
  it('accepts nodes whose last defines an end and whose earlier ones launch onward', () => {
    expect(processDefErrors({ nodes: [node(1), node(2, { is_end: true, launch_action: null, launch_text: null })], steps: [{ step_code: 'A', from_seq: 1, to_seq: 2 }] })).toEqual({});
  });

  it('needs nodes first', () => {
    expect(processDefErrors({ nodes: [], steps: [{ step_code: 'A', from_seq: 1 }] })).toEqual({ nodes: 'wf.def.noNodes' });
  });

  it('refuses a last node without an end and an earlier node without a launch action or its text', () => {
    expect(processDefErrors({ nodes: [node(2), node(1, { launch_action: '', launch_text: null })] })).toEqual({
      'nodes[0].is_end': 'wf.def.lastNodeEnd',
      'nodes[1].launch_action': 'wf.def.launchAction',
      'nodes[1].launch_text': 'wf.def.launchText',
    });
  });

  it('refuses repeated sequences, status codes, launch actions and step codes, and steps to missing nodes', () => {
    const e = processDefErrors({
      nodes: [node(1), node(1, { status_code: 's1', launch_action: 'go1' }), node(3, { is_end: true })],
      steps: [{ step_code: 'X', from_seq: 1, to_seq: 3 }, { step_code: 'x', from_seq: 9 }],
    });
    expect(e).toEqual({
      'nodes[1].seq': 'wf.def.seqTaken',
      'nodes[1].status_code': 'wf.def.statusTaken',
      'nodes[1].launch_action': 'wf.def.actionTaken',
      'steps[1].step_code': 'wf.def.stepTaken',
      'steps[1].from_seq': 'wf.def.stepNode',
    });
  });

  it('asks for positions or roles when the access type names them', () => {
    expect(processDefErrors({ nodes: [node(1, { is_end: true, access_type: 'fixed_positions' }), node(0, { access_type: 'initiator_roles' })] })).toEqual({
      'nodes[0].position_codes': 'wf.def.needsPositions',
      'nodes[1].role_codes': 'wf.def.needsRoles',
    });
  });
});
