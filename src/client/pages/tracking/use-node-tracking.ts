import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingCalls, type TimelineNode } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';
import { downloadFile } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';
import { useOrderTimeline } from './use-order-timeline';

/**
 * The maker's drawer of one tracked order: its timeline, recording an actual date, regenerating the
 * node plan (asked first), dragging a node's
 * planned date, the node plans as Excel; live on `nodetrack.changed` for this order.
 */
export function useNodeTracking(orderId: number) {
  const { t } = useTranslation();
  const o = useOrderTimeline(trackingCalls.timeline, 'order_id', orderId, (m) => m.order_id === orderId);
  const { run, reload } = o;
  const [confirm, setConfirm] = useState(false);

  // The node line's transitions (ordernode.lineOf), run by the engine at the node's version; the
  // timeline is read again after them (the maker's reply names the suppliers its nodes went to).
  const record = (n: TimelineNode, date: string | null) =>
    o.record(async (m, d) => void (await callApi(trackingCalls.actual, { ids: [m.id], version: m.version, actual_date: d }), await reload()), n, date);

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

  /** A node line's transition run from its row (re-plan, send to a supplier, take back): the timeline read again. */
  const lineDone = () => void reload();

  /** The order's node plans as a workbook. */
  const exportPlans = () => void run(() => downloadFile(trackingCalls.export.path, { order_id: orderId }, 'node-plans.xlsx').then(() => undefined));

  return { ...o, confirm, setConfirm, record, regenerate, movePlan, lineDone, exportPlans };
}
