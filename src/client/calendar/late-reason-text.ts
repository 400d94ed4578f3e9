/**
 * A late bar's reasons as the planner reads them (src/model/late-reasons.ts): each reason's sentence
 * in the reader's language and what its link opens: a page (the purchase order's drawer, the plan's,
 * the order's node timeline, the line's capacity settings) or a bar on the board (the locking bar).
 */
import type { TFunction } from 'i18next';
import type { LateBarReasons, LateReason } from '../../model/late-reasons';
import { NODE_TRACKING_PATH } from '../../model/node-tracking';
import { getPage, pageRoute } from '../../model/page';

export type ReasonTarget = { page: string } | { bar: number } | null;
export type ReasonView = { kind: LateReason['kind']; text: string; days: string; link: string | null; target: ReasonTarget };

/** A page's address with its drawer open on a record (`?open=<id>`, the lists' deep link). */
export function drawerOf(opt: string, id: number): string | null {
  const page = getPage(opt);
  return page ? `${pageRoute(page)}?open=${id}` : null;
}

/** The first days of a list, then "…". */
const someDays = (days: string[], n = 4) => (days.length > n ? `${days.slice(0, n).join(', ')}…` : days.join(', '));

export function reasonView(r: LateReason, bar: LateBarReasons, t: TFunction): ReasonView {
  const days = t('board.why.days', { count: r.days });
  switch (r.kind) {
    case 'material': {
      if (r.source === 'plan') {
        const page = drawerOf('prodplan', bar.plan_id);
        return { kind: r.kind, days, text: t('board.why.material.plan', { date: r.ready_date }), link: page ? t('board.why.open.plan') : null, target: page ? { page } : null };
      }
      const page = r.purchase_id ? drawerOf('purorder', r.purchase_id) : null;
      const text = t(r.received ? 'board.why.material.received' : 'board.why.material.eta', { po: r.po_no, material: r.material ?? '—', date: r.ready_date });
      return { kind: r.kind, days, text, link: page ? t('board.why.open.purchase') : null, target: page ? { page } : null };
    }
    case 'node':
      return {
        kind: r.kind, days,
        text: t(r.pushes_delivery ? 'board.why.node.critical' : 'board.why.node', { order: r.order_no, node: r.node_name, date: r.node_end }),
        link: t('board.why.open.node'), target: { page: `${NODE_TRACKING_PATH}?order=${r.order_id}` },
      };
    case 'lock':
      return { kind: r.kind, days, text: t('board.why.lock', { plan: r.plan_no, date: r.lock_end }), link: t('board.why.open.lock'), target: { bar: r.bar_id } };
    case 'capacity': {
      const page = drawerOf('workline', r.line_id);
      const over = r.over_days.length ? t('board.why.capacity.over', { count: r.over_days.length }) : '';
      return { kind: r.kind, days, text: t('board.why.capacity', { line: r.line_code, count: r.full_days.length, days: someDays(r.full_days) }) + over, link: page ? t('board.why.open.capacity') : null, target: page ? { page } : null };
    }
    default:
      return { kind: r.kind, days, text: t('board.why.start', { start: bar.start, need: bar.need_start }), link: null, target: null };
  }
}
