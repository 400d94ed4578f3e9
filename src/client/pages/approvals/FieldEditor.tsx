import { Checkbox, Field, Input, Select, Subtitle2, Text } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_FIELD_TYPES, DYNAMIC_TYPE_TABLE, type DynamicField, type DynamicFieldType } from '../../../model/dynamic-form';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { FieldChoices } from './FieldChoices';
import { fieldOfType, listOf, OFFERED_RULES, RULE_LABEL, useDesignerStyles, type FieldPart as Part } from './designer-model';
import type { FormDesigner } from './use-form-designer';

const numberOrNone = (v: string) => (v === '' ? undefined : Number(v));

function FieldBasics({ field, set, err }: Part) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const changeType = (type: DynamicFieldType) => set(fieldOfType(field, type, t('dyn.designer.optionLabel')));
  const unvalidated = Boolean(DYNAMIC_TYPE_TABLE[field.type].unvalidated);
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
        <Field validationMessage={err('required')}>
          <Checkbox label={t('dyn.designer.required')} checked={Boolean(field.required)} disabled={unvalidated && !field.required} onChange={(_, d) => set({ required: Boolean(d.checked) })} data-testid="dyn-prop-required" />
        </Field>
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
      {unvalidated && <Text size={200} className={s.hint}>{t('dyn.designer.locationHelp')}</Text>}
    </>
  );
}

function FieldRules({ field, set, err }: Part) {
  const { t, i18n } = useTranslation();
  const s = useDesignerStyles();
  const en = i18n.language === 'en';
  // A location is never validated (spec 5) and a structure is checked by its type: no rules to offer (unless some are set).
  const offered = !DYNAMIC_TYPE_TABLE[field.type].unvalidated && FIELD_TYPE_TABLE[DYNAMIC_TYPE_TABLE[field.type].fieldType].nature !== 'structure';
  if (!offered && !field.rules?.length && !err('rules')) return null;
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

function FieldConditions({ field, set, err }: Part) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  return (
    <>
      <div className={s.row}>
        <Field label={t('dyn.designer.default')} validationMessage={err('default')} style={{ flex: 1 }}>
          <Input value={field.default === undefined ? '' : String(field.default)} disabled={DYNAMIC_TYPE_TABLE[field.type].noDefault && field.default === undefined} onChange={(_, d) => set({ default: d.value === '' ? undefined : d.value })} />
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
