/**
 * Node tracking's pages (issue 12):
 * - the maker's order node tracking (`/scm/page/node-tracking`): its orders in progress with what
 *   their nodes say today (done, late, at risk, current node, projected end), one order's timeline
 *   (plan against actual, critical path), actual dates recorded per node, "regenerate node plan";
 * - the brand's order node progress (`/scm/page/order-node-timeline`): its own requirement orders at
 *   its makers and the same timeline, read-only, moving live when the maker records a date.
 * Both follow `nodetrack.changed` on the company socket. The maker sends supplier nodes to its
 * supplier's company from here (SupplierNodes.tsx has that dialog and the supplier's own page).
 */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { dictionaryItems } from '../../../model/dictionaries';
import { NODE_TRACKING_EVENT, type NodeState } from '../../../model/node-tracking';
import { api } from '../../api/client';
import { onSocketMessage } from '../../session/notification-socket';
import { toast } from '../../kernel/toast-bus';
import { NodeTimeline } from './NodeTimeline';
import { SendToSupplierDialog } from './SupplierNodes';
import { STATE_COLOURS, type TimelineNode } from './timeline-layout';
import './tracking-messages';
import { CSS } from './tracking-style';
import { TrackedOrdersLayout } from './TrackedOrdersLayout';
import { ActualDateCell, useTrackedOrders } from './use-tracked-orders';

type Row = Record<string, unknown>;
export type Node = TimelineNode & { id: number; version: number; party: string | null; actual_source: string | null; share_id?: number | null };
export type Timeline = { order: Row; today: string; tracking: { nodes: Node[]; done: number; late: number; at_risk: number; projected_end: string | null }; suppliers?: Record<string, string> };
export type OrderRow = Row & { nodes: number; done: number; late: number; at_risk: number; next_node: string | null; projected_end: string | null };

export { CSS };

export function useNodeEvents(onEvent: (m: { order_id?: number; share_id?: number; task_id?: number }) => void): void {
  const ref = useRef(onEvent);
  ref.current = onEvent;
  useEffect(
    () =>
      onSocketMessage((m) => {
        const msg = m as { type?: string; order_id?: number; share_id?: number; task_id?: number };
        if (msg?.type === NODE_TRACKING_EVENT) ref.current(msg);
      }),
    [],
  );
}

export function StateTag({ state }: { state: NodeState }) {
  const { t } = useTranslation();
  return (
    <span className="nt-state" style={{ background: STATE_COLOURS[state] }} data-testid="node-state">
      {t(`nt.state.${state}`)}
    </span>
  );
}

export function partyLabel(party: string | null, language: string): string {
  const item = dictionaryItems('node_party')?.find((i) => i.value === party);
  return item ? (language === 'en' ? item.label.en : item.label.zh) : (party ?? '');
}

export function sourceLabel(source: string | null, language: string): string {
  const item = dictionaryItems('node_actual_source')?.find((i) => i.value === source);
  return item ? (language === 'en' ? item.label.en : item.label.zh) : '';
}

export function Summary({ tl }: { tl: Timeline }) {
  const { t } = useTranslation();
  const tr = tl.tracking;
  return (
    <div className="nt-summary" data-testid="timeline-summary">
      {t('nt.summary', { delivery: tl.order.delivery_date ?? '-', done: tr.done, total: tr.nodes.length, late: tr.late, risk: tr.at_risk, projected: tr.projected_end ?? '-' })}
    </div>
  );
}

export function Count({ n, tone }: { n: number; tone: 'bad' | 'warn' }) {
  return <span className={`nt-num${n > 0 ? ` ${tone}` : ''}`}>{n}</span>;
}

// ---------------------------------------------------------------------------------------------
// maker

