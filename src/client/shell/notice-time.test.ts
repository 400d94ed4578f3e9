import { describe, expect, it } from 'vitest';
import { noticeTimeLabel } from './notice-time';

const t = (key: string, p?: Record<string, unknown>) => `${key}${p?.n !== undefined ? `:${String(p.n)}` : ''}`;
const now = Date.parse('2026-11-25T12:00:00');

describe('notice time labels (spec 9)', () => {
  it('is relative under 30 days', () => {
    expect(noticeTimeLabel(now - 10_000, now, t, 'zh-CN')).toBe('ui.notify.justNow');
    expect(noticeTimeLabel(now - 5 * 60_000, now, t, 'zh-CN')).toBe('ui.notify.minutesAgo:5');
    expect(noticeTimeLabel(now - 3 * 3_600_000, now, t, 'zh-CN')).toBe('ui.notify.hoursAgo:3');
    expect(noticeTimeLabel(now - 29 * 86_400_000, now, t, 'zh-CN')).toBe('ui.notify.daysAgo:29');
  });
  it('shows date and time from 30 days on', () => {
    expect(noticeTimeLabel(Date.parse('2026-10-01T08:05:00'), now, t, 'zh-CN')).toBe('2026-10-01 08:05');
  });
});
