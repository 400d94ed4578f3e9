/**
 * A report's period (issue 35) as the page's picker chooses it: a month, a quarter, or any from/to, and
 * back. The URL carries only `p.from` and `p.to` (YYYY-MM-DD), which the server reads; the picker's
 * mode is read back from them (a whole month, a whole quarter, else a range).
 */
export type PeriodMode = 'all' | 'month' | 'quarter' | 'range';
export type Period = { from: string; to: string };

const pad = (n: number) => String(n).padStart(2, '0');
const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** 'YYYY-MM' -> the month's first and last day. */
export function monthPeriod(month: string): Period | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  return { from: `${m[1]}-${m[2]}-01`, to: `${m[1]}-${m[2]}-${pad(lastDay(y, mo))}` };
}

/** 'YYYY-Qn' -> the quarter's first and last day. */
export function quarterPeriod(quarter: string): Period | null {
  const m = /^(\d{4})-Q([1-4])$/.exec(quarter);
  if (!m) return null;
  const y = Number(m[1]);
  const first = (Number(m[2]) - 1) * 3 + 1;
  return { from: `${y}-${pad(first)}-01`, to: `${y}-${pad(first + 2)}-${pad(lastDay(y, first + 2))}` };
}

/** The last `n` quarters up to the one holding `today`, newest first ('YYYY-Qn'). */
export function recentQuarters(today: Date, n = 8): string[] {
  let y = today.getFullYear();
  let q = Math.floor(today.getMonth() / 3) + 1;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(`${y}-Q${q}`);
    q -= 1;
    if (q === 0) {
      q = 4;
      y -= 1;
    }
  }
  return out;
}

/** How a from/to reads back in the picker: the month or quarter it is exactly, else a range. */
export function modeOf(p: Period | null): { mode: PeriodMode; month?: string; quarter?: string } {
  if (!p) return { mode: 'all' };
  const month = p.from.slice(0, 7);
  const mp = monthPeriod(month);
  if (mp && mp.from === p.from && mp.to === p.to) return { mode: 'month', month };
  const q = `${p.from.slice(0, 4)}-Q${Math.floor((Number(p.from.slice(5, 7)) - 1) / 3) + 1}`;
  const qp = quarterPeriod(q);
  if (qp && qp.from === p.from && qp.to === p.to) return { mode: 'quarter', quarter: q };
  return { mode: 'range' };
}
