import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { getDictionary } from '../../../model/dictionaries';
import '../../../model/entities';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type DataRuleRow } from './admin-api';
import { fieldErrorsOf, useConfirm, useLabel } from '../common/admin-kit';
import { ruleFieldsOf, ruleMenus, valueChoices } from './data-rule-fields';

export type RuleDraft = { id?: number; version?: number; role_id: string; menu_code: string; field: string; operator: string; value: string; remark: string };
/** Operators that take no value (is empty, is not empty). */
export const NO_VALUE = new Set(['null', 'notnull']);

/** The data permissions' state: the role filter (in the address), the rules, the edited rule. */
export function useDataPerms() {
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const [params, setParams] = useSearchParams();
  const roleFilter = params.get('role') ?? '';
  const [draft, setDraft] = useState<RuleDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [dialog, confirm] = useConfirm();
  const roles = useSWR('admin-roles', () => adminApi.roles());
  const catalog = useSWR('admin-catalog', () => adminApi.catalog());
  const rules = useSWR(['admin-datarules', roleFilter], () => adminApi.dataRules(roleFilter ? Number(roleFilter) : undefined));
  const tenantRoles = (roles.data ?? []).filter((r) => !r.system);
  const menus = useMemo(() => ruleMenus(catalog.data?.menus ?? []), [catalog.data]);
  const fields = draft ? ruleFieldsOf(draft.menu_code) : [];
  const field = fields.find((f) => f.key === draft?.field);
  const choices = field ? valueChoices(field, getDictionary) : [];
  const roleName = (id: number | null) => {
    const r = roles.data?.find((x) => x.id === id);
    return r ? (i18n.language === 'en' ? r.name_en : r.name_zh) : '';
  };
  const menuTitle = (code: string) => label(menus.find((m) => m.menu_code === code)?.title) || code;
  const fieldTitle = (menu: string, key: string) => label(ruleFieldsOf(menu).find((f) => f.key === key)?.label) || key;

  const open = (r?: DataRuleRow) => {
    setErrors({});
    setDraft(r
      ? { id: r.id, version: r.version, role_id: r.role_id ? String(r.role_id) : '', menu_code: r.menu_code, field: r.field, operator: r.operator, value: r.value, remark: r.remark ?? '' }
      : { role_id: roleFilter || (tenantRoles[0] ? String(tenantRoles[0].id) : ''), menu_code: '', field: '', operator: 'eq', value: '', remark: '' });
  };
  const save = async () => {
    if (!draft) return;
    setBusy(true);
    setErrors({});
    try {
      await adminApi.saveDataRule({ id: draft.id, version: draft.version, role_id: Number(draft.role_id), menu_code: draft.menu_code, field: draft.field, operator: draft.operator, value: NO_VALUE.has(draft.operator) ? '' : draft.value, remark: draft.remark });
      toast.success(t('adminui.saved'));
      setDraft(null);
      void rules.mutate();
    } catch (e) {
      setErrors(fieldErrorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (r: DataRuleRow) => {
    if (!(await confirm(t('adminui.dataperm.confirmRemove')))) return;
    await adminApi.removeDataRule(r.id);
    toast.success(t('engine.removed'));
    void rules.mutate();
  };
  const filterRole = (role: string | undefined) => setParams(role ? { role } : {});
  return { roleFilter, filterRole, draft, setDraft, errors, busy, dialog, roles, catalog, rules, tenantRoles, menus, fields, field, choices, roleName, menuTitle, fieldTitle, open, save, remove };
}

export type DataPermsState = ReturnType<typeof useDataPerms>;
