import { Button, Checkbox, Field, Input, Select, Subtitle2, Text } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_FIELD_TYPES, DYNAMIC_REF_ENTITIES, DYNAMIC_TREE_ENTITIES, type DynamicField, type DynamicFieldType } from '../../../model/dynamic-form';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { CHOICE, listOf, OFFERED_RULES, RULE_LABEL, useDesignerStyles } from './designer-model';
import type { FormDesigner } from './use-form-designer';

/** What each part of the editor gets: the field, its setter, and its errors by property. */
type Part = { field: DynamicField; set: (patch: Partial<DynamicField>) => void; err: (prop: string) => string | undefined };

const numberOrNone = (v: string) => (v === '' ? undefined : Number(v));

function FieldBasics({ field, set, err }: Part) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const changeType = (type: DynamicFieldType) =>
    set({ type, options: CHOICE.has(type) ? (field.options?.length ? field.options : [{ value: '1', label: t('dyn.designer.optionLabel') }]) : undefined, ref_entity: type === 'reference' ? 'vendor' : type === 'tree' ? 'org' : undefined });
  return (
    <>
      <div className={s.row}>
        <Field label={t('dyn.designer.label')} required validationMessage={err('label')} style={{ flex: 1 }}>
          <Input value={field.label} onChange={(_, d) => set({ label: d.value })} data-testid="dyn-prop-label" />
        </Field>
        <Field label={t('dyn.designer.labelEn')} style={{ flex: 1 }}>
          <Input value={field.label_en ?? ''} onChange={(_, d) => set({ label_en: d.value || undefined })} />
        </Field>
      </div>
      <div className={s.row}>
        <Field label={t('dyn.designer.key')} required validationMessage={err('key')} style={{ flex: 1 }}>
          <Input value={field.key} onChange={(_, d) => set({ key: d.value.trim() })} data-testid="dyn-prop-key" />
        </Field>
        <Field label={t('dyn.designer.type')} validationMessage={err('type')} style={{ flex: 1 }}>
          <Select value={field.type} data-testid="dyn-prop-type" onChange={(_, d) => changeType(d.value as DynamicFieldType)}>
            {DYNAMIC_FIELD_TYPES.map((ty) => (
              <option key={ty} value={ty}>{t(`dyn.type.${ty}`)}</option>
            ))}
          </Select>
        </Field>
      </div>
      <div className={s.row}>
        <Checkbox label={t('dyn.designer.required')} checked={Boolean(field.required)} onChange={(_, d) => set({ required: Boolean(d.checked) })} data-testid="dyn-prop-required" />
        <Field label={t('dyn.designer.span')} style={{ width: 110 }}>
          <Select value={field.span ?? ''} onChange={(_, d) => set({ span: (d.value || undefined) as DynamicField['span'] })}>
            <option value="">—</option>
            <option value="half">{t('dyn.designer.spanHalf')}</option>
            <option value="full">{t('dyn.designer.spanFull')}</option>
          </Select>
        </Field>
        <Field label={t('dyn.designer.maxLength')} validationMessage={err('max_length')} style={{ width: 110 }}>
          <Input type="number" value={field.max_length === undefined ? '' : String(field.max_length)} onChange={(_, d) => set({ max_length: numberOrNone(d.value) })} />
        </Field>
      </div>
    </>
  );
}

function FieldRules({ field, set, err }: Part) {
  const { t, i18n } = useTranslation();
  const s = useDesignerStyles();
  const en = i18n.language === 'en';
  return (
    <Field label={t('dyn.designer.rules')} validationMessage={err('rules')}>
      <div className={s.rules}>
        {OFFERED_RULES.map((r) => (
          <Checkbox
            key={r}
            label={en ? RULE_LABEL[r].en : RULE_LABEL[r].zh}
            checked={Boolean(field.rules?.includes(r))}
            data-testid={`dyn-rule-${r}`}
            onChange={(_, d) => set({ rules: d.checked ? [...(field.rules ?? []), r] : (field.rules ?? []).filter((x) => x !== r) })}
          />
        ))}
      </div>
    </Field>
  );
}

