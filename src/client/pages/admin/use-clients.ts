import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type ClientRow } from './admin-api';
import { useConfirm } from '../common/admin-kit';
import { PAGE_SIZE } from './sys-shared';

/** The client list's state: search, status filter, page, freeze/activate and the licence dialog. */
export function useClients() {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ClientRow | null>(null);
  const [licence, setLicence] = useState('');
  const [dialog, confirm] = useConfirm();
  const list = useSWR(['clients', q, status, page], () => adminApi.clients({ q: q || undefined, status: status || undefined, page, size: PAGE_SIZE }));
  const { mutate } = list;

  const toggle = async (row: ClientRow) => {
    const freezing = row.status === 'active';
    if (!(await confirm(t(freezing ? 'adminui.client.confirmFreeze' : 'adminui.client.confirmActivate', { name: row.name })))) return;
    await (freezing ? adminApi.freezeClient(row.id) : adminApi.activateClient(row.id));
    toast.success(t(freezing ? 'adminui.client.frozen' : 'adminui.client.activated', { name: row.name }));
    void mutate();
  };
  const startEdit = (row: ClientRow) => {
    setEditing(row);
    setLicence(row.licence_type);
  };
  const saveLicence = async () => {
    if (!editing) return;
    await adminApi.saveClientLicence(editing.id, editing.version, licence);
    toast.success(t('adminui.saved'));
    setEditing(null);
    void mutate();
  };
  const search = (value: string) => {
    setQ(value);
    setPage(1);
  };
  const filter = (value: string) => {
    setStatus(value);
    setPage(1);
  };
  return { q, search, status, filter, page, setPage, list, dialog, toggle, editing, setEditing, startEdit, licence, setLicence, saveLicence };
}
