import { describe, expect, it } from 'vitest';
import './entities';
import { requireEntity } from './entity';
import { NOTICE_EVENTS, SHARED_STATE_NOTICES, noticeEventOf, sharedStateNoticeKind } from './notice-events';
import { getDictionary } from './dictionaries';

describe('shared documents\' state notices (issue 29)', () => {
  it('every declared notice is a state of its entity and a kind of a notice event a person can choose in the settings', () => {
    const events = new Set(getDictionary('notify_event')!.items.map((i) => i.value));
    expect([...events].sort()).toEqual([...NOTICE_EVENTS].sort());
    for (const [entity, states] of Object.entries(SHARED_STATE_NOTICES)) {
      const codes = requireEntity(entity).states!.states.map((s) => s.code);
      for (const [state, kind] of Object.entries(states)) {
        expect(codes, `${entity}.${state}`).toContain(state);
        expect(noticeEventOf(kind), kind).not.toBeNull();
      }
    }
  });

  it('declares the changes of every kind of shared document, and none for the arrival of a copy', () => {
    expect(Object.keys(SHARED_STATE_NOTICES).sort()).toEqual(
      ['customerorder', 'finstatement', 'outsourceorder', 'outsourcetask', 'prorder', 'purorder', 'samplerequest', 'srcapplication', 'srcrecord'],
    );
    expect(sharedStateNoticeKind('prorder', 'rejected')).toBe('order.rejected');
    expect(sharedStateNoticeKind('finstatement', 'locked')).toBe('finance.locked');
    expect(sharedStateNoticeKind('srcapplication', 'selected')).toBe('sourcing.awarded');
    expect(sharedStateNoticeKind('customerorder', 'pending')).toBeNull();
    expect(sharedStateNoticeKind('outsourcetask', 'pending')).toBeNull();
  });
});
