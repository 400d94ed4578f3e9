import { Button, Field, Input, Select } from '@fluentui/react-components';
import { AddRegular, DeleteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DYNAMIC_REF_ENTITIES, DYNAMIC_TREE_ENTITIES, DYNAMIC_TYPE_TABLE, type DynamicField } from '../../../model/dynamic-form';
import { FIELD_TYPE_TABLE } from '../../../model/field-types';
import { getEntity } from '../../../model/entity';
import { listOf, useDesignerStyles, type FieldPart } from './designer-model';

/** The options of a choice, a transfer (what may be chosen) or an autocomplete (its suggestions). */
function FieldOptions({ field, set, err }: FieldPart) {
  const { t } = useTranslation();
  const s = useDesignerStyles();
  const options = field.options ?? [];
  const suggest = DYNAMIC_TYPE_TABLE[field.type].options === 'suggest';
  const setOption = (oi: number, patch: { value?: string; label?: string }) => set({ options: options.map((x, i) => (i === oi ? { ...x, ...patch } : x)) });
  // A suggestion is only its text: its value is the text itself (kept unique by the same check).
  const setSuggestion = (oi: number, text: string) => setOption(oi, { value: text.trim(), label: text });
  return (
    <Field label={t(suggest ? 'dyn.designer.suggestions' : 'dyn.designer.options')} hint={suggest ? t('dyn.designer.suggestionsHelp') : undefined} validationMessage={err('options')}>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }} data-testid="dyn-options">
        {options.map((o, oi) => (
          <div key={oi} className={s.row}>
            {!suggest && <Input size="small" placeholder={t('dyn.designer.optionValue')} value={o.value} style={{ width: 100 }} data-testid={`dyn-option-value-${oi}`} onChange={(_, d) => setOption(oi, { value: d.value })} />}
            <Input size="small" placeholder={t(suggest ? 'dyn.designer.suggestion' : 'dyn.designer.optionLabel')} value={o.label} style={{ flex: 1 }} data-testid={`dyn-option-label-${oi}`} onChange={(_, d) => (suggest ? setSuggestion(oi, d.value) : setOption(oi, { label: d.value }))} />
            <Button size="small" appearance="subtle" icon={<DeleteRegular />} aria-label={t('dyn.designer.removeField')} onClick={() => set({ options: options.filter((_, i) => i !== oi) })} />
            {(err(`options[${oi}].value`) || err(`options[${oi}].label`)) && <span className={s.error} data-testid="dyn-option-error">{err(`options[${oi}].value`) ?? err(`options[${oi}].label`)}</span>}
          </div>
        ))}
        <Button size="small" icon={<AddRegular />} onClick={() => set({ options: [...options, { value: '', label: '' }] })} data-testid="dyn-add-option">{t('dyn.designer.addOption')}</Button>
      </div>
    </Field>
  );
}

/**
 * What the field's type asks of the designer besides its basics (DYNAMIC_TYPE_TABLE): options, the
 * entity a reference or tree picks from, the size columns of a colour x size matrix.
 */
export function FieldChoices(part: FieldPart) {
  const { field, set, err } = part;
  const { t, i18n } = useTranslation();
  const spec = DYNAMIC_TYPE_TABLE[field.type];
  return (
    <>
      {(spec.options !== 'none' || Boolean(field.options?.length)) && <FieldOptions {...part} />}
      {FIELD_TYPE_TABLE[spec.fieldType].reference && (
        <Field label={t('dyn.designer.refEntity')} validationMessage={err('ref_entity')}>
          <Select value={field.ref_entity ?? ''} onChange={(_, d) => set({ ref_entity: d.value as DynamicField['ref_entity'] })} data-testid="dyn-prop-ref">
            {(field.type === 'tree' ? DYNAMIC_TREE_ENTITIES : DYNAMIC_REF_ENTITIES).map((r) => (
              <option key={r} value={r}>{getEntity(r)?.label[i18n.language === 'en' ? 'en' : 'zh'] ?? r}</option>
            ))}
          </Select>
        </Field>
      )}
      {(spec.sizes || Boolean(field.sizes?.length)) && <FieldSizes {...part} />}
    </>
  );
}

/** A matrix's size columns, typed as a list (colours are the rows whoever fills the form adds). */
function FieldSizes({ field, set, err }: FieldPart) {
  const { t } = useTranslation();
  const text = (field.sizes ?? []).join(', ');
  return (
    <Field label={t('dyn.designer.sizes')} hint={t('dyn.designer.sizesHelp')} validationMessage={err('sizes')}>
      {/* Keyed by the stored list so a comma typed at the end is not lost while the list is the same. */}
      <Input defaultValue={text} key={text} data-testid="dyn-prop-sizes" onBlur={(e) => set({ sizes: listOf(e.target.value) ?? [] })} />
    </Field>
  );
}