function FieldChoices({ field, set, err }: Part) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const options = field.options ?? [];
  const setOption = (oi: number, patch: { value?: string; label?: string }) => set({ options: options.map((x, i) => (i === oi ? { ...x, ...patch } : x)) });
  return (
    <>
      {CHOICE.has(field.type) && (
        <Field label={t('dyn.designer.options')} validationMessage={err('options')}>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="dyn-options">
            {options.map((o, oi) => (
              <div key={oi} className={s.row}>
                <Input size="small" placeholder={t('dyn.designer.optionValue')} value={o.value} style={{ width: 100 }} data-testid={`dyn-option-value-${oi}`} onChange={(_, d) => setOption(oi, { value: d.value })} />
                <Input size="small" placeholder={t('dyn.designer.optionLabel')} value={o.label} style={{ flex: 1 }} data-testid={`dyn-option-label-${oi}`} onChange={(_, d) => setOption(oi, { label: d.value })} />
                <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('dyn.designer.removeField')} onClick={() => set({ options: options.filter((_, i) => i !== oi) })} />
                {(err(`options[${oi}].value`) || err(`options[${oi}].label`)) && <span className={s.error} data-testid="dyn-option-error">{err(`options[${oi}].value`) ?? err(`options[${oi}].label`)}</span>}
              </div>
            ))}
            <Button size="small" icon={<AddRegular />} onClick={() => set({ options: [...options, { value: '', label: '' }] })} data-testid="dyn-add-option">{t('dyn.designer.addOption')}</Button>
          </div>
        </Field>
      )}
      {FIELD_TYPE_TABLE[field.type].reference && (
        <Field label={t('dyn.designer.refEntity')} validationMessage={err('ref_entity')}>
          <Select value={field.ref_entity ?? ''} onChange={(_, d) => set({ ref_entity: d.value as DynamicField['ref_entity'] })} data-testid="dyn-prop-ref">
            {(field.type === 'tree' ? DYNAMIC_TREE_ENTITIES : DYNAMIC_REF_ENTITIES).map((r) => (
              <option key={r} value={r}>{t(`dyn.ref.${r}`)}</option>
            ))}
          </Select>
        </Field>
      )}
    </>
  );
}

function FieldConditions({ field, set, err }: Part) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  return (
    <>
      <div className={s.row}>
        <Field label={t('dyn.designer.default')} style={{ flex: 1 }}>
          <Input value={field.default === undefined ? '' : String(field.default)} onChange={(_, d) => set({ default: d.value === '' ? undefined : d.value })} />
        </Field>
        <Field label={t('dyn.designer.help')} style={{ flex: 1 }}>
          <Input value={field.help ?? ''} onChange={(_, d) => set({ help: d.value || undefined })} />
        </Field>
      </div>
      <Field label={t('dyn.designer.visibleWhen')} hint={t('dyn.designer.exprHelp')} validationMessage={err('visible_when')}>
        <Input value={field.visible_when ?? ''} onChange={(_, d) => set({ visible_when: d.value || undefined })} data-testid="dyn-prop-visible" />
      </Field>
      <Field label={t('dyn.designer.roles')} hint={t('dyn.designer.rolesHelp')} validationMessage={err('roles')}>
        <Input value={(field.roles ?? []).join(',')} data-testid="dyn-prop-roles" onChange={(_, d) => set({ roles: listOf(d.value) })} />
      </Field>
      <div className={s.row}>
        <Field label={t('dyn.designer.clears')} validationMessage={err('clears')} style={{ flex: 1 }}>
          <Input value={(field.clears ?? []).join(',')} onChange={(_, d) => set({ clears: listOf(d.value) })} />
        </Field>
        <Field label={t('dyn.designer.clearsWhen')} validationMessage={err('clears_when')} style={{ flex: 1 }}>
          <Input value={field.clears_when ?? ''} onChange={(_, d) => set({ clears_when: d.value || undefined })} />
        </Field>
      </div>
      <Field label={t('dyn.designer.disableWhen')} validationMessage={err('disable_when')}>
        <Input value={field.disable_when ?? ''} onChange={(_, d) => set({ disable_when: d.value || undefined })} />
      </Field>
      <div className={s.row}>
        <Field label={t('dyn.designer.calc')} validationMessage={err('calc')} style={{ flex: 1 }}>
          <Input value={field.calc ?? ''} onChange={(_, d) => set({ calc: d.value || undefined })} data-testid="dyn-prop-calc" />
        </Field>
        <Field label={t('dyn.designer.decimals')} validationMessage={err('decimals')} style={{ width: 90 }}>
          <Input type="number" value={field.decimals === undefined ? '' : String(field.decimals)} onChange={(_, d) => set({ decimals: numberOrNone(d.value) })} />
        </Field>
      </div>
    </>
  );
}

/** The designer's middle panel: the selected field's properties (type, rules, options, conditions, calculation). */
export function FieldEditor({ d }: { d: FormDesigner }) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const sel = d.sel;
  const field = sel ? d.def.sections[sel.s]?.fields[sel.f] : undefined;
  const part: Part | null = field && sel
    ? { field, set: (patch) => d.setField(sel.s, sel.f, patch), err: (prop) => d.errors[`sections[${sel.s}].fields[${sel.f}].${prop}`] }
    : null;
  return (
    <div className={s.panel} data-testid="dyn-field-editor">
      <Subtitle2>{t('dyn.designer.field')}</Subtitle2>
      {!part ? (
        <Text>{t('dyn.designer.selectField')}</Text>
      ) : (
        <>
          <FieldBasics {...part} />
          <FieldRules {...part} />
          <FieldChoices {...part} />
          <FieldConditions {...part} />
        </>
      )}
    </div>
  );
}
