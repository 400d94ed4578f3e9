import { Combobox, Dropdown, Input, Option } from '@fluentui/react-components';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { getDictionary } from '../../../model/dictionaries';
import '../../../model/entities';
import type { FieldWidgets } from '../../form/FormSections';
import type { WidgetProps } from '../../form/widgets';
import { useLabel } from '../common/admin-kit';
import { adminApi } from './admin-api';
import { ruleFieldsOf, ruleMenus, valueChoices } from './data-rule-fields';

const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The company's own roles (a system role takes no data rule); a new rule opened from a role's link starts on it. */
function RuleRoleField(p: WidgetProps) {
  const { i18n } = useTranslation();
  const [params] = useSearchParams();
  const roles = useSWR('admin-roles', () => adminApi.roles());
  const own = (roles.data ?? []).filter((r) => !r.system);
  const fromLink = params.get('role_id');
  useEffect(() => {
    if (!p.disabled && !p.value && fromLink) p.onChange(Number(fromLink));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the role the page was opened for, once
  }, []);
  const name = (r: (typeof own)[number]) => (i18n.language === 'en' ? r.name_en : r.name_zh);
  const current = own.find((r) => String(r.id) === text(p.value));
  return (
    <Dropdown id={p.id} value={current ? name(current) : ''} selectedOptions={[text(p.value)]} disabled={p.disabled} onOptionSelect={(_, d) => p.onChange(d.optionValue ? Number(d.optionValue) : null)} data-testid="rule-role">
      {own.map((r) => <Option key={r.id} value={String(r.id)}>{name(r)}</Option>)}
    </Dropdown>
  );
}

/** The menus that list an entity, from the company's catalogue; another menu clears the field and value. */
function RuleMenuField(p: WidgetProps) {
  const label = useLabel();
  const catalog = useSWR('admin-catalog', () => adminApi.catalog());
  const menus = useMemo(() => ruleMenus(catalog.data?.menus ?? []), [catalog.data]);
  const current = menus.find((m) => m.menu_code === text(p.value));
  return (
    <Dropdown id={p.id} value={current ? label(current.title) : text(p.value)} selectedOptions={[text(p.value)]} disabled={p.disabled} onOptionSelect={(_, d) => { p.onChange(d.optionValue ?? ''); p.setValues({ field: '', value: '' }); }} data-testid="rule-menu">
      {menus.map((m) => <Option key={m.menu_code} value={m.menu_code} text={label(m.title)}>{`${label(m.title)} (${m.menu_code})`}</Option>)}
    </Dropdown>
  );
}

/** The fields of the chosen menu's entity (and the creator), as declared; another field clears the value. */
function RuleFieldField(p: WidgetProps) {
  const label = useLabel();
  const fields = ruleFieldsOf(text(p.values.menu_code));
  const current = fields.find((f) => f.key === text(p.value));
  return (
    <Dropdown id={p.id} value={current ? label(current.label) : text(p.value)} selectedOptions={[text(p.value)]} disabled={p.disabled || !p.values.menu_code} onOptionSelect={(_, d) => { p.onChange(d.optionValue ?? ''); p.setValues({ value: '' }); }} data-testid="rule-field">
      {fields.map((f) => <Option key={f.key} value={f.key} text={label(f.label)}>{`${label(f.label)} (${f.key})`}</Option>)}
    </Dropdown>
  );
}

/** The compared value: a dictionary field offers its values (free text still allowed), else a text box. */
function RuleValueField(p: WidgetProps) {
  const label = useLabel();
  const field = ruleFieldsOf(text(p.values.menu_code)).find((f) => f.key === text(p.values.field));
  const choices = field ? valueChoices(field, getDictionary) : [];
  const value = text(p.value);
  if (!choices.length) return <Input id={p.id} value={value} disabled={p.disabled} onChange={(_, d) => p.onChange(d.value)} onBlur={p.onBlur} data-testid="rule-value" />;
  return (
    <Combobox id={p.id} freeform value={value} selectedOptions={[value]} disabled={p.disabled} onOptionSelect={(_, d) => p.onChange(d.optionValue ?? '')} onChange={(e) => p.onChange(e.target.value)} onBlur={p.onBlur} data-testid="rule-value">
      {choices.map((c) => <Option key={c.value} value={c.value} text={c.value}>{`${c.value} · ${label(c.label)}`}</Option>)}
    </Combobox>
  );
}

/**
 * The fields of the data-permission drawer (grids/admin/dataperms.grid.ts) a field type cannot draw:
 * the field list follows the menu and the values follow the field, from the registry's declarations.
 */
export const RULE_WIDGETS: FieldWidgets = { role_id: RuleRoleField, menu_code: RuleMenuField, field: RuleFieldField, value: RuleValueField };
