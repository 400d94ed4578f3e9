import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trackingCalls, type TimelineNode as Node } from '../../../model/calls/tracking';
import { vendor as vendorEntity } from '../../../model/entities/vendor.entity';
import { ApiError } from '../../api/client';
import { callApi } from '../../api/calls';
import { entityApiOf } from '../../api/entity-api';
import { toast } from '../../kernel/toast-bus';

type Row = Record<string, unknown>;

const VENDORS = entityApiOf(`/api/${vendorEntity.prefix}/${vendorEntity.name}`);

/**
 * Sending an order's supplier nodes to a vendor on the platform: the vendors whose company joined
 * (one is chosen when it is the only one), the nodes ticked (those not sent and not done at first),
 * and the send with its refusal.
 *
 * Example: `const s = useSendToSupplier(props); s.setVendor(id); void s.send();`
 */
export function useSendToSupplier(props: { order: Row; nodes: Node[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [vendors, setVendors] = useState<Row[] | null>(null);
  const [vendor, setVendor] = useState<string>('');
  const [codes, setCodes] = useState<string[]>(props.nodes.filter((n) => !n.share_id && !n.actual_date).map((n) => n.node_code));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    VENDORS.page({ page: '1', size: '500', sort: 'code' }, { quiet: true }).then(
      (r) => {
        if (!live) return;
        const joined = r.rows.filter((v) => v.platform_client_code && v.status !== 'inactive');
        setVendors(joined);
        if (joined.length === 1) setVendor(String(joined[0].id));
      },
      () => live && setVendors([]),
    );
    return () => {
      live = false;
    };
  }, []);

  const send = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await callApi(trackingCalls.sendSupplier, { order_id: Number(props.order.id), vendor_id: Number(vendor), node_codes: codes }, { quiet: true });
      toast.success(t('nt.sent', { supplier: r.supplier }));
      props.onDone();
    } catch (e) {
      setError(e instanceof ApiError || e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const toggleNode = (code: string, checked: boolean) => setCodes((c) => (checked ? [...c, code] : c.filter((x) => x !== code)));

  return { vendors, vendor, setVendor, codes, toggleNode, error, busy, send };
}
