import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../model/i18n/gateway-part';
import { gatewayCalls, type ApiKeySave, type ApiKeyView } from '../../../model/calls/gateway';
import { callApi, useCall } from '../../api/calls';
import { toast } from '../../kernel/toast-bus';
import { fieldErrorsOf, useConfirm } from '../common/admin-kit';

/** The form of a new key: name, access per entity ('' = none), rate per minute, expiry date. */
export type KeyDraft = { name: string; access: Record<string, '' | 'read' | 'write'>; rate: string; expires: string };

export const EMPTY_KEY: KeyDraft = { name: '', access: {}, rate: '60', expires: '' };

/** The draft as the save call takes it. */
export function keySaveOf(d: KeyDraft): ApiKeySave {
  const scopes = Object.entries(d.access).filter(([, a]) => a).map(([entity, access]) => ({ entity, access: access as 'read' | 'write' }));
  return { name: d.name.trim(), scopes, rate_per_minute: d.rate.trim(), expires_at: d.expires.trim() || null };
}

/**
 * The API key screen's state (issue 35): the company's keys and the entities it may grant, the new
 * key's form and its field errors, the key shown once after creation, and revoking (asked first).
 */
export function useApiKeys() {
  const { t } = useTranslation();
  const list = useCall(gatewayCalls.keys, undefined);
  const [draft, setDraft] = useState<KeyDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [dialog, confirm] = useConfirm();

  const open = () => {
    setErrors({});
    setDraft({ ...EMPTY_KEY, access: {} });
  };
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setErrors({});
    try {
      const r = await callApi(gatewayCalls.createKey, keySaveOf(draft));
      setDraft(null);
      setShown({ name: r.key.name, secret: r.secret });
      void list.mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async (key: ApiKeyView) => {
    if (!(await confirm(t('gatewayui.keys.confirmRevoke', { name: key.name })))) return;
    await callApi(gatewayCalls.revokeKey, { id: key.id });
    toast.success(t('gatewayui.keys.revokedToast'));
    void list.mutate();
  };
  return { list, draft, setDraft, errors, busy, open, save, close: () => setDraft(null), shown, hideSecret: () => setShown(null), revoke, dialog };
}

export type ApiKeysState = ReturnType<typeof useApiKeys>;