export function NodeTrackingPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = params.get('order') ? Number(params.get('order')) : null;
  const { rows, tl, error, drafts, setDrafts, busy, run, record: recordVia, loadList, loadTimeline, reload } = useTrackedOrders<OrderRow>('/scmapi/nodetrack/orders', '/scmapi/nodetrack/timeline', 'order_id', selected);
  const [confirm, setConfirm] = useState(false);
  const [sending, setSending] = useState(false);
  useNodeEvents((m) => {
    void loadList();
    if (m.order_id !== undefined && m.order_id === selected) void loadTimeline(selected);
  });

  const record = (n: Node, date: string | null) => (tl ? recordVia('/scmapi/nodetrack/actual', { order_id: Number(tl.order.id) }, n, date) : undefined);

  const regenerate = () => {
    if (!tl) return;
    setConfirm(false);
    void run(async () => {
      const r = await api.post<{ data?: { nodes: number }[] }>('/scmapi/customerorder/action/nodeplan', { id: tl.order.id });
      toast.success(t('nt.regenerated', { n: r.data?.[0]?.nodes ?? 0 }));
      await loadTimeline(Number(tl.order.id));
      void loadList();
    });
  };

  const recall = (n: Node) =>
    tl &&
    void run(async () => {
      await api.post('/scmapi/nodetrack/recall-supplier', { order_id: tl.order.id, node_code: n.node_code });
      toast.success(t('nt.recalled', { node: n.node_name }));
      await loadTimeline(Number(tl.order.id));
    });

  const closed = tl ? tl.order.status !== 'in_progress' : true;
  const supplierNodes = tl ? tl.tracking.nodes.filter((n) => n.party === 'supplier') : [];
  return (
    <>
    <TrackedOrdersLayout<OrderRow>
      testId="node-tracking-page"
      title={t('nt.title')}
      error={error}
      onReload={reload}
      rows={rows}
      emptyText={t('nt.noOrders')}
      listTestId="tracked-orders"
      rowKey={(r) => String(r.id)}
      rowTestId={(r) => `tracked-order-${String(r.order_no)}`}
      isSelected={(r) => Number(r.id) === selected}
      onOpen={(r) => setParams({ order: String(r.id) })}
      columns={[
        { header: t('nt.col.order'), cell: (r) => String(r.order_no ?? '') },
        { header: t('nt.col.brand'), cell: (r) => String(r.brand_name ?? '') },
        { header: t('nt.col.delivery'), cell: (r) => String(r.delivery_date ?? '') },
        { header: t('nt.col.progress'), cell: (r) => `${r.done}/${r.nodes}` },
        { header: t('nt.col.late'), cell: (r) => <Count n={r.late} tone="bad" /> },
        { header: t('nt.col.risk'), cell: (r) => <Count n={r.at_risk} tone="warn" /> },
        { header: t('nt.col.next'), cell: (r) => r.next_node ?? '' },
      ]}
      chosen={selected !== null}
      timeline={
        !tl ? null : (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="order-timeline" data-order={String(tl.order.order_no ?? '')}>
              <div className="nt-head">
                <h2>{String(tl.order.order_no ?? '')}</h2>
                <span className="nt-summary">{`${String(tl.order.brand_name ?? '')} ${tl.order.source_no ? `· ${String(tl.order.source_no)}` : ''}`}</span>
                <Button size="small" disabled={busy || closed} onClick={() => setConfirm(true)} data-testid="regenerate-nodes">{t('nt.regenerate')}</Button>
                <Button size="small" disabled={busy || closed || !supplierNodes.length} onClick={() => setSending(true)} data-testid="send-supplier">{t('nt.send')}</Button>
              </div>
              <Summary tl={tl} />
              {!tl.tracking.nodes.length ? (
                <div>{t('nt.noNodes')}</div>
              ) : (
                <>
                  <NodeTimeline nodes={tl.tracking.nodes} today={tl.today} delivery={(tl.order.delivery_date as string | null) ?? null} width={900} />
                  <table className="nt-table" data-testid="node-table">
                    <thead>
                      <tr>
                        <th>{t('nt.col.node')}</th>
                        <th>{t('nt.col.party')}</th>
                        <th>{t('nt.col.days')}</th>
                        <th>{t('nt.col.planStart')}</th>
                        <th>{t('nt.col.plan')}</th>
                        <th>{t('nt.col.state')}</th>
                        <th>{t('nt.col.actual')}</th>
                        <th>{t('nt.col.source')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {tl.tracking.nodes.map((n) => (
                        <tr key={n.node_code} data-testid={`node-line-${n.node_code}`}>
                          <td style={{ fontWeight: n.critical ? 700 : 400 }}>
                            {n.node_name}
                            {n.critical && <Badge size="small" appearance="tint" color="danger" style={{ marginLeft: 6 }}>{t('nt.critical')}</Badge>}
                          </td>
                          <td data-testid={`party-${n.node_code}`}>
                            {partyLabel(n.party, i18n.language)}
                            {n.share_id && tl.suppliers?.[String(n.share_id)] ? (
                              <span style={{ marginLeft: 6, color: '#0f6cbd', fontSize: 12 }}>
                                {t('nt.sentTo', { supplier: tl.suppliers[String(n.share_id)] })}
                                <Button size="small" appearance="transparent" disabled={busy || closed} onClick={() => recall(n)} data-testid={`recall-${n.node_code}`}>{t('nt.recall')}</Button>
                              </span>
                            ) : null}
                          </td>
                          <td>{n.plan_days}</td>
                          <td>{n.plan_start ?? ''}</td>
                          <td>{n.plan_date ?? ''}</td>
                          <td><StateTag state={n.state} /></td>
                          <td>
                            <ActualDateCell node={n} draft={drafts[n.node_code]} disabled={busy || closed} onDraft={(v) => setDrafts((d) => ({ ...d, [n.node_code]: v }))} onRecord={(date) => void record(n, date)} />
                          </td>
                          <td data-testid={`source-${n.node_code}`}>{n.actual_date ? sourceLabel(n.actual_source, i18n.language) : ''}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              )}
            </div>
        )
      }
    />
      {sending && tl ? (
        <SendToSupplierDialog
          order={tl.order}
          nodes={supplierNodes}
          onClose={() => setSending(false)}
          onDone={() => {
            setSending(false);
            void loadTimeline(Number(tl.order.id));
          }}
        />
      ) : null}
      <Dialog open={confirm} onOpenChange={(_, d) => setConfirm(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t('nt.regenerate')}</DialogTitle>
            <DialogContent>{t('nt.regenerateConfirm', { order: String(tl?.order.order_no ?? '') })}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={regenerate} data-testid="regenerate-confirm">{t('nt.confirm')}</Button>
              <Button onClick={() => setConfirm(false)}>{t('nt.cancel')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

// ---------------------------------------------------------------------------------------------
// brand

export function BrandNodeTimelinePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const selected = params.get('pr') ? Number(params.get('pr')) : null;
  const { rows, tl, error, loadList, loadTimeline, reload } = useTrackedOrders<OrderRow & { pr_id: number; share_id: number }>('/scmapi/nodetrack/brand-orders', '/scmapi/nodetrack/brand-timeline', 'pr_id', selected);
  const shown = useRef<number | null>(null);
  shown.current = tl ? Number(tl.order.share_id) : null;
  useNodeEvents((m) => {
    void loadList();
    if (m.share_id !== undefined && m.share_id === shown.current) void loadTimeline(selected);
  });

  return (
    <>
    <TrackedOrdersLayout<OrderRow>
      testId="brand-node-page"
      title={t('nt.brandTitle')}
      error={error}
      onReload={reload}
      rows={rows}
      emptyText={t('nt.noBrandOrders')}
      listTestId="brand-orders"
      rowKey={(r) => String(r.pr_id)}
      rowTestId={(r) => `brand-order-${String(r.pr_no)}`}
      isSelected={(r) => r.pr_id === selected}
      onOpen={(r) => setParams({ pr: String(r.pr_id) })}
      columns={[
        { header: t('nt.col.pr'), cell: (r) => String(r.pr_no ?? '') },
        { header: t('nt.col.maker'), cell: (r) => String(r.maker_name ?? '') },
        { header: t('nt.col.delivery'), cell: (r) => String(r.delivery_date ?? '') },
        { header: t('nt.col.progress'), cell: (r) => `${r.done}/${r.nodes}` },
        { header: t('nt.col.late'), cell: (r) => <Count n={r.late} tone="bad" /> },
        { header: t('nt.col.risk'), cell: (r) => <Count n={r.at_risk} tone="warn" /> },
        { header: t('nt.col.next'), cell: (r) => r.next_node ?? '' },
      ]}
      chosen={selected !== null}
      timeline={
        !tl ? null : (
            <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-testid="order-timeline" data-order={String(tl.order.pr_no ?? '')}>
              <div className="nt-head">
                <h2>{String(tl.order.pr_no ?? '')}</h2>
                <span className="nt-summary">{String(tl.order.maker_name ?? '')}</span>
              </div>
              <Summary tl={tl} />
              {!tl.tracking.nodes.length ? (
                <div>{t('nt.noNodes')}</div>
              ) : (
                <>
                  <NodeTimeline nodes={tl.tracking.nodes} today={tl.today} delivery={(tl.order.delivery_date as string | null) ?? null} width={900} />
                  <table className="nt-table" data-testid="node-table">
                    <thead>
                      <tr>
                        <th>{t('nt.col.node')}</th>
                        <th>{t('nt.col.party')}</th>
                        <th>{t('nt.col.plan')}</th>
                        <th>{t('nt.col.actual')}</th>
                        <th>{t('nt.col.source')}</th>
                        <th>{t('nt.col.state')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {tl.tracking.nodes.map((n) => (
                        <tr key={n.node_code} data-testid={`node-line-${n.node_code}`}>
                          <td style={{ fontWeight: n.critical ? 700 : 400 }}>{n.node_name}</td>
                          <td>{partyLabel(n.party, i18n.language)}</td>
                          <td>{n.plan_date ?? ''}</td>
                          <td data-testid={`actual-text-${n.node_code}`}>{n.actual_date ?? ''}</td>
                          <td data-testid={`source-${n.node_code}`}>{n.actual_date ? sourceLabel(n.actual_source, i18n.language) : ''}</td>
                          <td><StateTag state={n.state} /></td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </>
              )}
            </div>
        )
      }
    />
    </>
  );
}
