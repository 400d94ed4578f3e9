/**
 * Spec 9's time label of a notice: relative under 30 days (just now, minutes, hours, days ago), the
 * date and time beyond. `t` is the translator, `locale` the UI language.
 */
export function noticeTimeLabel(at: string | number, now: number, t: (key: string, p?: Record<string, unknown>) => string, locale: string): string {
  const time = typeof at === 'number' ? at : Date.parse(at);
  if (!Number.isFinite(time)) return '';
  const diff = Math.max(0, now - time);
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;
  if (diff < minute) return t('ui.notify.justNow');
  if (diff < hour) return t('ui.notify.minutesAgo', { n: Math.floor(diff / minute) });
  if (diff < day) return t('ui.notify.hoursAgo', { n: Math.floor(diff / hour) });
  if (diff < 30 * day) return t('ui.notify.daysAgo', { n: Math.floor(diff / day) });
  const d = new Date(time);
  const pad = (n: number) => String(n).padStart(2, '0');
  void locale;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
