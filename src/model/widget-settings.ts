/**
 * A user's own set-up of a dashboard's widgets, kept per user and company in `user_workspace_board`:
 * the control tower's widget settings (its board `tower`, src/server/services/reports/tower.service.ts)
 * and the personal boards' arrangements (`mydash`, `home`, src/model/workspace.ts) are stored and read
 * in this one shape. Pure, shared by the server (which checks what is saved) and the browser.
 */

/**
 * A widget's own settings: the period it reads (`tower`: the dashboard's default range; `month` /
 * `quarter` / `year`: the calendar month, quarter or year of today, always whole months so the
 * monthly aggregates answer) and how many of its elements it draws (`top`: the largest N by value;
 * none: all).
 */
export const WIDGET_PERIODS = ['tower', 'month', 'quarter', 'year'] as const;
export type WidgetPeriod = (typeof WIDGET_PERIODS)[number];
export const WIDGET_TOPS = [5, 10, 20] as const;
export type WidgetSettings = { period?: WidgetPeriod; top?: (typeof WIDGET_TOPS)[number] };

/** One widget on a stored board, in the board's order; a hidden one waits in the market; a tower widget may carry its settings. */
export type BoardItem = { key: string; hidden: boolean; settings?: WidgetSettings };

/** At most this many widgets on one stored board. */
export const MAX_BOARD_ITEMS = 50;

/** The date range of a widget's period on a day ('YYYY-MM-DD'); null: the dashboard's default range. */
export function periodRange(period: WidgetPeriod | undefined, today: string): { from: string; to: string } | null {
  if (!period || period === 'tower') return null;
  const [y, m] = today.split('-').map(Number);
  const first = period === 'month' ? m : period === 'quarter' ? Math.floor((m - 1) / 3) * 3 + 1 : 1;
  const months = period === 'month' ? 1 : period === 'quarter' ? 3 : 12;
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return { from: iso(new Date(Date.UTC(y, first - 1, 1))), to: iso(new Date(Date.UTC(y, first - 1 + months, 0))) };
}

/** A widget's settings as a save call sends them, or null when they are not settings. */
export function widgetSettingsOf(value: unknown): WidgetSettings | null {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) return null;
  const out: WidgetSettings = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (k === 'period' && (WIDGET_PERIODS as readonly unknown[]).includes(v)) out.period = v as WidgetPeriod;
    else if (k === 'top' && (WIDGET_TOPS as readonly unknown[]).includes(v)) out.top = v as WidgetSettings['top'];
    else if (!(k === 'top' && v === null)) return null;
  }
  return out;
}

/** Sets (or clears, with undefined values) a widget's settings on a board. */
export function withSettings(items: readonly BoardItem[], key: string, settings: WidgetSettings): BoardItem[] {
  return items.map((i) => {
    if (i.key !== key) return i;
    const next = { ...(i.settings ?? {}), ...settings };
    for (const k of Object.keys(next) as Array<keyof WidgetSettings>) if (next[k] === undefined) delete next[k];
    const { settings: _old, ...rest } = i;
    return Object.keys(next).length ? { ...rest, settings: next } : rest;
  });
}

/** The prefix of a control tower widget's key on a stored board: `tower.funnel` is the tower's `funnel` widget. */
export const TOWER_PREFIX = 'tower.';
export const towerKey = (widget: string): string => `${TOWER_PREFIX}${widget}`;
export const isTowerKey = (key: string): boolean => key.startsWith(TOWER_PREFIX) && /^[a-z][a-z0-9-]{0,40}$/.test(key.slice(TOWER_PREFIX.length));

/**
 * A stored board as a save call sends it (a JSON array, or JSON text of one): each item a key and
 * a hidden flag, keys unique, a tower widget's settings (`widgetSettingsOf`), at most `max` items.
 * Null when the shape is wrong.
 */
export function boardItemsOf(value: unknown, max: number = MAX_BOARD_ITEMS): BoardItem[] | null {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v) as unknown;
    } catch {
      return null;
    }
  }
  if (!Array.isArray(v) || v.length > max) return null;
  const out: BoardItem[] = [];
  for (const raw of v) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return null;
    const { key, hidden, settings } = raw as Record<string, unknown>;
    if (typeof key !== 'string' || !/^[a-z][a-z0-9.-]{0,60}$/.test(key) || out.some((i) => i.key === key)) return null;
    if (hidden !== undefined && typeof hidden !== 'boolean') return null;
    // Settings belong to control tower widgets only.
    const s = widgetSettingsOf(settings);
    if (!s || (Object.keys(s).length && !isTowerKey(key))) return null;
    out.push(Object.keys(s).length ? { key, hidden: hidden === true, settings: s } : { key, hidden: hidden === true });
  }
  return out;
}
