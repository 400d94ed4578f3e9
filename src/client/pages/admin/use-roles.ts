import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type Grant, type RoleRow } from './admin-api';
import { fieldErrorsOf, useConfirm } from '../common/admin-kit';
import type { GrantMap } from './grant-matrix';

export type RoleDraft = { id?: number; version?: number; code: string; name_zh: string; name_en: string; kind: string; remark: string; grants: GrantMap; system: boolean };
const emptyDraft = (): RoleDraft => ({ code: '', name_zh: '', name_en: '', kind: 'menu', remark: '', grants: {}, system: false });

/** The roles screen's state: the list, the chosen role's draft, saving and removing it. */
export function useRoles() {
  const { t, i18n } = useTranslation();
  const [selected, setSelected] = useState<number | 'new' | null>(null);
  const [draft, setDraft] = useState<RoleDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const roles = useSWR('admin-roles', () => adminApi.roles());
  const catalog = useSWR('admin-catalog', () => adminApi.catalog());
  const detail = useSWR(typeof selected === 'number' ? ['admin-role', selected] : null, () => adminApi.role(selected as number));

  useEffect(() => {
    if (selected === 'new') setDraft(emptyDraft());
    else if (detail.data && detail.data.id === selected) {
      const d = detail.data;
      setDraft({ id: d.id, version: d.version, code: d.code, name_zh: d.name_zh, name_en: d.name_en, kind: d.kind, remark: d.remark ?? '', grants: Object.fromEntries(d.grants.map((g) => [g.menu_code, g.verbs])), system: d.system });
    }
    setErrors({});
  }, [selected, detail.data]);

  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setErrors({});
    try {
      const grants: Grant[] = Object.entries(draft.grants).filter(([, v]) => v.length).map(([menu_code, verbs]) => ({ menu_code, verbs }));
      const r = await adminApi.saveRole({ id: draft.id, version: draft.version, code: draft.code, name_zh: draft.name_zh, name_en: draft.name_en || draft.name_zh, kind: draft.kind, remark: draft.remark, grants });
      toast.success(t('adminui.saved'));
      await roles.mutate();
      setSelected(r.id);
      void detail.mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (r: RoleRow) => {
    if (!(await confirm(t('adminui.role.confirmRemove', { name: i18n.language === 'en' ? r.name_en : r.name_zh })))) return;
    await adminApi.removeRole(r.id);
    toast.success(t('engine.removed'));
    setSelected(null);
    setDraft(null);
    void roles.mutate();
  };
  const current = roles.data?.find((r) => r.id === selected);
  return { selected, setSelected, draft, setDraft, errors, busy, dialog, roles, catalog, detail, current, save, remove };
}

export type RolesState = ReturnType<typeof useRoles>;
