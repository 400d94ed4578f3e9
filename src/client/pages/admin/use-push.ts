import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../model/i18n/gateway-part';
import { gatewayCalls, type PushDeliveryView, type PushEndpointView, type PushEventKind, type PushHost } from '../../../model/calls/gateway';
import { callApi, useCall } from '../../api/calls';
import { toast } from '../../kernel/toast-bus';
import { fieldErrorsOf, useConfirm } from '../common/admin-kit';

/** The endpoint form: name, address, enabled, and the events chosen per entity. */
export type EndpointDraft = { id?: number; version?: number; name: string; url: string; enabled: boolean; events: Record<string, PushEventKind[]> };

const draftOf = (e?: PushEndpointView): EndpointDraft =>
  e ? { id: e.id, version: e.version, name: e.name, url: e.url, enabled: e.enabled, events: Object.fromEntries(e.events.map((s) => [s.entity, s.events])) } : { name: '', url: 'https://', enabled: true, events: {} };

/**
 * The push screen's state (issue 35): the company's endpoints, allowed hosts and entities; the
 * endpoint form and its errors; the signing secret shown once; and every command (each destructive
 * one asked first).
 */
export function usePush() {
  const { t } = useTranslation();
  const setup = useCall(gatewayCalls.pushSetup, undefined);
  const [draft, setDraft] = useState<EndpointDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [hostText, setHostText] = useState('');
  const [hostError, setHostError] = useState<string | undefined>();
  const [dialog, confirm] = useConfirm();
  const refresh = () => void setup.mutate();

  const edit = (e?: PushEndpointView) => {
    setErrors({});
    setDraft(draftOf(e));
  };
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setErrors({});
    try {
      const events = Object.entries(draft.events).filter(([, ev]) => ev.length).map(([entity, ev]) => ({ entity, events: ev }));
      const r = await callApi(gatewayCalls.saveEndpoint, { id: draft.id, version: draft.version, name: draft.name, url: draft.url.trim(), enabled: draft.enabled, events });
      setDraft(null);
      if (r.secret) setShown({ name: r.endpoint.name, secret: r.secret });
      else toast.success(t('adminui.saved'));
      refresh();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const rotate = async (e: PushEndpointView) => {
    if (!(await confirm(t('gatewayui.push.confirmRotate', { name: e.name })))) return;
    const r = await callApi(gatewayCalls.rotateSecret, { id: e.id });
    setShown({ name: e.name, secret: r.secret });
    refresh();
  };
  const remove = async (e: PushEndpointView) => {
    if (!(await confirm(t('gatewayui.push.confirmRemove', { name: e.name })))) return;
    await callApi(gatewayCalls.removeEndpoint, { id: e.id }, { failure: 'delete' });
    toast.success(t('gatewayui.push.removed'));
    refresh();
  };
  const ping = async (e: PushEndpointView) => {
    await callApi(gatewayCalls.pingEndpoint, { id: e.id });
    toast.success(t('gatewayui.push.pinged'));
  };
  const addHost = async () => {
    setHostError(undefined);
    try {
      await callApi(gatewayCalls.addHost, { host: hostText }, { quiet: true });
      setHostText('');
      refresh();
    } catch (e) {
      setHostError(fieldErrorsOf(e).host ?? (e instanceof Error ? e.message : String(e)));
    }
  };
  const removeHost = async (h: PushHost) => {
    if (!(await confirm(t('gatewayui.push.confirmRemoveHost', { host: h.host })))) return;
    await callApi(gatewayCalls.removeHost, { id: h.id }, { failure: 'delete' });
    refresh();
  };
  return {
    setup, draft, setDraft, errors, busy, edit, save, close: () => setDraft(null), shown, hideSecret: () => setShown(null),
    rotate, remove, ping, hostText, setHostText, hostError, addHost, removeHost, dialog, confirm,
  };
}

export type PushState = ReturnType<typeof usePush>;

/** The delivery log: a page of deliveries, filtered by status, with replay (asked first). */
export function usePushDeliveries(confirm: (text: string) => Promise<boolean>) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState('');
  const size = 20;
  const list = useCall(gatewayCalls.deliveries, { page, size, status: status || undefined }, { refreshInterval: 5000 });
  const replay = async (d: PushDeliveryView) => {
    if (!(await confirm(t('gatewayui.push.confirmReplay', { id: d.id, event: d.event })))) return;
    await callApi(gatewayCalls.replay, { id: d.id });
    toast.success(t('gatewayui.push.replayed'));
    void list.mutate();
  };
  return { list, page, setPage, size, status, setStatus: (s: string) => { setStatus(s); setPage(1); }, replay };
}
