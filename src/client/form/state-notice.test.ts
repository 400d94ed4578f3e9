import { describe, expect, it } from 'vitest';
import { customerOrder as customerOrderEntity } from '../../model/entities/customerorder.entity';
import { prOrder as prOrderEntity } from '../../model/entities/prorder.entity';
import { stateNoticeOf } from './state-notice';

const t = (key: string, p?: Record<string, unknown>) => `${key}${p && Object.keys(p).length ? JSON.stringify(p) : ''}`;

describe('state notices come from the state declarations', () => {
  it('shows the declared text of the record state, with its parameters from the record', () => {
    expect(stateNoticeOf(prOrderEntity, { status: 'sent' }, t)).toEqual({ intent: 'info', title: undefined, text: 'orders.notice.sent' });
    expect(stateNoticeOf(customerOrderEntity, { status: 'pending', share_id: 4, brand_name: '悦衣品牌' }, t)).toEqual({
      intent: 'info',
      title: undefined,
      text: 'orders.notice.pending{"brand":"悦衣品牌"}',
    });
  });

  it('shows a field as the text (a reject reason) under the declared title', () => {
    expect(stateNoticeOf(prOrderEntity, { status: 'rejected', reject_reason: '产能不足' }, t)).toEqual({ intent: 'error', title: 'orders.notice.rejectedTitle', text: '产能不足' });
  });

  it('shows nothing when the condition does not hold, the state declares no notice, or there is no record', () => {
    expect(stateNoticeOf(customerOrderEntity, { status: 'pending', share_id: null }, t)).toBeNull();
    expect(stateNoticeOf(customerOrderEntity, { status: 'cancelled' }, t)).toBeNull();
    expect(stateNoticeOf(prOrderEntity, { status: 'draft' }, t)).toBeNull();
    expect(stateNoticeOf(prOrderEntity, null, t)).toBeNull();
    expect(stateNoticeOf({}, { status: 'sent' }, t)).toBeNull();
  });
});
