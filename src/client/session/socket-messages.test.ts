import { describe, expect, it } from 'vitest';
import { socketEffect } from './socket-messages';

describe('socket messages (spec 7 notification socket)', () => {
  it('turns notifyto2 into a notification', () => {
    const e = socketEffect({ type: 'notifyto2', title: '新任务', content: '请审批订单', url: '/workspace/home', message_id: 'm1', post_user_fullname: '李采购', time: '2026-01-02T03:04:05.000Z' }, 5);
    expect(e).toEqual({ kind: 'notify', notice: { id: 'm1', title: '新任务', content: '请审批订单', url: '/workspace/home', from: '李采购', at: Date.parse('2026-01-02T03:04:05.000Z') }, unread: null });
  });

  it('takes a raised notice\'s body, link and the unread count it carries', () => {
    const e = socketEffect({ type: 'notifyto2', kind: 'order.received', title: '收到新订单 CO2611250001', body: '悦衣品牌 发来订单', link: '/page/document/customerorder?id=3', unread: 4 });
    expect(e.kind === 'notify' && [e.notice.content, e.notice.url, e.unread]).toEqual(['悦衣品牌 发来订单', '/page/document/customerorder?id=3', 4]);
  });

  it('never follows a URL off this site', () => {
    const e = socketEffect({ type: 'notifyto2', content: 'x', url: 'https://evil.example' });
    expect(e.kind === 'notify' && e.notice.url).toBe('');
    const f = socketEffect({ type: 'notifyto2', content: 'x', url: '//evil.example' });
    expect(f.kind === 'notify' && f.notice.url).toBe('');
  });

  it('signs out on logout and ignores the rest', () => {
    expect(socketEffect({ type: 'logout', reason: 'password' })).toEqual({ kind: 'logout', reason: 'password' });
    expect(socketEffect({ type: 'connectto', online: [1] })).toEqual({ kind: 'ignore' });
    expect(socketEffect('junk')).toEqual({ kind: 'ignore' });
    expect(socketEffect(null)).toEqual({ kind: 'ignore' });
  });
});
