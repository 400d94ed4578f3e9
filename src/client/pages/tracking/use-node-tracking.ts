import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingCalls, type Timeline, type TimelineNode } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';
import { downloadFile } from '../../engine/upload-api';
import { toast } from '../../kernel/toast-bus';
import { useNodeEvents } from './use-node-events';
import { useTrackedOrders } from './use-tracked-orders';

const MAKER = { list: trackingCalls.orders, timeline: trackingCalls.timeline, param: 'order_id' as const };

/**
 * The maker's node tracking page's data and commands: its orders and the chosen one's timeline
 * (`?order=`), recording an actual date, regenerating the node plan (asked first), sending supplier
 * nodes (a dialog) and taking one back, dragging a node's planned date, the node plans as Excel;
 * live on `nodetrack.changed`.
 */
export function useNodeTracking() {
  const { t } = useTranslation();
  const tracked = useTrackedOrders(MAKER, 'order');
  const { tl, selected, run, record: recordVia, loadList, loadTimeline } = tracked;
  const [confirm, setConfirm] = useState(false);
  const [sending, setSending] = useState(false);
  useNodeEvents((m) => {
    void loadList();
    if (m.order_id !== undefined && m.order_id === selected) void loadTimeline(selected);
  });

  // The node line's transitions (ordernode.lineOf), run by the engine at the node's version; their data is the order's timeline.
  const record = (n: TimelineNode, date: string | null) =>
    tl ? recordVia(async (m, d) => (await callApi(trackingCalls.actual, { ids: [m.id], version: m.version, actual_date: d })).data?.[0], n, date) : undefined;

  const regenerate = () => {
    if (!tl) return;
    setConfirm(false);
    void run(async () => {
      const r = await callApi(trackingCalls.nodePlan, { id: Number(tl.order.id) });
      toast.success(t('nt.regenerated', { n: r.data?.[0]?.nodes ?? 0 }));
      await loadTimeline(Number(tl.order.id));
      void loadList();
    });
  };

  /** A node taken back from its supplier (the line's `recall`): the order's timeline read again. */
  const recalled = () => {
    if (tl) void loadTimeline(Number(tl.order.id));
  };

  /** A node's planned bar dropped on another day: its new planned date, at the version read. */
  const movePlan = (n: TimelineNode, planDate: string) =>
    tl &&
    void run(async () => {
      await callApi(trackingCalls.plan, { ids: [n.id], version: n.version, plan_date: planDate });
      toast.success(t('nt.planMoved', { node: n.node_name, date: planDate }));
      await loadTimeline(Number(tl.order.id));
      void loadList();
    });

  /** A node line's transition run from its row: the timeline it answered, and the list again. */
  const lineDone = (data: unknown[] | undefined) => {
    if (data?.[0]) tracked.setTl(data[0] as Timeline);
    void loadList();
  };

  /** The node plans as a workbook: the chosen order's, else every order of the list. */
  const exportPlans = () =>
    void run(async () => {
      await downloadFile(trackingCalls.export.path, tl ? { order_id: Number(tl.order.id) } : undefined, 'node-plans.xlsx');
    });

  const closed = tl ? tl.order.status !== 'in_progress' : true;
  const supplierNodes = tl ? tl.tracking.nodes.filter((n) => n.party === 'supplier') : [];
  return { ...tracked, confirm, setConfirm, sending, setSending, record, regenerate, recalled, movePlan, lineDone, exportPlans, closed, supplierNodes };
}
