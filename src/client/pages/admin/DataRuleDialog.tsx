import { Button, Combobox, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useAdminStyles, useLabel } from '../common/admin-kit';
import { NO_VALUE, type DataPermsState, type RuleDraft } from './use-data-perms';

type Props = { v: DataPermsState; draft: RuleDraft };

const errOf = (errors: Record<string, string>) => (k: string) => ({ validationMessage: errors[k], validationState: errors[k] ? ('error' as const) : ('none' as const) });

/** The compared value: a dictionary field offers its values (free text still allowed), else a text box. */
function ValueField({ v, draft }: Props) {
  const { t } = useTranslation();
  const label = useLabel();
  const { choices, setDraft } = v;
  return (
    <Field label={t('adminui.dataperm.value')} required hint={t('adminui.dataperm.valueHint')} {...errOf(v.errors)('value')}>
      {choices.length ? (
        <Combobox freeform value={draft.value} selectedOptions={[draft.value]} onOptionSelect={(_, d) => setDraft({ ...draft, value: d.optionValue ?? '' })} onChange={(e) => setDraft({ ...draft, value: e.target.value })} data-testid="rule-value">
          {choices.map((c) => <Option key={c.value} value={c.value} text={c.value}>{`${c.value} · ${label(c.label)}`}</Option>)}
        </Combobox>
      ) : (
        <Input value={draft.value} onChange={(_, d) => setDraft({ ...draft, value: d.value })} data-testid="rule-value" />
      )}
    </Field>
  );
}

/** Role, menu, field, operator, value and remark of a rule. */
function RuleFields({ v, draft }: Props) {
  const s = useAdminStyles();
  const { t, i18n } = useTranslation();
  const label = useLabel();
  const { setDraft, field } = v;
  const err = errOf(v.errors);
  return (
    <div className={s.form}>
      <Field label={t('adminui.dataperm.role')} required {...err('role_id')}>
        <Dropdown value={v.roleName(Number(draft.role_id))} selectedOptions={[draft.role_id]} onOptionSelect={(_, d) => setDraft({ ...draft, role_id: d.optionValue ?? '' })} data-testid="rule-role">
          {v.tenantRoles.map((r) => <Option key={r.id} value={String(r.id)}>{i18n.language === 'en' ? r.name_en : r.name_zh}</Option>)}
        </Dropdown>
      </Field>
      <Field label={t('adminui.dataperm.menu')} required {...err('menu_code')}>
        <Dropdown value={draft.menu_code ? v.menuTitle(draft.menu_code) : ''} placeholder={t('adminui.dataperm.pickMenu')} selectedOptions={[draft.menu_code]} onOptionSelect={(_, d) => setDraft({ ...draft, menu_code: d.optionValue ?? '', field: '', value: '' })} data-testid="rule-menu">
          {v.menus.map((m) => <Option key={m.menu_code} value={m.menu_code} text={label(m.title)}>{`${label(m.title)} (${m.menu_code})`}</Option>)}
        </Dropdown>
      </Field>
      <div className={s.twoCols}>
        <Field label={t('adminui.dataperm.field')} required {...err('field')}>
          <Dropdown value={field ? label(field.label) : ''} disabled={!draft.menu_code} selectedOptions={[draft.field]} onOptionSelect={(_, d) => setDraft({ ...draft, field: d.optionValue ?? '', value: '' })} data-testid="rule-field">
            {v.fields.map((f) => <Option key={f.key} value={f.key} text={label(f.label)}>{`${label(f.label)} (${f.key})`}</Option>)}
          </Dropdown>
        </Field>
        <Field label={t('adminui.dataperm.operator')} required {...err('operator')}>
          <Dropdown value={t(`adminui.op.${draft.operator}`)} selectedOptions={[draft.operator]} onOptionSelect={(_, d) => setDraft({ ...draft, operator: d.optionValue ?? 'eq' })} data-testid="rule-operator">
            {(v.catalog.data?.operators ?? []).map((o) => <Option key={o} value={o}>{t(`adminui.op.${o}`)}</Option>)}
          </Dropdown>
        </Field>
      </div>
      {!NO_VALUE.has(draft.operator) ? <ValueField v={v} draft={draft} /> : null}
      <Field label={t('adminui.dataperm.remark')}>
        <Input value={draft.remark} onChange={(_, d) => setDraft({ ...draft, remark: d.value })} />
      </Field>
    </div>
  );
}

/** Add or edit a data rule. */
export function DataRuleDialog({ v }: { v: DataPermsState }) {
  const { t } = useTranslation();
  const { draft } = v;
  return (
    <Dialog open={draft !== null} onOpenChange={(_, d) => !d.open && v.setDraft(null)}>
      <DialogSurface style={{ maxWidth: 620 }}>
        <DialogBody>
          <DialogTitle>{draft?.id ? t('adminui.dataperm.edit') : t('adminui.dataperm.new')}</DialogTitle>
          <DialogContent>{draft ? <RuleFields v={v} draft={draft} /> : null}</DialogContent>
          <DialogActions>
            <Button onClick={() => v.setDraft(null)}>{t('engine.cancel')}</Button>
            <Button appearance="primary" disabled={v.busy || !draft?.menu_code || !draft?.field || !draft?.role_id} onClick={() => void v.save()} data-testid="rule-save">{t('engine.save')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
