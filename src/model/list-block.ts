import type { Call } from './calls/call';
import type { Label } from './entity';

/**
 * A list block: a short list of the viewer's records on a personal board (the to-dos, the notices to
 * read, the recent announcements), declared instead of drawn by hand. The declaration names the
 * declared call that answers the rows, their order, what a row shows and where it leads, the texts,
 * and the socket messages that reload it; the engine's `ListBlock` (src/client/engine/report)
 * draws any of them. The personal board's declaration is reports/dashboards/personal.board.ts.
 *
 * Example:
 * ```ts
 * const announcements: ListBlock = {
 *   source: announcementCalls.page, input: { page: 1, size: 5 }, icon: 'megaphone',
 *   line: { title: 'title', boldUnless: 'read', sub: ['company', 'published_at:day'] },
 *   badge: { unless: 'read', label: { zh: '未读', en: 'Unread' }, color: 'brand' },
 *   open: { to: '/collab/center?tab=announcements' }, empty: { zh: '暂无公告', en: 'No announcements' },
 * };
 * ```
 */
export type ListBlockRow = Record<string, unknown> & { id: number };

/** A field of the row, `field:day` for the first ten characters of a date-time. */
export type RowText = string;

export type ListBlock = {
  /** The rows: the reply's `rows` of this call with this input. */
  source: Call<unknown, { rows: ListBlockRow[] }>;
  input?: Record<string, unknown>;
  /** Sorted ascending by a field, rows without it last, then newest (largest id) first; none: as answered. */
  order?: string;
  /** At most this many rows drawn. */
  limit?: number;
  icon: 'task' | 'mail' | 'megaphone';
  /** The icon's tone: `note` always, or `warn` on the rows whose field equals the value. */
  tone?: 'note' | { warn: { field: string; equals: unknown } };
  line: { title: string; sub?: RowText[]; bold?: boolean; boldUnless?: string };
  /** A badge on the rows whose field equals the value (`when`) or is false (`unless`); none: a chevron. */
  badge?: { when?: { field: string; equals: unknown }; unless?: string; label: Label; color: 'danger' | 'brand' };
  /** A date at the row's end: a due date (late when before today) or a relative time ("3 hours ago"). */
  date?: { field: string; kind: 'due' } | { field: string; kind: 'since' };
  /** Opening a row: to the row's own address (`link`) or else `to`; `read` marks it read first (and lowers the bell's count). */
  open: { to: string; link?: string; read?: Call<{ ids: number[] }, unknown> };
  /** A "mark all read" button when more than one row is shown (needs `open.read`). */
  readAll?: Label;
  /** A headline of the rows' count, `{n}` in the text. */
  count?: Label;
  /** A second call's `total` as a button leading to its page, shown when above 0. */
  counter?: { source: Call<unknown, { total: number }>; input?: Record<string, unknown>; label: Label; to: string };
  empty: Label;
  /** Socket message types that reload the rows. */
  live?: readonly string[];
};

/** The rows in the declared order, at most the declared limit. */
export function orderedRows(block: ListBlock, rows: readonly ListBlockRow[]): ListBlockRow[] {
  const key = block.order;
  const text = (r: ListBlockRow) => (key && typeof r[key] === 'string' && r[key] ? (r[key] as string) : null);
  const compare = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  const sorted = key ? [...rows].sort((a, b) => compare(text(a), text(b)) || b.id - a.id) : [...rows];
  return block.limit ? sorted.slice(0, block.limit) : sorted;
}

/** A row's text for `field` or `field:day`; empty when the row has none. */
export function rowText(row: ListBlockRow, spec: RowText): string {
  const [field, format] = spec.split(':');
  const v = row[field];
  if (v === null || v === undefined || v === '') return '';
  const s = String(v);
  return format === 'day' ? s.slice(0, 10) : s;
}

/** Whether a row's badge is shown. */
export function badgeShown(block: ListBlock, row: ListBlockRow): boolean {
  const b = block.badge;
  if (!b) return false;
  if (b.when) return row[b.when.field] === b.when.equals;
  return !!b.unless && !row[b.unless];
}
