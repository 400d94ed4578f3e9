import { readPreference, readStoredSession } from '../kernel/storage';

const EXPORT_URL = '/api/scmapi/schedule/export';

/** Downloads the board's workbook with the signed-in user's token (a plain link would carry none). */
export async function downloadExport(query: Record<string, string>): Promise<void> {
  const { token } = readStoredSession();
  const u = new URL(EXPORT_URL, window.location.origin);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  const res = await fetch(u.pathname + u.search, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'x-lang': readPreference('language') ?? 'zh-CN' } });
  if (!res.ok) {
    let message = `${res.status}`;
    try { message = ((await res.json()) as { message?: string }).message || message; } catch { /* not json */ }
    throw new Error(message);
  }
  const cd = res.headers.get('content-disposition') ?? '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  const plain = /filename="([^"]+)"/i.exec(cd);
  const name = star ? decodeURIComponent(star[1]) : plain ? plain[1] : `schedule_${query.from}_${query.to}.xlsx`;
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
