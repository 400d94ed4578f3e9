/**
 * Supplier nodes (issue 12: "actual dates are entered by ... the supplier (for its own nodes)"): the
 * maker's dialog sending an order's supplier nodes (fabric, trims in-house, ...) to a vendor whose
 * company is on the platform (`trackingCalls.sendSupplier`). The supplier records them in its drawer
 * of the order (OrderTimelines.tsx).
 */
import { Button, Checkbox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Option, Spinner, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { TimelineNode as Node } from '../../../model/calls/tracking';
import { useSendToSupplier } from './use-send-to-supplier';
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
