import {
  Button,
  Combobox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  Option,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
} from '@fluentui/react-components';
import { Add20Regular, Delete20Regular, Edit20Regular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { getDictionary } from '../../../model/dictionaries';
import '../../../model/entities';
import { toast } from '../../kernel/toast-bus';
import { adminApi, type DataRuleRow } from './admin-api';
import { AdminCard, AdminPage, fieldErrorsOf, ListState, useAdminStyles, useConfirm, useLabel } from '../common/admin-kit';
import { ruleFieldsOf, ruleMenus, valueChoices } from './data-rule-fields';

type Draft = { id?: number; version?: number; role_id: string; menu_code: string; field: string; operator: string; value: string; remark: string };
const NO_VALUE = new Set(['null', 'notnull']);

/**
 * /admin/page/dataperms: data permissions bound per role and menu code (spec 6: field, operator,
 * value). Fields are offered from the entity's declaration; a dictionary field offers its values.
 * Every rule that applies to a user narrows their rows, on the server, in SQL.
 */
export function DataPermsPage() {
  const s = useAdminStyles();
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const [params, setParams] = useSearchParams();
  const roleFilter = params.get('role') ?? '';
  const [draft, setDraft] = useState<Draft | null>(null);
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
  const err = (k: string) => ({ validationMessage: errors[k], validationState: errors[k] ? ('error' as const) : ('none' as const) });

  return (
    <AdminPage
      testId="admin-dataperms"
      title={t('adminui.dataperm.title')}
      explain={t('adminui.dataperm.explain')}
      actions={<Button appearance="primary" icon={<Add20Regular />} disabled={!tenantRoles.length} onClick={() => open()} data-testid="rule-new">{t('adminui.dataperm.new')}</Button>}
    >
      <AdminCard>
        <div className={s.toolbar}>
          <Field label={t('adminui.dataperm.role')} orientation="horizontal">
            <Dropdown value={roleFilter ? roleName(Number(roleFilter)) : t('adminui.dataperm.allRoles')} selectedOptions={[roleFilter]} onOptionSelect={(_, d) => setParams(d.optionValue ? { role: d.optionValue } : {})} data-testid="rule-role-filter">
              <Option value="">{t('adminui.dataperm.allRoles')}</Option>
              {tenantRoles.map((r) => <Option key={r.id} value={String(r.id)}>{i18n.language === 'en' ? r.name_en : r.name_zh}</Option>)}
            </Dropdown>
          </Field>
        </div>
        {!roles.isLoading && !tenantRoles.length ? <div className={s.empty}>{t('adminui.dataperm.noRoles')}</div> : null}
        <ListState loading={rules.isLoading} error={rules.error} empty={!!rules.data && rules.data.length === 0 && tenantRoles.length > 0} emptyText={t('adminui.dataperm.empty')} />
        {rules.data && rules.data.length > 0 ? (
          <Table aria-label={t('adminui.dataperm.title')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('adminui.dataperm.role')}</TableHeaderCell>
                <TableHeaderCell>{t('adminui.dataperm.menu')}</TableHeaderCell>
                <TableHeaderCell>{t('adminui.dataperm.rule')}</TableHeaderCell>
                <TableHeaderCell>{t('adminui.dataperm.remark')}</TableHeaderCell>
                <TableHeaderCell style={{ width: 120 }}>{t('adminui.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rules.data.map((r) => (
                <TableRow key={r.id} data-testid="rule-row">
                  <TableCell>{r.role_id ? roleName(r.role_id) : r.username}</TableCell>
                  <TableCell>
                    <Text>{menuTitle(r.menu_code)}</Text>
                    <Text size={200} block className={s.muted}>{r.menu_code}</Text>
                  </TableCell>
                  <TableCell data-testid="rule-text">
                    <Text weight="semibold">{fieldTitle(r.menu_code, r.field)}</Text> {t(`adminui.op.${r.operator}`)} {NO_VALUE.has(r.operator) ? '' : <Text className={s.mono}>{r.value}</Text>}
                  </TableCell>
                  <TableCell>{r.remark}</TableCell>
                  <TableCell>
                    <div className={s.rowActions}>
                      <Button size="small" icon={<Edit20Regular />} aria-label={t('adminui.edit')} onClick={() => open(r)} />
                      <Button size="small" icon={<Delete20Regular />} aria-label={t('engine.remove')} onClick={() => void remove(r)} data-testid="rule-remove" />
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </AdminCard>
      {dialog}
      <Dialog open={draft !== null} onOpenChange={(_, d) => !d.open && setDraft(null)}>
        <DialogSurface style={{ maxWidth: 620 }}>
          <DialogBody>
            <DialogTitle>{draft?.id ? t('adminui.dataperm.edit') : t('adminui.dataperm.new')}</DialogTitle>
            <DialogContent>
              {draft ? (
                <div className={s.form}>
                  <Field label={t('adminui.dataperm.role')} required {...err('role_id')}>
                    <Dropdown value={roleName(Number(draft.role_id))} selectedOptions={[draft.role_id]} onOptionSelect={(_, d) => setDraft({ ...draft, role_id: d.optionValue ?? '' })} data-testid="rule-role">
                      {tenantRoles.map((r) => <Option key={r.id} value={String(r.id)}>{i18n.language === 'en' ? r.name_en : r.name_zh}</Option>)}
                    </Dropdown>
                  </Field>
                  <Field label={t('adminui.dataperm.menu')} required {...err('menu_code')}>
                    <Dropdown value={draft.menu_code ? menuTitle(draft.menu_code) : ''} placeholder={t('adminui.dataperm.pickMenu')} selectedOptions={[draft.menu_code]} onOptionSelect={(_, d) => setDraft({ ...draft, menu_code: d.optionValue ?? '', field: '', value: '' })} data-testid="rule-menu">
                      {menus.map((m) => <Option key={m.menu_code} value={m.menu_code} text={label(m.title)}>{`${label(m.title)} (${m.menu_code})`}</Option>)}
                    </Dropdown>
                  </Field>
                  <div className={s.twoCols}>
                    <Field label={t('adminui.dataperm.field')} required {...err('field')}>
                      <Dropdown value={field ? label(field.label) : ''} disabled={!draft.menu_code} selectedOptions={[draft.field]} onOptionSelect={(_, d) => setDraft({ ...draft, field: d.optionValue ?? '', value: '' })} data-testid="rule-field">
                        {fields.map((f) => <Option key={f.key} value={f.key} text={label(f.label)}>{`${label(f.label)} (${f.key})`}</Option>)}
                      </Dropdown>
                    </Field>
                    <Field label={t('adminui.dataperm.operator')} required {...err('operator')}>
                      <Dropdown value={t(`adminui.op.${draft.operator}`)} selectedOptions={[draft.operator]} onOptionSelect={(_, d) => setDraft({ ...draft, operator: d.optionValue ?? 'eq' })} data-testid="rule-operator">
                        {(catalog.data?.operators ?? []).map((o) => <Option key={o} value={o}>{t(`adminui.op.${o}`)}</Option>)}
                      </Dropdown>
                    </Field>
                  </div>
                  {!NO_VALUE.has(draft.operator) ? (
                    <Field label={t('adminui.dataperm.value')} required hint={t('adminui.dataperm.valueHint')} {...err('value')}>
                      {choices.length ? (
                        <Combobox freeform value={draft.value} selectedOptions={[draft.value]} onOptionSelect={(_, d) => setDraft({ ...draft, value: d.optionValue ?? '' })} onChange={(e) => setDraft({ ...draft, value: e.target.value })} data-testid="rule-value">
                          {choices.map((c) => <Option key={c.value} value={c.value} text={c.value}>{`${c.value} · ${label(c.label)}`}</Option>)}
                        </Combobox>
                      ) : (
                        <Input value={draft.value} onChange={(_, d) => setDraft({ ...draft, value: d.value })} data-testid="rule-value" />
                      )}
                    </Field>
                  ) : null}
                  <Field label={t('adminui.dataperm.remark')}>
                    <Input value={draft.remark} onChange={(_, d) => setDraft({ ...draft, remark: d.value })} />
                  </Field>
                </div>
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDraft(null)}>{t('engine.cancel')}</Button>
              <Button appearance="primary" disabled={busy || !draft?.menu_code || !draft?.field || !draft?.role_id} onClick={() => void save()} data-testid="rule-save">{t('engine.save')}</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </AdminPage>
  );
}
