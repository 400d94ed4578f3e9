import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingCalls, type Timeline, type TimelineNode } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';
import { downloadFile } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';
import { useOrderTimeline } from './use-order-timeline';

/**
 * The maker's drawer of one tracked order: its timeline, recording an actual date, regenerating the
 * node plan (asked first), sending supplier nodes (a dialog) and taking one back, dragging a node's
 * planned date, the node plans as Excel; live on `nodetrack.changed` for this order.
 */
export function useNodeTracking(orderId: number) {
  const { t } = useTranslation();
  const o = useOrderTimeline(trackingCalls.timeline, 'order_id', orderId, (m) => m.order_id === orderId);
  const { tl, run, reload } = o;
  const [confirm, setConfirm] = useState(false);
  const [sending, setSending] = useState(false);

  // The node line's transitions (ordernode.lineOf), run by the engine at the node's version; their data is the order's timeline.
  const record = (n: TimelineNode, date: string | null) =>
    o.record(async (m, d) => (await callApi(trackingCalls.actual, { ids: [m.id], version: m.version, actual_date: d })).data?.[0], n, date);

  const regenerate = () => {
    setConfirm(false);
    void run(async () => {
      const r = await callApi(trackingCalls.nodePlan, { id: orderId });
      toast.success(t('nt.regenerated', { n: r.data?.[0]?.nodes ?? 0 }));
      await reload();
    });
  };

  /** A node's planned bar dropped on another day: its new planned date, at the version read. */
  const movePlan = (n: TimelineNode, planDate: string) =>
    void run(async () => {
      await callApi(trackingCalls.plan, { ids: [n.id], version: n.version, plan_date: planDate });
      toast.success(t('nt.planMoved', { node: n.node_name, date: planDate }));
      await reload();
    });

  /** A node line's transition run from its row (re-plan, take back): the timeline it answered, else read again. */
  const lineDone = (data: unknown[] | undefined) => (data?.[0] ? o.setTl(data[0] as Timeline) : void reload());

  /** The order's node plans as a workbook. */
  const exportPlans = () => void run(() => downloadFile(trackingCalls.export.path, { order_id: orderId }, 'node-plans.xlsx').then(() => undefined));

  const supplierNodes = tl ? tl.tracking.nodes.filter((n) => n.party === 'supplier') : [];
  return { ...o, confirm, setConfirm, sending, setSending, record, regenerate, movePlan, lineDone, exportPlans, supplierNodes };
}
