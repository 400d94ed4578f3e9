/**
 * Supplier nodes (issue 12: "actual dates are entered by ... the supplier (for its own nodes)"):
 * - the maker's dialog sending an order's supplier nodes (fabric, trims in-house, ...) to a vendor whose
 *   company is on the platform (`trackingCalls.sendSupplier`);
 * - the supplier's page (`/scm/page/supplier-nodes`): its customers' orders with the nodes sent to it,
 *   a timeline of those nodes and their actual dates to record; it moves live on `nodetrack.changed`.
 */
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option, Spinner, Text } from '@fluentui/react-components';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingCalls, type TimelineNode as Node, type TrackedOrderRow as OrderRow } from '../../../model/calls/tracking';
import { callApi } from '../../api/calls';
import { TimelinePanel, type NodeColumn } from './NodeTable';
import { figureColumns, TrackedOrdersLayout } from './TrackedOrdersLayout';
import { useNodeEvents } from './use-node-events';
import { useSendToSupplier } from './use-send-to-supplier';
import { useTrackedOrders } from './use-tracked-orders';
import './tracking-messages';

type Row = Record<string, unknown>;

/** The maker chooses a supplier on the platform and the supplier nodes to send it. */
export function SendToSupplierDialog(props: { order: Row; nodes: Node[]; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const sd = useSendToSupplier(props);
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && props.onClose()}>
      <DialogSurface style={{ maxWidth: 640 }}>
        <DialogBody>
          <DialogTitle>{t('nt.sendTitle', { order: String(props.order.order_no ?? '') })}</DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 12 }} data-testid="send-supplier-dialog">
            <Text>{t('nt.sendExplain')}</Text>
            <VendorField sd={sd} />
            <Field label={t('nt.sendNodes')} required>
              {!props.nodes.length ? (
                <Text>{t('nt.noSupplierNodes')}</Text>
              ) : (
                <div style={{ display: 'flex', flexDirection: 'column' }}>
                  {props.nodes.map((n) => (
                    <Checkbox
                      key={n.node_code}
                      label={`${n.node_name}（${n.node_code}）${n.plan_date ? ` · ${t('nt.col.plan')} ${n.plan_date}` : ''}`}
                      checked={sd.codes.includes(n.node_code)}
                      onChange={(_, d) => sd.toggleNode(n.node_code, Boolean(d.checked))}
                      data-testid={`send-node-${n.node_code}`}
                    />
                  ))}
                </div>
              )}
            </Field>
            {sd.error ? <Text role="alert" style={{ color: '#d13438' }} data-testid="send-supplier-error">{sd.error}</Text> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={props.onClose}>{t('nt.cancel')}</Button>
            <Button appearance="primary" disabled={sd.busy || !sd.vendor || !sd.codes.length} onClick={() => void sd.send()} data-testid="send-supplier-ok">{t('nt.send')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

const vendorText = (v: Row) => `${String(v.code ?? '')} ${String(v.name ?? '')}`.trim();

/** The vendor to send to, among those on the platform (a warning when there is none). */
function VendorField({ sd }: { sd: ReturnType<typeof useSendToSupplier> }) {
  const { t } = useTranslation();
  const { vendors, vendor } = sd;
  if (!vendors) return <Spinner size="small" label={t('nt.loading')} />;
  const chosen = vendors.find((v) => String(v.id) === vendor);
  return (
    <Field label={t('nt.sendVendor')} required validationState={vendors.length ? 'none' : 'warning'} validationMessage={vendors.length ? undefined : t('nt.noPlatformVendor')}>
      <Dropdown
        value={chosen ? vendorText(chosen) : ''}
        selectedOptions={vendor ? [vendor] : []}
        onOptionSelect={(_, d) => sd.setVendor(String(d.optionValue ?? ''))}
        data-testid="send-supplier-vendor"
      >
        {vendors.map((v) => (
          <Option key={String(v.id)} value={String(v.id)} text={vendorText(v)}>
            {vendorText(v)}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

type SupplierRow = OrderRow & { task_id: number };
const SUPPLIER = { list: trackingCalls.supplierOrders, timeline: trackingCalls.supplierTimeline, param: 'task_id' as const };
const SUPPLIER_COLUMNS: NodeColumn[] = ['node', 'planStart', 'plan', 'state', 'actual', 'source'];

/** The supplier's page: the nodes its customers sent it, and their actual dates. */
export function SupplierNodesPage() {
  const { t } = useTranslation();
  const { rows, tl, selected, open, error, drafts, setDrafts, busy, record: recordVia, loadList, loadTimeline, reload } = useTrackedOrders(SUPPLIER, 'task');
  const shown = useRef<number | null>(null);
  shown.current = selected;
  useNodeEvents((m) => {
    if (m.task_id === undefined) return;
    void loadList();
    if (m.task_id === shown.current) void loadTimeline(shown.current);
  });

  const record = (n: Node, date: string | null) =>
    tl ? recordVia((m, d) => callApi(trackingCalls.supplierActual, { task_id: Number(tl.order.task_id), node_code: m.node_code, date: d, version: m.version }), n, date) : undefined;

  const closed = tl ? tl.order.status !== 'in_progress' : true;
  return (
    <TrackedOrdersLayout<SupplierRow>
      testId="supplier-node-page"
      title={t('nt.supplierTitle')}
      explain={<Text>{t('nt.supplierExplain')}</Text>}
      error={error}
      onReload={reload}
      rows={rows}
      emptyText={t('nt.noSupplierOrders')}
      listTestId="supplier-orders"
      rowId={(r) => r.task_id}
      rowTestId={(r) => `supplier-order-${String(r.source_no)}`}
      selected={selected}
      onOpen={open}
      columns={[
        { header: t('nt.col.customerOrder'), cell: (r) => String(r.source_no ?? '') },
        { header: t('nt.col.customer'), cell: (r) => String(r.maker_name ?? '') },
        { header: t('nt.col.style'), cell: (r) => String(r.style_no ?? '') },
        { header: t('nt.col.delivery'), cell: (r) => String(r.delivery_date ?? '') },
        ...figureColumns<SupplierRow>(t, false),
      ]}
      timeline={
        !tl ? null : (
          <TimelinePanel
            tl={tl}
            no={String(tl.order.source_no ?? '')}
            head={<span className="nt-summary">{`${String(tl.order.maker_name ?? '')} · ${String(tl.order.style_no ?? '')} · ${t('nt.col.qty')} ${String(tl.order.total_qty ?? '')}`}</span>}
            showEmpty={false}
            table={{ columns: SUPPLIER_COLUMNS, critical: 'none', editing: { drafts, setDrafts, disabled: busy || closed, onRecord: (n, date) => void record(n, date) } }}
          />
        )
      }
    />
  );
}
