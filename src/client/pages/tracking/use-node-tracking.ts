import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingCalls, type TimelineNode } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';
import { downloadFile } from '../../engine/upload-api';
import type { RecordForm } from '../../form/use-record-form';
import { toast } from '../../kernel/toast-bus';

/**
 * The maker's drawer of one tracked order, beside its declared node grid: regenerating the node plan
 * (asked first), dragging a node's planned date, the node plans as Excel, each with the drawer busy
 * meanwhile (the API hooks show a refusal). After a command the drawer's record (its node lines, which
 * the timeline draws) is read again.
 */
export function useNodeTracking(rf: RecordForm) {
  const { t } = useTranslation();
  const orderId = Number(rf.record?.id);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);

  const run = async (command: () => Promise<void>) => {
    setBusy(true);
    try {
      await command();
    } catch {
      // The API hooks show the server's message.
    } finally {
      setBusy(false);
    }
  };

  const regenerate = () => {
    setConfirm(false);
    void run(async () => {
      const r = await callApi(trackingCalls.nodePlan, { id: orderId });
      toast.success(t('nt.regenerated', { n: r.data?.[0]?.nodes ?? 0 }));
      rf.reload();
    });
  };

  /** A node's planned bar dropped on another day: its new planned date (the line's `plan`), at the version read. */
  const movePlan = (n: TimelineNode, planDate: string) =>
    void run(async () => {
      await callApi(trackingCalls.plan, { ids: [n.id], version: n.version, plan_date: planDate });
      toast.success(t('nt.planMoved', { node: n.node_name, date: planDate }));
      rf.reload();
    });

  /** The order's node plans as a workbook. */
  const exportPlans = () => void run(() => downloadFile(trackingCalls.export.path, { 'f.order_no.eq': String(rf.record?.order_no ?? ''), sort: 'seq,node_code' }, 'node-plans.xlsx').then(() => undefined));

  return { busy, confirm, setConfirm, regenerate, movePlan, exportPlans };
}
