import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type ServiceRow } from './admin-api';
import { fieldErrorsOf, useConfirm, useLabel } from '../common/admin-kit';

/**
 * The services page's state: the modules with their switches, the notes being edited, a refused
 * note's message, and saving a module's state or note (putting one under maintenance asks first).
 */
export function useServices() {
  const { t } = useTranslation();
  const label = useLabel();
  const { data, error, isLoading, mutate } = useSWR('sys-services', () => adminApi.services());
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, confirm] = useConfirm();
  useEffect(() => {
    if (data) setNotes(Object.fromEntries(data.map((r) => [r.prefix, r.note ?? ''])));
  }, [data]);

  const save = async (row: ServiceRow, enabled: boolean, announce: boolean) => {
    const name = label(row.label);
    if (!enabled && row.enabled && !(await confirm(t('adminui.services.confirmMaintenance', { name })))) return;
    setBusy(row.prefix);
    setErrors({});
    try {
      await adminApi.saveService(row.prefix, enabled, notes[row.prefix] ?? '');
      toast.success(announce ? t(enabled ? 'adminui.services.toService' : 'adminui.services.toMaintenance', { name }) : t('adminui.saved'));
      void mutate();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [`${row.prefix}.${k}`, v])));
    } finally {
      setBusy(null);
    }
  };
  const setNote = (prefix: string, value: string) => setNotes((n) => ({ ...n, [prefix]: value }));

  return { data, error, isLoading, mutate, notes, setNote, errors, busy, dialog, save };
}

export type ServicesState = ReturnType<typeof useServices>;
